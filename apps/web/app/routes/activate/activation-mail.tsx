import { Link, redirect } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ResendActivationForm } from '../../features/accounts/activation-reminder.tsx';
import { safeRedirectPath } from '../../lib/cookies.ts';
import { findFormErrors, refuseWithError, useFormErrorTexts } from '../../lib/form.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { requireMember } from '../../lib/route-guard.ts';
import type { Route } from './+types/activation-mail';

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = requireMember(context, request);
  if (c.user.status === 'active') throw redirect('/complete-signup');
  return { siteName: c.settings.name, email: c.user.email };
}

/** POST /activation-mail: the reminder's button, as POST /api/activation-mail.php. */
export async function action({ context, request }: Route.ActionArgs) {
  const c = requireMember(context, request);
  const back = safeRedirectPath((await request.formData()).get('redirect'));
  try {
    await c.services.accounts.resendActivation();
  } catch (error) {
    return refuseWithError(error, { back });
  }
  return { sent: true as const, back };
}

/** /activation-mail: where the resend button lands without JavaScript; it says what happened and leads back. */
export default function ActivationMail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const errors = useFormErrorTexts(findFormErrors(actionData));
  return (
    <main className="container narrow-page text-center">
      <PageTitle title={`${t('activation.resend')} · ${loaderData.siteName}`} />
      <h1 className="h3">{t('activation.reminder_title')}</h1>
      {actionData && 'sent' in actionData ? (
        <p className="text-success" role="status" data-testid="activation-resent">
          {t('activation.resent')}
        </p>
      ) : errors.form ? (
        <p className="text-danger" role="alert">
          {errors.form}
        </p>
      ) : (
        <p>{t('activation.reminder', { email: loaderData.email })}</p>
      )}
      {actionData ? (
        <Link className="btn btn-primary" to={actionData.back}>
          {t('activation.back')}
        </Link>
      ) : (
        <ResendActivationForm />
      )}
    </main>
  );
}
