import { Outlet } from 'react-router';
import { LikesProvider } from '../../features/likes/likes-state.tsx';
import { GuardedErrorPage } from '../../features/shell/error-page.tsx';
import { defineRouteHandle } from '../../lib/route-handle.ts';

export const handle = defineRouteHandle({ messages: ['common', 'likes_shell'] });

/**
 * The chat layout (spec: "Chat: minimal"): the conversation alone, its own header (back to the list) on top and the
 * composer at the bottom; on a phone it fills the screen, from 768 px it is a column in the middle. No navigation,
 * tab bar or footer. The likes keep the title's count. The entry warning, shown only to visitors, has no place here:
 * every chat page is a member's.
 */
export default function ChatLayout() {
  return (
    <LikesProvider>
      <div className="layout layout-chat">
        <div className="layout-main chat-main">
          <Outlet />
        </div>
      </div>
    </LikesProvider>
  );
}

/** A chat page's error (no such conversation): the error page, with its way home. */
export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <div className="layout layout-chat">
      <div className="layout-main">
        <GuardedErrorPage error={error} />
      </div>
    </div>
  );
}
