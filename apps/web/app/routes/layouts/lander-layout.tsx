import { Outlet } from 'react-router';
import { EntryWarning } from '../../features/shell/entry-warning.tsx';
import { Footer } from '../../features/shell/footer.tsx';
import { SiteLogo } from '../../features/shell/site-logo.tsx';
import { defineRouteHandle } from '../../lib/route-handle.ts';

export const handle = defineRouteHandle({ messages: ['common', 'entry_warning', 'footer'] });

/** Marketing landers: a logo-only bar, the page, the footer with disclaimer, the entry warning for NL and DE. */
export default function LanderLayout() {
  return (
    <div className="layout layout-lander">
      <nav className="navbar top-nav">
        <div className="container">
          <SiteLogo className="navbar-brand" to="/" />
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
