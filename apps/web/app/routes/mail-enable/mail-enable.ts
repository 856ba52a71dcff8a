import { AppError } from '@app/shared/errors/app-error';
import { redirect } from 'react-router';
import { webContext } from '../../context.ts';
import { safeRedirectPath, withSearchParam } from '../../lib/cookies.ts';
import type { Route } from './+types/mail-enable';

/**
 * POST /mail-enable: the disabled-notifications alert's button, as POST /api/mail-enable.php: the reasons go and a
 * mail checks the address. Back to `redirect` (a path on this site) with `?mail_enabled=1`, which the alert reads to
 * say so; the member's session view is refreshed by the service, so the page that loads shows the new state.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const c = context.get(webContext);
  const back = safeRedirectPath((await request.formData()).get('redirect') ?? '/');
  if (!c.user) throw redirect(`/login?redirect=${encodeURIComponent(back)}`);
  try {
    await c.services.notificationMails.enableMail();
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    throw redirect(`/login?redirect=${encodeURIComponent(back)}`);
  }
  throw redirect(withSearchParam(back, 'mail_enabled', '1'));
}
