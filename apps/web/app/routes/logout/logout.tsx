import { sessionCookieName } from '@app/shared/accounts/login';
import { Form, Link, redirect } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { expiredSessionCookie } from '../../lib/cookies.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/logout';

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.get(webContext).user) throw redirect('/');
  return null;
}

/** POST /logout: the form below. A cross-site post is refused by the server before it gets here. */
export async function action({ context, request }: Route.ActionArgs) {
  await context.get(webContext).services.accounts.logOut();
  return redirect('/', { headers: { 'set-cookie': expiredSessionCookie(request, sessionCookieName) } });
}

export const handle = defineRouteHandle({ messages: ['logout'] });

/**
 * Where a plain navigation to GET /api/logout.php lands (a link without JavaScript, or one on another site): it asks,
 * so that nobody is logged out by a link they did not mean to follow.
 */
export default function Logout() {
  const { t } = useI18n();
  const { settings } = useRootData();
  return (
    <main className="container narrow-page text-center">
      <PageTitle title={`${t('nav.logout')} · ${settings.name}`} />
      <h1 className="h3">{t('logout.question')}</h1>
      {/* A whole-page post: the next page starts with no trace of the session in memory. */}
      <Form method="post" reloadDocument className="d-flex gap-2 justify-content-center mt-3">
        <button type="submit" className="btn btn-primary" data-testid="logout-confirm">
          {t('nav.logout')}
        </button>
        <Link className="btn btn-light" to="/members">
          {t('logout.stay')}
        </Link>
      </Form>
    </main>
  );
}
