import { Link, useMatches } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';

/** Where the activation link lands: /activate/done or /activate/error (spec texts). */
export default function ActivateResult() {
  const { t } = useI18n();
  const { settings } = useRootData();
  const matches = useMatches();
  const done = matches.some((match) => match.id === 'activate-done');
  const title = done ? t('activation.done_title') : t('activation.error_title');
  return (
    <main className="container narrow-page text-center activate-result">
      <PageTitle title={`${title} · ${settings.name}`} />
      <p className={`activate-icon ${done ? 'text-success' : 'text-danger'}`}>
        <Icon name={done ? 'check-circle' : 'exclamation-triangle'} />
      </p>
      <h1 className="h3">{title}</h1>
      <p>{done ? t('activation.done_body') : t('activation.error_body', { 0: settings.support_email })}</p>
      <Link className="btn btn-primary" to="/">
        {t('activation.to_home')}
      </Link>
    </main>
  );
}
