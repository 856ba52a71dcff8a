import { Outlet } from 'react-router';
import { EntryWarning } from '../../features/shell/entry-warning.tsx';

/** Only the page (and the entry warning for NL and DE visitors). */
export default function EmptyLayout() {
  return (
    <div className="layout layout-empty">
      <Outlet />
      <EntryWarning layout="empty" />
    </div>
  );
}
