import { passwordResetSchema } from '@app/shared/accounts/password-reset';
import { Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { FormField } from '../../components/ui/form-field.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { checkInBrowser, loadOnFocus, readFormValues, refuseSubmission, refuseWithError } from '../../lib/form.ts';
import { findFormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { parseSubmission } from '../../lib/submission.ts';
import type { Route } from './+types/choose-password';

/**
 * POST /reset-password/do: as POST /api/password-reset-do.php; every session ends and this answer logs the member
 * in anew. A link that no longer works is the form's error (with a way to ask for a new one).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const submission = parseSubmission(passwordResetSchema, readFormValues(await request.formData()));
  if (!submission.ok) {
    const { token, ...errors } = submission.errors;
    return refuseSubmission(token ? { ...errors, form: token } : errors);
  }
  try {
    await context.get(webContext).services.accounts.resetPassword(submission.value.token, submission.value.password);
  } catch (error) {
    return refuseWithError(error);
  }
  throw redirect('/members');
}

/** The schema, loaded when the form is first focused or sent: zod is no part of the page's first load. */
const loadSchema = () => import('@app/shared/accounts/password-reset').then((module) => module.passwordResetSchema);

export const clientAction = checkInBrowser(loadSchema);

export const handle = defineRouteHandle({ messages: ['reset_password'] });

/** /reset-password/do: the link from the mail; choose the new password twice. */
export default function ChoosePassword({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { settings } = useRootData();
  const [params] = useSearchParams();
  const found = findFormErrors(actionData);
  const errors = useFormErrorTexts(found?.token ? { ...found, form: found.token } : found);
  const busy = useNavigation().state === 'submitting';

  return (
    <main className="container narrow-page">
      <PageTitle title={`${t('reset_password.new_title')} · ${settings.name}`} />
      <div className="card">
        <div className="card-body">
          <h1 className="h3">{t('reset_password.new_title')}</h1>
          <p className="text-body-secondary">{t('reset_password.new_intro')}</p>
          <Form method="post" noValidate onFocus={loadOnFocus(loadSchema)}>
            {errors.form ? (
              <div className="alert alert-danger" role="alert" data-testid="reset-error">
                {errors.form} <Link to="/reset-password">{t('reset_password.title')}</Link>
              </div>
            ) : null}
            <input type="hidden" name="token" value={params.get('token') ?? ''} />
            <FormField id="reset-password" label={t('reset_password.password')} error={errors.password}>
              {(control) => <input {...control} name="password" type="password" autoComplete="new-password" required />}
            </FormField>
            <FormField
              id="reset-password-repeat"
              label={t('reset_password.password_repeat')}
              error={errors.password_repeat}
            >
              {(control) => (
                <input {...control} name="password_repeat" type="password" autoComplete="new-password" required />
              )}
            </FormField>
            <button type="submit" className="btn btn-primary w-100" disabled={busy}>
              {t('reset_password.save')}
            </button>
          </Form>
        </div>
      </div>
    </main>
  );
}
