import { Link, Outlet } from 'react-router';
import { EntryWarning } from '../../features/shell/entry-warning.tsx';
import { Footer } from '../../features/shell/footer.tsx';
import { useRootData } from '../../lib/root-data.ts';

/** Marketing landers: a logo-only bar, the page, the footer with disclaimer, the entry warning for NL and DE. */
export default function LanderLayout() {
  const { settings } = useRootData();
  return (
    <div className="layout layout-lander">
      <nav className="navbar top-nav">
        <div className="container">
          <Link className="navbar-brand site-logo" to="/">
            <img src="/icon.svg" alt="" width={28} height={28} />
            <span>{settings.name}</span>
          </Link>
        </div>
      </nav>
      <div className="layout-main">
        <Outlet />
      </div>
      <Footer compact />
      <EntryWarning layout="lander" />
    </div>
  );
}
