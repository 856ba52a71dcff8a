import type { Order } from '@app/shared/credits/orders';
import { AppError } from '@app/shared/errors/app-error';
import { defaultSiteTimeZone } from '@app/shared/sites/site-settings';
import { data, Form, Link, redirect, redirectDocument, useNavigation } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { formatMoney } from '../../features/credits/money.ts';
import { formatDate, formatPercentage } from '../../features/transactions/transaction-format.ts';
import { type FormError, type FormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/repeat-order';

type Member = ReturnType<typeof requireMember>;

/** The member's last paid order and its package as the shop sells it today (null when it sells it no more). */
async function findRepeatOffer(c: Member) {
  const last = await c.services.credits.findLastPaidOrder();
  if (!last) return null;
  const offer = await c.services.credits.findPackages(c.user.profile.country);
  const pkg = offer.packages.find((candidate) => candidate.id === last.package) ?? null;
  return { last, pkg, vatPercentage: offer.vat_percentage, discount: offer.discount };
}

/** /credits/repeat-order: the last paid order offered again in one step, at today's price, paid as last time. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const c = requireMember(context, request);
  const offer = await findRepeatOffer(c);
  return {
    siteName: c.settings.name,
    offer: offer && {
      credits: offer.last.credits,
      method: offer.last.payment_method,
      lastDate: formatDate(
        offer.last.paid_at ?? offer.last.created_at,
        c.locale,
        c.settings.time_zone ?? defaultSiteTimeZone,
      ),
      pkg: offer.pkg,
      vatPercentage: offer.vatPercentage,
      discount: offer.discount,
    },
  };
}

/** A refusal the member may act on, shown on the page; other faults are ours (the error page). */
function refuse(error: unknown) {
  if (!(error instanceof AppError)) throw error;
  if (error.status >= 500 && error.code !== 'payment_provider_unavailable') throw error;
  const form: FormError = { code: error.code, values: error.values as FormError['values'] };
  return data({ errors: { form } satisfies FormErrors }, { status: error.status });
}

/**
 * Orders the last order's package again and starts its payment with the last method: to the provider's checkout,
 * or the payment screen when there is none to go to (or the method is no longer offered, to choose another). A card
 * or account on file (a mandate from an earlier card payment or direct debit) is charged at once, without the
 * checkout; the payment screen then shows the outcome.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const c = requireMember(context, request);
  const offer = await findRepeatOffer(c);
  if (!offer?.pkg) throw redirect('/credits/repeat-order');
  const method = offer.last.payment_method;
  let order: Order;
  try {
    order = await c.services.credits.createOrder(offer.pkg.id);
  } catch (error) {
    return refuse(error);
  }
  if (!method) throw redirect(`/credits/${order.id}`);
  let checkoutUrl: string | null;
  try {
    ({ checkoutUrl } = await c.services.credits.startPayment(order.id, method, undefined, true));
  } catch (error) {
    if (error instanceof AppError && error.code === 'payment_method_unavailable') {
      throw redirect(`/credits/${order.id}`);
    }
    return refuse(error);
  }
  // The checkout is another site's page (Mollie's) or the sandbox's: a whole page load, not a route change.
  if (checkoutUrl) throw redirectDocument(checkoutUrl);
  throw redirect(`/credits/${order.id}/${method}`);
}

export const handle = defineRouteHandle({ messages: ['payment', 'transactions'] });

export default function RepeatOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const errorTexts = useFormErrorTexts(actionData?.errors);
  const { offer } = loaderData;
  const chooseLink = (
    <Link className="btn btn-primary" to="/credits">
      {t('transactions.repeat_choose')}
    </Link>
  );
  return (
    <main className="container narrow-page repeat-order-page">
      <PageTitle title={`${t('transactions.repeat_title')} · ${loaderData.siteName}`} />
      <h1 className="h3">{t('transactions.repeat_title')}</h1>
      {!offer ? (
        <section className="transactions-empty" data-testid="repeat-none">
          <h2 className="h5">{t('transactions.repeat_none_title')}</h2>
          <p>{t('transactions.repeat_none_body')}</p>
          {chooseLink}
        </section>
      ) : !offer.pkg ? (
        <section className="transactions-empty" data-testid="repeat-gone">
          <p>{t('transactions.repeat_gone', { count: offer.credits })}</p>
          {chooseLink}
        </section>
      ) : (
        <section className="card repeat-order-card" data-testid="repeat-offer">
          <div className="card-body">
            <p>{t('transactions.repeat_intro', { date: offer.lastDate, count: offer.credits })}</p>
            <p className="repeat-order-package">
              <span className="repeat-order-credits">
                {t('transactions.package_credits', { count: offer.pkg.credits })}
              </span>
              <span className="repeat-order-price" data-testid="repeat-price">
                {offer.pkg.price < offer.pkg.list_price ? (
                  <s className="text-body-secondary me-2">
                    {formatMoney(locale, offer.pkg.list_price, offer.pkg.currency)}
                  </s>
                ) : null}
                {formatMoney(locale, offer.pkg.price, offer.pkg.currency)}
              </span>
            </p>
            <p className="small text-body-secondary">
              {t('transactions.repeat_vat', { percentage: formatPercentage(locale, offer.vatPercentage) })}
              {offer.discount && offer.pkg.price < offer.pkg.list_price
                ? ` · ${t('transactions.repeat_discount', {
                    code: offer.discount.code,
                    percentage: formatPercentage(locale, offer.discount.percentage),
                  })}`
                : null}
            </p>
            {offer.method ? (
              <p data-testid="repeat-method">
                {t('transactions.repeat_method', { method: t(`payment.method_${offer.method}`) })}
              </p>
            ) : null}
            {errorTexts.form ? (
              <p className="alert alert-danger" role="alert" data-testid="repeat-error">
                {errorTexts.form}
              </p>
            ) : null}
            <Form method="post" className="repeat-order-actions">
              <button type="submit" className="btn btn-primary btn-lg" disabled={navigation.state !== 'idle'}>
                {navigation.state !== 'idle' ? t('transactions.busy') : t('transactions.repeat_button')}
              </button>
              <Link className="btn btn-link" to="/credits">
                {t('transactions.repeat_other')}
              </Link>
            </Form>
          </div>
        </section>
      )}
    </main>
  );
}
