import type { CreditPackage, PackagesResponse } from '@app/shared/credits/orders';
import { Form } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { formatMoney } from './money.ts';

// Written out: production CSS keeps only class names it finds literally (decision 003).
const variantClass: Record<CreditPackage['variant'], string> = {
  p0: 'package-card package-p0',
  p1: 'package-card package-p1',
  p2: 'package-card package-p2',
  p3: 'package-card package-p3',
};

/**
 * The premium package blocks (spec: style variants p0 to p3): credits, price with currency, the price per message,
 * the best value marked, and a button that orders the package (a form: it works without JavaScript). Visitors see
 * the same blocks with a link to sign up instead.
 */
export function PackageCards({
  shop,
  discountCode,
  buy,
}: {
  shop: PackagesResponse;
  /** A code the member typed, carried into the order. */
  discountCode?: string | null;
  /** Members order here; for visitors the blocks lead to signing up. */
  buy: 'order' | 'signup';
}) {
  const { t, locale } = useI18n();
  const money = (amount: number, currency: string) => formatMoney(locale, amount, currency);
  return (
    <div className="package-grid" data-testid="packages">
      {shop.packages.map((pkg) => {
        const discounted = pkg.price < pkg.list_price;
        return (
          <section key={pkg.id} className={variantClass[pkg.variant]} data-testid={`package-${pkg.credits}`}>
            {pkg.best_value ? (
              <p className="package-ribbon">
                <Icon name="fire" /> {t('credits.best_value')}
              </p>
            ) : null}
            <h2 className="package-credits">{t('credits.package_credits', { count: pkg.credits })}</h2>
            <p className="package-messages">{t('credits.package_messages', { count: pkg.messages })}</p>
            <p className="package-price">
              {discounted ? <s className="package-list-price">{money(pkg.list_price, pkg.currency)}</s> : null}{' '}
              <strong>{money(pkg.price, pkg.currency)}</strong>
            </p>
            <p className="package-per-message">
              {t('credits.price_per_message', { amount: money(pkg.price_per_message, pkg.currency) })}
            </p>
            {buy === 'order' ? (
              <Form method="post" action="/credits" className="package-buy">
                <input type="hidden" name="package" value={pkg.id} />
                {discountCode ? <input type="hidden" name="discount_code" value={discountCode} /> : null}
                <button type="submit" className="btn btn-primary w-100">
                  {t('credits.choose_package')}
                </button>
              </Form>
            ) : (
              <a className="btn btn-primary w-100" href="/signup">
                {t('credits.signup_to_buy')}
              </a>
            )}
          </section>
        );
      })}
      <p className="package-vat small text-body-secondary">
        {t('credits.vat_note', { percentage: shop.vat_percentage })}
      </p>
    </div>
  );
}
