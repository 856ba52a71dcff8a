import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { usePathAvailable, useRootData } from '../../lib/root-data.ts';

/** /mail-change/do: the link from the confirmation mail to the new address. */
export default function ConfirmMailChange() {
  const { t } = useI18n();
  const { settings, user } = useRootData();
  const [params] = useSearchParams();
  const profileAvailable = usePathAvailable('/profile');
  const [state, setState] = useState<{ done: boolean; error: string | null }>({ done: false, error: null });
  const token = params.get('token') ?? '';

  useEffect(() => {
    apiRequest('POST', '/api/mail-change-do.php', { token })
      .then(() => setState({ done: true, error: null }))
      .catch((error) =>
        setState({ done: false, error: error instanceof ApiRequestError ? error.message : t('errors.internal_error') }),
      );
  }, [token, t]);

  return (
    <main className="container narrow-page text-center">
      <PageTitle title={`${t('mail_change.done_title')} · ${settings.name}`} />
      {state.done ? (
        <>
          <h1 className="h3">{t('mail_change.done_title')}</h1>
          <p>{t('mail_change.done_body')}</p>
          <p>{t('mail_change.done_other_devices')}</p>
        </>
      ) : state.error ? (
        <div className="alert alert-danger" role="alert" data-testid="mail-change-error">
          {state.error}
        </div>
      ) : (
        <p role="status">{t('mail_change.busy')}</p>
      )}
      {user && profileAvailable ? (
        <Link className="btn btn-primary" to="/profile#settings">
          {t('mail_change.to_settings')}
        </Link>
      ) : null}
    </main>
  );
}
