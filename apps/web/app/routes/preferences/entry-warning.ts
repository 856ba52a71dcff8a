import { entryWarningCookieMaxAge, entryWarningCookieName } from '@app/shared/sites/entry-warning';
import { redirect } from 'react-router';
import { preferenceCookie, safeRedirectPath } from '../../lib/cookies.ts';
import type { Route } from './+types/entry-warning';

/** POST /entry-warning: the no-JavaScript way to close the adult-content warning. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  return redirect(safeRedirectPath(form.get('redirectTo')), {
    headers: {
      'set-cookie': preferenceCookie(request, entryWarningCookieName, String(Date.now()), entryWarningCookieMaxAge),
    },
  });
}
