import type { Order } from '@app/shared/credits/orders';
import { payOrderFormSchema } from '@app/shared/credits/orders';
import {
  deviceOnlyMethods,
  findPaymentMethods,
  type PaymentMethod,
  paymentIssuers,
  paymentMethods,
} from '@app/shared/credits/payment-methods';
import { AppError } from '@app/shared/errors/app-error';
import { parseIdParam } from '@app/shared/input';
import { useEffect, useState } from 'react';
import { data, Form, Link, redirect, useNavigation, useRevalidator } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { formatMoney } from '../../features/credits/money.ts';
import { readFormValues, refuseSubmission, refuseWithError } from '../../lib/form.ts';
import { findFormErrors, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import { parseSubmission } from '../../lib/submission.ts';
import type { Route } from './+types/payment';

type PaymentState = 'choose' | 'pay' | 'pending' | 'completed' | 'failed' | 'closed';

function isPaymentMethod(value: string | undefined): value is PaymentMethod {
  return paymentMethods.includes(value as PaymentMethod);
}

/** What the screen shows for the order and the method in the address (spec section 4: payment states). */
function findState(order: Order, method: PaymentMethod | null): PaymentState {
  if (order.status === 'paid') return 'completed';
  if (order.status === 'refunded' || order.status === 'charged_back') return 'closed';
  if (!method) return 'choose';
  if (order.payment_method !== method) return 'pay';
  return order.status === 'open' || order.status === 'pending' ? 'pending' : 'failed';
}

/**
 * /credits/{id}/{paymentmethod?}: the payment screen of one of the member's orders. Without a method it lists the
 * methods of the buyer's country; with one it asks the bank where the method has a choice and pays; the checkout
 * returns here, and the screen shows pending, completed or failed (with another method to try).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = parseIdParam(params.id);
  const method = params.paymentmethod ?? null;
  if (id === null || (method !== null && !isPaymentMethod(method))) throw data(null, { status: 404 });
  const c = requireMember(context, request);
  try {
    // Back from the checkout: ask the provider now rather than wait for its webhook.
    const order = method ? await c.services.credits.findOrderAfterReturn(id) : await c.services.credits.findOrder(id);
    const methods = findPaymentMethods(order.country);
    if (method !== null && !methods.includes(method)) throw data(null, { status: 404 });
    return {
      siteName: c.settings.name,
      order,
      method,
      state: findState(order, method),
      methods,
      issuers: method ? (paymentIssuers[method] ?? null) : null,
      credits: c.user.credits,
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw data(null, { status: 404 });
    throw error;
  }
}

/** Pays the order with the method in the address: on to the provider's checkout. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const id = parseIdParam(params.id);
  if (id === null) throw data(null, { status: 404 });
  const c = requireMember(context, request);
  const submission = parseSubmission(payOrderFormSchema, readFormValues(await request.formData()));
  if (!submission.ok) return refuseSubmission(submission.errors);
  try {
    const { payment_method: method, issuer } = submission.value;
    const started = await c.services.credits.startPayment(id, method, issuer || undefined);
    // A payment without a checkout (a stored mandate) comes straight back to the screen's pending state.
    return redirect(started.checkoutUrl ?? `/credits/${id}/${method}`);
  } catch (error) {
    return refuseWithError(error);
  }
}

export const handle = defineRouteHandle({ messages: ['payment'] });

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { order, state, method } = loaderData;
  const errors = useFormErrorTexts(findFormErrors(actionData));
  const error = Object.values(errors)[0];
  const amount = formatMoney(locale, order.amount, order.currency);
  return (
    <main className="container payment-page" data-state={state}>
      <PageTitle title={`${t('payment.title', { id: order.id })} · ${loaderData.siteName}`} />
      <h1 className="h3">{t('payment.title', { id: order.id })}</h1>
      <p className="payment-summary">
        {t('payment.summary', { credits: order.credits, amount })}
        {order.discount_code ? (
          <span className="badge text-bg-success ms-2">
            {t('payment.discount', { percentage: order.discount_percentage ?? 0 })}
          </span>
        ) : null}
      </p>
      {error ? (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      ) : null}
      {state === 'completed' ? <Completed order={order} /> : null}
      {state === 'closed' ? <p className="alert alert-secondary">{t(`payment.status_${order.status}`)}</p> : null}
      {state === 'pending' ? <Pending orderId={order.id} method={method!} /> : null}
      {state === 'failed' ? (
        <div className="alert alert-danger" role="alert" data-testid="payment-failed">
          <h2 className="h5 alert-heading">{t('payment.failed_title')}</h2>
          <p className="mb-0">{t('payment.failed_text')}</p>
        </div>
      ) : null}
      {state === 'pay' && method === 'directdebit' ? (
        <p>
          <Link className="btn btn-primary btn-lg" to={`/directdebit?order=${order.id}`} data-testid="pay">
            {t('payment.direct_debit_next')}
          </Link>
        </p>
      ) : state === 'pay' ? (
        <PayWith method={method!} amount={amount} issuers={loaderData.issuers} />
      ) : null}
      {state === 'choose' || state === 'failed' || state === 'pending' ? (
        <MethodList
          orderId={order.id}
          methods={loaderData.methods}
          current={state === 'choose' ? null : method}
          title={
            state === 'failed'
              ? t('payment.retry_title')
              : state === 'pending'
                ? t('payment.other_method')
                : t('payment.choose_method')
          }
        />
      ) : null}
    </main>
  );
}

function Completed({ order }: { order: Order }) {
  const { t } = useI18n();
  return (
    <>
      <div className="toast-message alert alert-success" role="status" data-testid="payment-completed">
        <Icon name="check-circle" /> {t('payment.completed_toast', { id: order.id, count: order.credits })}
      </div>
      <h2 className="h4">{t('payment.completed_title')}</h2>
      <p>{t('payment.completed_text', { count: order.credits })}</p>
      <p className="d-flex flex-wrap gap-2">
        <Link className="btn btn-primary" to="/members">
          {t('payment.to_members')}
        </Link>
        <Link className="btn btn-outline-secondary" to="/credits">
          {t('payment.buy_more')}
        </Link>
      </p>
    </>
  );
}

/** Waiting for the provider: read again every few seconds while the page is open (a link does it without script). */
function Pending({ orderId, method }: { orderId: number; method: PaymentMethod }) {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  useEffect(() => {
    let rounds = 0;
    const timer = setInterval(() => {
      if (++rounds > 40) clearInterval(timer);
      else if (document.visibilityState === 'visible') void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <div className="alert alert-info" role="status" data-testid="payment-pending">
      <h2 className="h5 alert-heading">{t('payment.pending_title')}</h2>
      <p>{t('payment.pending_text')}</p>
      <p className="mb-0 d-flex flex-wrap gap-2">
        <Link className="btn btn-sm btn-outline-primary" to={`/credits/${orderId}/${method}`}>
          {t('payment.refresh')}
        </Link>
        {method === 'directdebit' ? null : (
          <Form method="post">
            <input type="hidden" name="payment_method" value={method} />
            <button type="submit" className="btn btn-sm btn-link">
              {t('payment.try_again')}
            </button>
          </Form>
        )}
      </p>
    </div>
  );
}

/** The chosen method: its bank where it has a choice, and the pay button. */
function PayWith({
  method,
  amount,
  issuers,
}: {
  method: PaymentMethod;
  amount: string;
  issuers: { id: string; name: string }[] | null;
}) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <Form method="post" className="pay-form card card-body">
      <input type="hidden" name="payment_method" value={method} />
      <h2 className="h5">{t(`payment.method_${method}`)}</h2>
      {issuers ? (
        <div className="mb-3">
          <label htmlFor="issuer" className="form-label">
            {t('payment.choose_bank')}
          </label>
          <select id="issuer" name="issuer" className="form-select" required defaultValue="">
            <option value="" disabled>
              {t('payment.bank_placeholder')}
            </option>
            {issuers.map((issuer) => (
              <option key={issuer.id} value={issuer.id}>
                {issuer.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy} data-testid="pay">
        {busy ? t('payment.loading') : t('payment.pay', { amount })}
      </button>
    </Form>
  );
}

/** The methods of the buyer's country; Apple Pay only where the browser can pay with it. */
function MethodList({
  orderId,
  methods,
  current,
  title,
}: {
  orderId: number;
  methods: PaymentMethod[];
  current: PaymentMethod | null;
  title: string;
}) {
  const { t } = useI18n();
  const [deviceMethods, setDeviceMethods] = useState<PaymentMethod[]>([]);
  useEffect(() => {
    const applePay = (window as { ApplePaySession?: { canMakePayments(): boolean } }).ApplePaySession;
    if (applePay?.canMakePayments()) setDeviceMethods(['applepay']);
  }, []);
  const shown = methods.filter(
    (method) => method !== current && (!deviceOnlyMethods.includes(method) || deviceMethods.includes(method)),
  );
  return (
    <nav className="payment-methods" aria-label={title}>
      <h2 className="h5">{title}</h2>
      <ul className="list-unstyled payment-method-list">
        {shown.map((method) => (
          <li key={method}>
            <Link className="payment-method" to={`/credits/${orderId}/${method}`} data-testid={`method-${method}`}>
              {t(`payment.method_${method}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
