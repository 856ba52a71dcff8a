import { findNumberFormat } from '@app/shared/i18n/intl-formats';
import { localeInfo } from '@app/shared/i18n/locales';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { PackageCards } from '../../features/credits/package-cards.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { findShop } from '../credits/shop.server.ts';
import type { Route } from './+types/pricing';

export async function loader({ context }: Route.LoaderArgs) {
  const c = context.get(webContext);
  const country = c.chosenCountry ?? c.visitorCountry;
  const minimum =
    c.settings.minimum_message_costs[country] ?? c.settings.minimum_message_costs[c.settings.countries[0]!];
  return {
    siteName: c.settings.name,
    credits: { message: c.settings.message_credits, photo: c.settings.photo_credits, gift: c.settings.gift_credits },
    minimum: minimum ?? null,
    refundDays: c.settings.refund_days,
    member: c.user !== null,
    shop: (await findShop(c, null)).shop,
  };
}

export const handle = defineRouteHandle({ messages: ['pricing', 'credits'] });

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { credits, minimum, refundDays, siteName } = loaderData;
  const money = minimum
    ? findNumberFormat(localeInfo[locale].iso, { style: 'currency', currency: minimum.currency }).format(minimum.costs)
    : null;
  return (
    <main className="container pricing-page">
      <PageTitle title={`${t('pricing.title')} · ${siteName}`} />
      <h1>{t('pricing.title')}</h1>
      <p className="lead">{t('pricing.intro', { site_name: siteName })}</p>
      <div className="row g-3">
        <section className="col-md-6">
          <div className="card h-100">
            <div className="card-body">
              <h2 className="h5">{t('pricing.free_title')}</h2>
              <ul className="check-list">
                <li>{t('pricing.free_profile')}</li>
                <li>{t('pricing.free_search')}</li>
                <li>{t('pricing.free_likes')}</li>
                <li>{t('pricing.free_conversations')}</li>
              </ul>
            </div>
          </div>
        </section>
        <section className="col-md-6">
          <div className="card h-100 border-primary">
            <div className="card-body">
              <h2 className="h5">
                <Icon name="gem" /> {t('pricing.premium_title')}
              </h2>
              <p>{t('pricing.premium_intro')}</p>
              <ul className="check-list">
                <li>{t('pricing.premium_photos')}</li>
                <li>{t('pricing.premium_functions')}</li>
                <li>{t('pricing.premium_odds')}</li>
              </ul>
            </div>
          </div>
        </section>
      </div>
      <section className="mt-4">
        <h2 className="h4">{t('pricing.packages_title')}</h2>
        <PackageCards shop={loaderData.shop} buy={loaderData.member ? 'order' : 'signup'} />
      </section>
      <section className="mt-4">
        <h2 className="h4">{t('pricing.costs_title')}</h2>
        <table className="price-table">
          <tbody>
            <tr>
              <th scope="row">{t('pricing.cost_message')}</th>
              <td>{t('pricing.credits', { count: credits.message })}</td>
            </tr>
            <tr>
              <th scope="row">{t('pricing.cost_photo')}</th>
              <td>{t('pricing.credits', { count: credits.photo })}</td>
            </tr>
            <tr>
              <th scope="row">{t('pricing.cost_gift')}</th>
              <td>{t('pricing.credits', { count: credits.gift })}</td>
            </tr>
          </tbody>
        </table>
        {money ? <p>{t('pricing.minimum_message_cost', { amount: money })}</p> : null}
        <p>{t('pricing.bundles')}</p>
        <p>{t('pricing.welcome_discount')}</p>
        <p>{t('pricing.payment_methods')}</p>
        <p>
          {t('pricing.refund', { days: refundDays })} <Link to="/pages/return-policy">{t('footer.return_policy')}</Link>
        </p>
        <Link className="btn btn-primary" to="/credits">
          {t('pricing.buy_credits')}
        </Link>
      </section>
    </main>
  );
}
