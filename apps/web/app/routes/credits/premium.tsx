import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { PackageCards } from '../../features/credits/package-cards.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/premium';
import { findShop } from './shop.server.ts';

/** /premium: what premium gives a free member, and the packages (the first purchase makes them premium). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const c = requireMember(context, request);
  return { siteName: c.settings.name, premium: c.user.paid_user, ...(await findShop(c, null)) };
}

export const handle = defineRouteHandle({ messages: ['credits', 'premium'] });

export default function PremiumPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { shop, premium } = loaderData;
  return (
    <main className="container premium-page">
      <PageTitle title={`${t('premium.title')} · ${loaderData.siteName}`} />
      <h1>
        <Icon name="gem" /> {t('premium.title')}
      </h1>
      {premium ? (
        <p className="alert alert-success" data-testid="already-premium">
          {t('premium.already')} <Link to="/credits">{t('premium.more_credits')}</Link>
        </p>
      ) : (
        <p className="lead">{t('premium.intro')}</p>
      )}
      <ul className="check-list premium-benefits">
        <li>{t('premium.benefit_photos')}</li>
        <li>{t('premium.benefit_conversations')}</li>
        <li>{t('premium.benefit_likes')}</li>
        <li>{t('premium.benefit_functions')}</li>
      </ul>
      <p className="premium-odds">
        <Icon name="fire" /> <strong>{t('premium.odds')}</strong>
      </p>
      {shop.discount ? (
        <p className="alert alert-success" data-testid="discount-active">
          {t('credits.discount_active', { percentage: shop.discount.percentage })}
        </p>
      ) : null}
      <PackageCards shop={shop} buy="order" />
    </main>
  );
}
