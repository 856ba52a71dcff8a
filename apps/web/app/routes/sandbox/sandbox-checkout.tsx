import { data, Form, redirect } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { webContext } from '../../context.ts';
import { formatMoney } from '../../features/credits/money.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/sandbox-checkout';

// The outcomes as Mollie names them (the sandbox provider's checkout offers each as a button).
const outcomes = ['paid', 'failed', 'canceled', 'expired', 'open'] as const;
type Outcome = (typeof outcomes)[number];
const isOutcome = (value: unknown): value is Outcome => outcomes.includes(value as Outcome);

const idPattern = /^tr_[A-Za-z0-9]{6,40}$/;

/**
 * The sandbox provider's hosted checkout (DESIGN.md, "Payments"): where Mollie's page would be. It shows the amount
 * and lets the buyer choose what the bank does; the provider then calls the webhook and the buyer returns to the
 * site. Served only while the sandbox is the provider.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const c = context.get(webContext);
  const payment = idPattern.test(params.id) ? await c.services.credits.findSandboxCheckout(params.id) : null;
  if (!payment) throw data(null, { status: 404 });
  return {
    id: payment.id,
    amount: payment.amountCents / 100,
    currency: payment.currency,
    description: payment.description,
    method: payment.method,
    open: payment.status === 'open' && payment.expiresAt.getTime() > Date.now(),
    returnUrl: payment.redirectUrl,
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const c = context.get(webContext);
  const outcome = (await request.formData()).get('status');
  if (!idPattern.test(params.id) || !isOutcome(outcome)) throw data(null, { status: 400 });
  const returnUrl = await c.services.credits.chooseSandboxOutcome(params.id, outcome);
  if (!returnUrl) throw data(null, { status: 404 });
  return redirect(returnUrl);
}

export const handle = defineRouteHandle({ messages: ['sandbox', 'payment'] });

export default function SandboxCheckout({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { amount, currency, description, method, open, returnUrl } = loaderData;
  return (
    <main className="container sandbox-checkout">
      <PageTitle title={t('sandbox.title')} />
      <div className="card sandbox-card">
        <div className="card-body">
          <p className="badge text-bg-warning">{t('sandbox.badge')}</p>
          <h1 className="h4">{t('sandbox.title')}</h1>
          <p className="text-body-secondary">{t('sandbox.explain')}</p>
          <dl className="sandbox-details">
            <dt>{t('sandbox.description')}</dt>
            <dd>{description}</dd>
            <dt>{t('sandbox.method')}</dt>
            <dd>{method ? t(`payment.method_${method}`) : '—'}</dd>
            <dt>{t('sandbox.amount')}</dt>
            <dd className="sandbox-amount" data-testid="sandbox-amount">
              {formatMoney(locale, amount, currency)}
            </dd>
          </dl>
          {open ? (
            <Form method="post" className="sandbox-outcomes d-grid gap-2">
              <button type="submit" name="status" value="paid" className="btn btn-success btn-lg">
                {t('sandbox.outcome_paid')}
              </button>
              <button type="submit" name="status" value="failed" className="btn btn-outline-danger">
                {t('sandbox.outcome_failed')}
              </button>
              <button type="submit" name="status" value="canceled" className="btn btn-outline-secondary">
                {t('sandbox.outcome_canceled')}
              </button>
              <button type="submit" name="status" value="expired" className="btn btn-outline-secondary">
                {t('sandbox.outcome_expired')}
              </button>
              <button type="submit" name="status" value="open" className="btn btn-link">
                {t('sandbox.outcome_open')}
              </button>
            </Form>
          ) : (
            <p>
              {t('sandbox.closed')} <a href={returnUrl}>{t('sandbox.back')}</a>
            </p>
          )}
        </div>
      </div>
    </main>
  );
}
