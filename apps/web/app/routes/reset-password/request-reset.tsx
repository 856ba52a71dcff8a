import { passwordResetRequestSchema } from '@app/shared/accounts/password-reset';
import { type FormEvent, useState } from 'react';
import { FormField } from '../../components/ui/form-field.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';

/** /reset-password: ask for a link to set a new password. */
export default function RequestReset() {
  const { t } = useI18n();
  const { settings } = useRootData();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = passwordResetRequestSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      setError(t(`errors.${parsed.error.issues[0]!.message}`, { field: 'email' }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await apiRequest('POST', '/api/password-reset.php', parsed.data);
      setSent(true);
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : t('errors.internal_error'));
    } finally {
      setBusy(false);
    }
  }

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
            <form method="post" noValidate onSubmit={onSubmit}>
              <p className="text-body-secondary">{t('reset_password.intro')}</p>
              <FormField id="reset-email" label={t('reset_password.email')} error={error ?? undefined}>
                {(control) => <input {...control} name="email" type="email" autoComplete="email" required />}
              </FormField>
              <button type="submit" className="btn btn-primary w-100" disabled={busy}>
                {t('reset_password.submit')}
              </button>
            </form>
          )}
        </div>
      </div>
    </main>
  );
}
