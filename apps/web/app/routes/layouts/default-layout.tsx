import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ActivationReminder } from '../../features/accounts/activation-reminder.tsx';
import { SignupModal } from '../../features/accounts/signup-modal.tsx';
import { ProfilePhotoAlert } from '../../features/profiles/photo-alert.tsx';
import { EntryWarning } from '../../features/shell/entry-warning.tsx';
import { GuardedErrorPage } from '../../features/shell/error-page.tsx';
import { Footer } from '../../features/shell/footer.tsx';
import { TopNav } from '../../features/shell/top-nav.tsx';
import { defineRouteHandle } from '../../lib/route-handle.ts';

function DefaultFrame(props: { children: ReactNode }) {
  return (
    <div className="layout layout-default">
      <TopNav />
      <ActivationReminder />
      <ProfilePhotoAlert />
      <div className="layout-main">{props.children}</div>
      <Footer />
      <EntryWarning layout="default" />
      <SignupModal />
    </div>
  );
}

export const handle = defineRouteHandle({
  messages: ['activation', 'common', 'entry_warning', 'errors', 'footer', 'nav', 'photo_alert', 'signup'],
});

/** Top navigation, page, footer with disclaimer, and the entry warning. */
export default function DefaultLayout() {
  return (
    <DefaultFrame>
      <Outlet />
    </DefaultFrame>
  );
}

/** Errors of pages in this layout keep the navigation and footer around them. */
export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <DefaultFrame>
      <GuardedErrorPage error={error} />
    </DefaultFrame>
  );
}
