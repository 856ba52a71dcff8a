import { lazy, type ReactNode, Suspense } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { ActivationReminder } from '../../features/accounts/activation-reminder.tsx';
import { CreditNotices } from '../../features/credits/credit-notices.tsx';
import { LikesProvider } from '../../features/likes/likes-state.tsx';
import { MailAlert } from '../../features/notifications/mail-alert.tsx';
import { ProfilePhotoAlert } from '../../features/profiles/photo-alert.tsx';
import { PushAlert } from '../../features/push/push-alert.tsx';
import { EntryWarning } from '../../features/shell/entry-warning.tsx';
import { GuardedErrorPage } from '../../features/shell/error-page.tsx';
import { Footer } from '../../features/shell/footer.tsx';
import { TabBar } from '../../features/shell/tab-bar.tsx';
import { TopNav } from '../../features/shell/top-nav.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';

// Only a visitor with `?signup=modal` sees the signup modal: its chunk loads then, not on every member's page. The
// server renders it in place, so the modal works without script as before.
const SignupModal = lazy(() =>
  import('../../features/accounts/signup-modal.tsx').then((module) => ({ default: module.SignupModal })),
);

function SignupModalSlot() {
  const { user } = useRootData();
  const [params] = useSearchParams();
  if (user || params.get('signup') !== 'modal') return null;
  return (
    <Suspense fallback={null}>
      <SignupModal />
    </Suspense>
  );
}

function DefaultFrame(props: { children: ReactNode }) {
  return (
    <LikesProvider>
      <div className="layout layout-default">
        <TopNav />
        <CreditNotices />
        <ActivationReminder />
        <ProfilePhotoAlert />
        <MailAlert />
        <PushAlert />
        <div className="layout-main">{props.children}</div>
        <Footer />
        <TabBar />
        <EntryWarning layout="default" />
        <SignupModalSlot />
      </div>
    </LikesProvider>
  );
}

export const handle = defineRouteHandle({
  messages: [
    'activation',
    'common',
    'credit_alert',
    'entry_warning',
    'errors',
    'footer',
    'likes_shell',
    'mail_alert',
    'nav',
    'photo_alert',
    'push_alert',
    'signup',
    'time_bonus',
  ],
});

/**
 * Top navigation (a tab bar on phones), the time bonus and credit alert, page, footer with disclaimer, the entry
 * warning, and the likes' modals.
 */
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
