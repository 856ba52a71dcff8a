import { passwordResetSchema } from '@app/shared/accounts/password-reset';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormField } from '../../components/ui/form-field.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';

type Field = 'password' | 'password_repeat' | 'form';

/** /reset-password/do: the link from the mail; choose the new password twice. */
export default function ChoosePassword() {
  const { t } = useI18n();
  const { settings } = useRootData();
  const [params] = useSearchParams();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { ...Object.fromEntries(new FormData(event.currentTarget)), token: params.get('token') ?? '' };
    const parsed = passwordResetSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = (['password', 'password_repeat'].includes(String(issue.path[0])) ? issue.path[0] : 'form') as Field;
      setErrors({ [field]: t(`errors.${issue.message}`, { field: String(issue.path[0] ?? '') }) });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await apiRequest('POST', '/api/password-reset-do.php', parsed.data);
      window.location.assign('/');
    } catch (failure) {
      // A refused password (too common) belongs at its field; the form alert offers a new link.
      if (failure instanceof ApiRequestError && failure.field === 'password') setErrors({ password: failure.message });
      else setErrors({ form: failure instanceof ApiRequestError ? failure.message : t('errors.internal_error') });
      setBusy(false);
    }
  }

  return (
    <main className="container narrow-page">
      <PageTitle title={`${t('reset_password.new_title')} · ${settings.name}`} />
      <div className="card">
        <div className="card-body">
          <h1 className="h3">{t('reset_password.new_title')}</h1>
          <p className="text-body-secondary">{t('reset_password.new_intro')}</p>
          <form method="post" noValidate onSubmit={onSubmit}>
            {errors.form ? (
              <div className="alert alert-danger" role="alert" data-testid="reset-error">
                {errors.form} <Link to="/reset-password">{t('reset_password.title')}</Link>
              </div>
            ) : null}
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
          </form>
        </div>
      </div>
    </main>
  );
}
