import { Outlet } from 'react-router';
import { LikesProvider } from '../../features/likes/likes-state.tsx';
import { EntryWarning } from '../../features/shell/entry-warning.tsx';
import { GuardedErrorPage } from '../../features/shell/error-page.tsx';
import { TopNav } from '../../features/shell/top-nav.tsx';
import { defineRouteHandle } from '../../lib/route-handle.ts';

export const handle = defineRouteHandle({
  messages: ['common', 'entry_warning', 'likes_shell', 'nav'],
});

/**
 * The chat layout (spec: "Chat: minimal"): on a phone the conversation fills the screen, its own header on top and
 * the composer at the bottom, without the top navigation, tab bar or footer; from 768 px the top navigation stays
 * and the conversation is a column in the middle. The entry warning only for NL and DE (and never for a member).
 */
export default function ChatLayout() {
  return (
    <LikesProvider>
      <div className="layout layout-chat">
        <div className="d-none d-md-block">
          <TopNav />
        </div>
        <div className="layout-main chat-main">
          <Outlet />
        </div>
        <EntryWarning layout="chat" />
      </div>
    </LikesProvider>
  );
}

/** A chat page's error (no such conversation) with the top navigation, to find the way on. */
export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <LikesProvider>
      <div className="layout layout-default">
        <TopNav />
        <div className="layout-main">
          <GuardedErrorPage error={error} />
        </div>
      </div>
    </LikesProvider>
  );
}
