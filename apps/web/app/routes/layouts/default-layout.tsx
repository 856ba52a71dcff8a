import { Outlet } from 'react-router';
import { EntryWarning } from '../../features/shell/entry-warning.tsx';
import { Footer } from '../../features/shell/footer.tsx';
import { TitleCounter } from '../../features/shell/title-counter.tsx';
import { TopNav } from '../../features/shell/top-nav.tsx';

/** Top navigation, page, footer with disclaimer, and the entry warning. */
export default function DefaultLayout() {
  // Unread messages and new likes arrive with the chat and likes parts; until then both are 0.
  const counts = { unreadMessages: 0, newLikes: 0 };
  return (
    <div className="layout layout-default">
      <TopNav counts={counts} />
      <TitleCounter {...counts} />
      <div className="layout-main">
        <Outlet />
      </div>
      <Footer />
      <EntryWarning layout="default" />
    </div>
  );
}
