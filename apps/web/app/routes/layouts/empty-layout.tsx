import { Outlet } from 'react-router';
import { SignupModal } from '../../features/accounts/signup-modal.tsx';
import { EntryWarning } from '../../features/shell/entry-warning.tsx';
import { defineRouteHandle } from '../../lib/route-handle.ts';

export const handle = defineRouteHandle({ messages: ['common', 'entry_warning', 'errors', 'footer', 'signup'] });

/** Only the page (and the entry warning for NL and DE visitors). */
export default function EmptyLayout() {
  return (
    <div className="layout layout-empty">
      <Outlet />
      <EntryWarning layout="empty" />
      <SignupModal />
    </div>
  );
}
