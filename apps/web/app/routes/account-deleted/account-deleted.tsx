import { Link } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';

export const handle = defineRouteHandle({ messages: ['account_deleted'] });

export default function AccountDeleted() {
  const { t } = useI18n();
  const { settings } = useRootData();
  return (
    <main className="container narrow-page text-center">
      <PageTitle title={`${t('account_deleted.title')} · ${settings.name}`} />
      <h1 className="h3">{t('account_deleted.title')}</h1>
      <p>{t('account_deleted.body')}</p>
      <Link className="btn btn-primary" to="/">
        {t('account_deleted.home')}
      </Link>
    </main>
  );
}
