import { passwordResetRequestSchema } from '@app/shared/accounts/password-reset';
import { Form, useNavigation } from 'react-router';
import { FormField } from '../../components/ui/form-field.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import {
  answerSuccess,
  checkInBrowser,
  loadOnFocus,
  readFormValues,
  refuseSubmission,
  refuseWithError,
} from '../../lib/form.ts';
import { findFormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { parseSubmission } from '../../lib/submission.ts';
import type { Route } from './+types/request-reset';

/** After a plain post the redirect says the link went out (`?sent=1`). */
export async function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.has('sent') };
}

/**
 * POST /reset-password: as POST /api/password-reset.php, mails a link to choose a new password; a plain post then
 * goes on to `/reset-password?sent=1`, so that a reload mails nothing again.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const submission = parseSubmission(passwordResetRequestSchema, readFormValues(await request.formData()));
  if (!submission.ok) return refuseSubmission(submission.errors);
  try {
    await context.get(webContext).services.accounts.requestPasswordReset(submission.value.email);
  } catch (error) {
    return refuseWithError(error);
  }
  return answerSuccess(request, { sent: true as const }, '/reset-password?sent=1');
}

/** The schema, loaded when the form is first focused or sent: zod is no part of the page's first load. */
const loadSchema = () =>
  import('@app/shared/accounts/password-reset').then((module) => module.passwordResetRequestSchema);

export const clientAction = checkInBrowser(loadSchema);

export const handle = defineRouteHandle({ messages: ['reset_password'] });

/** /reset-password: ask for a link to set a new password. */
export default function RequestReset({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { settings } = useRootData();
  const errors = useFormErrorTexts(findFormErrors(actionData));
  const busy = useNavigation().state === 'submitting';
  const sent = loaderData.sent || (actionData !== undefined && !findFormErrors(actionData));

  return (
    <main className="container narrow-page">
      <PageTitle title={`${t('reset_password.title')} · ${settings.name}`} />
      <div className="card">
        <div className="card-body">
          <h1 className="h3">{t('reset_password.title')}</h1>
          {sent ? (
            <div className="alert alert-success mb-0" role="status" data-testid="reset-sent">
              {t('reset_password.sent')}
            </div>
          ) : (
            <Form method="post" noValidate onFocus={loadOnFocus(loadSchema)}>
              <p className="text-body-secondary">{t('reset_password.intro')}</p>
              <FormField id="reset-email" label={t('reset_password.email')} error={errors.email ?? errors.form}>
                {(control) => <input {...control} name="email" type="email" autoComplete="email" required />}
              </FormField>
              <button type="submit" className="btn btn-primary w-100" disabled={busy}>
                {t('reset_password.submit')}
              </button>
            </Form>
          )}
        </div>
      </div>
    </main>
  );
}
