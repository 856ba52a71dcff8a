import { Outlet } from 'react-router';
import { EntryWarning } from '../../features/shell/entry-warning.tsx';

/** The full-height chat screen: nothing around the page but the entry warning for NL and DE. */
export default function ChatLayout() {
  return (
    <div className="layout layout-chat">
      <Outlet />
      <EntryWarning layout="chat" />
    </div>
  );
}
