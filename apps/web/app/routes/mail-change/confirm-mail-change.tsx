import { mailChangeConfirmSchema } from '@app/shared/accounts/account-settings';
import { Form, Link, useNavigation, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { checkInBrowser, readFormValues, refuseSubmission, refuseWithError } from '../../lib/form.ts';
import { findFormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { parseSubmission } from '../../lib/submission.ts';
import type { Route } from './+types/confirm-mail-change';

/** POST /mail-change/do: the confirm button, as POST /api/mail-change-do.php. */
export async function action({ context, request }: Route.ActionArgs) {
  const submission = parseSubmission(mailChangeConfirmSchema, readFormValues(await request.formData()));
  // A link without a token is a link that does not work.
  if (!submission.ok) return refuseSubmission({ form: { code: 'mail_change_link_invalid' } });
  try {
    await context.get(webContext).services.accounts.confirmEmailChange(submission.value.token);
  } catch (error) {
    return refuseWithError(error);
  }
  return { done: true as const };
}

export const clientAction = checkInBrowser(() =>
  import('@app/shared/accounts/account-settings').then((module) => module.mailChangeConfirmSchema),
);

export const handle = defineRouteHandle({ messages: ['mail_change'] });

/**
 * /mail-change/do: the link from the confirmation mail to the new address. Nothing changes before the button is
 * pressed, so that a mail scanner opening the link does not confirm the change.
 */
export default function ConfirmMailChange({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { settings, user } = useRootData();
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  const errors = useFormErrorTexts(findFormErrors(actionData));
  const done = actionData !== undefined && !findFormErrors(actionData);
  const errorText = errors.form ?? errors.token;

  return (
    <main className="container narrow-page text-center">
      <PageTitle title={`${done ? t('mail_change.done_title') : t('mail_change.confirm_title')} · ${settings.name}`} />
      {done ? (
        <>
          <h1 className="h3">{t('mail_change.done_title')}</h1>
          <p>{t('mail_change.done_body')}</p>
          <p>{t('mail_change.done_other_devices')}</p>
        </>
      ) : (
        <>
          <h1 className="h3">{t('mail_change.confirm_title')}</h1>
          <p>{t('mail_change.confirm_intro')}</p>
          {errorText ? (
            <div className="alert alert-danger" role="alert" data-testid="mail-change-error">
              {errorText}
            </div>
          ) : null}
          <Form method="post" className="mb-3">
            <input type="hidden" name="token" value={params.get('token') ?? ''} />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t('mail_change.busy') : t('mail_change.confirm_button')}
            </button>
          </Form>
        </>
      )}
      {user ? (
        <Link className="btn btn-outline-primary" to="/settings#email">
          {t('mail_change.to_settings')}
        </Link>
      ) : null}
    </main>
  );
}
