import { Link, redirect } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ResendActivationForm } from '../../features/accounts/activation-reminder.tsx';
import { safeRedirectPath } from '../../lib/cookies.ts';
import { answerSuccess, refuseWithError } from '../../lib/form.ts';
import { findFormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { requireMember } from '../../lib/route-guard.ts';
import type { Route } from './+types/activation-mail';

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = requireMember(context, request);
  if (c.user.status === 'active') throw redirect('/complete-signup');
  // After a plain post the redirect says the mail went out and where the member came from (`?sent=1&back=`).
  const params = new URL(request.url).searchParams;
  const sent = params.has('sent') ? { sent: true as const, back: safeRedirectPath(params.get('back')) } : null;
  return { siteName: c.settings.name, email: c.user.email, sent };
}

/**
 * POST /activation-mail: the reminder's button, as POST /api/activation-mail.php. A plain post goes on to
 * `/activation-mail?sent=1`, so that a reload mails nothing again; the running page's fetcher gets the answer.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const c = requireMember(context, request);
  const back = safeRedirectPath((await request.formData()).get('redirect'));
  try {
    await c.services.accounts.resendActivation();
  } catch (error) {
    return refuseWithError(error, { back });
  }
  const address = `/activation-mail?${new URLSearchParams({ sent: '1', back })}`;
  return answerSuccess(request, { sent: true as const, back }, address);
}

/** /activation-mail: where the resend button lands without JavaScript; it says what happened and leads back. */
export default function ActivationMail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const errors = useFormErrorTexts(findFormErrors(actionData));
  const answer = actionData ?? loaderData.sent ?? undefined;
  return (
    <main className="container narrow-page text-center">
      <PageTitle title={`${t('activation.resend')} · ${loaderData.siteName}`} />
      <h1 className="h3">{t('activation.reminder_title')}</h1>
      {answer && 'sent' in answer ? (
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
      {answer ? (
        <Link className="btn btn-primary" to={answer.back}>
          {t('activation.back')}
        </Link>
      ) : (
        <ResendActivationForm />
      )}
    </main>
  );
}
