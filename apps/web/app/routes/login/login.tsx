import { loginInputSchema } from '@app/shared/accounts/login';
import { type FormEvent, useState } from 'react';
import { Link, redirect, useSearchParams } from 'react-router';
import { FormField } from '../../components/ui/form-field.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { safeRedirectPath } from '../../lib/cookies.ts';
import { useI18n } from '../../lib/i18n.tsx';
import type { Route } from './+types/login';

export async function loader({ context, request }: Route.LoaderArgs) {
  const c = context.get(webContext);
  // A member who is logged in already goes on to where the login was for.
  if (c.user) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get('redirect')));
  return { siteName: c.settings.name };
}

type Errors = Partial<Record<'email' | 'password' | 'form', string>>;

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginInputSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path[0] === 'email' ? 'email' : 'form';
      setErrors({ [field]: t(`errors.${issue.message}`, { field: String(issue.path[0] ?? '') }) });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await apiRequest('POST', '/api/user.php', parsed.data);
      // A full load: every part of the page starts anew as the member.
      window.location.assign(safeRedirectPath(params.get('redirect')));
    } catch (error) {
      setErrors({ form: error instanceof ApiRequestError ? error.message : t('errors.internal_error') });
      setBusy(false);
    }
  }

  return (
    <main className="container narrow-page login-page">
      <PageTitle title={`${t('login.title')} · ${loaderData.siteName}`} />
      <div className="card">
        <div className="card-body">
          <h1 className="h3">{t('login.title')}</h1>
          <p className="text-body-secondary">{t('login.intro')}</p>
          <form method="post" noValidate onSubmit={onSubmit}>
            {errors.form ? (
              <div className="alert alert-danger" role="alert" data-testid="login-error">
                {errors.form}
              </div>
            ) : null}
            <FormField id="login-email" label={t('login.email')} error={errors.email}>
              {(control) => <input {...control} name="email" type="email" autoComplete="email" required />}
            </FormField>
            <FormField id="login-password" label={t('login.password')} error={errors.password}>
              {(control) => (
                <input {...control} name="password" type="password" autoComplete="current-password" required />
              )}
            </FormField>
            <button type="submit" className="btn btn-primary w-100" disabled={busy}>
              {busy ? t('login.busy') : t('login.submit')}
            </button>
          </form>
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
