import { loginInputSchema } from '@app/shared/accounts/login';
import { Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { FormField } from '../../components/ui/form-field.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { safeRedirectPath } from '../../lib/cookies.ts';
import { checkInBrowser, loadOnFocus, readFormValues, refuseSubmission, refuseWithError } from '../../lib/form.ts';
import { findFormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { parseSubmission } from '../../lib/submission.ts';
import type { Route } from './+types/login';

/** Where a member goes after logging in when the login was not for a particular page. */
const afterLoginPath = '/members';

function readLogin(form: FormData) {
  return readFormValues(form, { omit: ['redirect'] });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = context.get(webContext);
  // A member who is logged in already goes on to where the login was for.
  if (c.user) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get('redirect') ?? afterLoginPath));
  return { siteName: c.settings.name };
}

/** POST /login: the same rules as POST /api/user.php; on success the answer sets the session cookie. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const submission = parseSubmission(loginInputSchema, readLogin(form));
  if (!submission.ok) return refuseSubmission(submission.errors);
  try {
    await context.get(webContext).services.accounts.logIn(submission.value);
  } catch (error) {
    return refuseWithError(error);
  }
  throw redirect(safeRedirectPath(form.get('redirect') ?? afterLoginPath));
}

/** The schema, loaded when the form is first focused or sent: zod is no part of the page's first load. */
const loadSchema = () => import('@app/shared/accounts/login').then((module) => module.loginInputSchema);

export const clientAction = checkInBrowser(loadSchema, readLogin);

export const handle = defineRouteHandle({ messages: ['login', 'reset_password'] });

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const errors = useFormErrorTexts(findFormErrors(actionData));
  const busy = useNavigation().state === 'submitting';

  return (
    <main className="container narrow-page login-page">
      <PageTitle title={`${t('login.title')} · ${loaderData.siteName}`} />
      <div className="card">
        <div className="card-body">
          <h1 className="h3">{t('login.title')}</h1>
          <p className="text-body-secondary">{t('login.intro')}</p>
          <Form method="post" noValidate onFocus={loadOnFocus(loadSchema)}>
            {errors.form || errors.password ? (
              <div className="alert alert-danger" role="alert" data-testid="login-error">
                {errors.form ?? errors.password}
              </div>
            ) : null}
            <input type="hidden" name="redirect" value={params.get('redirect') ?? afterLoginPath} />
            <FormField id="login-email" label={t('login.email')} error={errors.email}>
              {(control) => <input {...control} name="email" type="email" autoComplete="email" required />}
            </FormField>
            <FormField id="login-password" label={t('login.password')}>
              {(control) => (
                <input {...control} name="password" type="password" autoComplete="current-password" required />
              )}
            </FormField>
            <button type="submit" className="btn btn-primary w-100" disabled={busy}>
              {busy ? t('login.busy') : t('login.submit')}
            </button>
          </Form>
          <p className="text-center mt-3 mb-0">
            <Link className="link-target" to="/reset-password">
              {t('reset_password.forgot')}
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
