import { lazy, Suspense } from 'react';
import { useMatches } from 'react-router';
import { useSessionUser } from '../accounts/session-refresh.tsx';
import { usePushState } from './push-state.ts';

// Loaded only when this browser could get pushes and has none: every page carries the layout.
const PushAlertContent = lazy(() => import('./push-alert-content.tsx'));

/** Pages with push controls of their own: the signup's push step, the settings. */
const pagesWithPushControls = new Set(['complete-signup', 'settings']);

/** A logged-in member whose browser could get pushes but does not: an invitation to switch them on. */
export function PushAlert() {
  const user = useSessionUser();
  const state = usePushState();
  const matches = useMatches();
  const page = matches[matches.length - 1]?.id ?? '';
  if (!user || state !== 'capable' || pagesWithPushControls.has(page)) return null;
  return (
    <Suspense fallback={null}>
      <PushAlertContent />
    </Suspense>
  );
}
