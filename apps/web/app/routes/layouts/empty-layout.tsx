import { Outlet } from 'react-router';
import { SignupModal } from '../../features/accounts/signup-modal.tsx';
import { EntryWarning } from '../../features/shell/entry-warning.tsx';

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
