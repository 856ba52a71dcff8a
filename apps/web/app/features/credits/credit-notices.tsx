import { lazy, Suspense } from 'react';
import { useSessionUser } from '../accounts/session-refresh.tsx';

// A chunk of its own, loaded only for a member who may see a notice: the pages' first load stays within budget.
// The server renders it in place, so the banner and the alert are there before and without script.
const CreditNotice = lazy(() => import('./credit-notice.tsx'));

/** The time bonus's banner and modal for a member who never bought; the credit alert for one whose credits ran out. */
export function CreditNotices() {
  const user = useSessionUser();
  if (!user || (user.paid_user && user.credits > 0)) return null;
  return (
    <Suspense fallback={null}>
      <CreditNotice user={user} />
    </Suspense>
  );
}
