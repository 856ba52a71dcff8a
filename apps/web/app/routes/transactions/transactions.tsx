import { AppError } from '@app/shared/errors/app-error';
import { parseIdParam } from '@app/shared/input';
import { data, Link, useActionData, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { OrderReceipt, type RefundAnswer } from '../../features/transactions/order-receipt.tsx';
import {
  CreditEntryList,
  EmptyTransactions,
  OrderList,
  TransactionTabs,
} from '../../features/transactions/transaction-lists.tsx';
import { loadReceipt, loadTransactionList, readListQuery } from '../../features/transactions/transactions.server.ts';
import { answerSuccess } from '../../lib/form.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { requireMember } from '../../lib/route-guard.ts';
import { defineRouteHandle } from '../../lib/route-handle.ts';
import type { Route } from './+types/transactions';

/** The order an address names: undefined on /transactions, null when `{id}` cannot be an id (no page). */
function readOrderId(params: Route.LoaderArgs['params']): number | null | undefined {
  return params.id === undefined ? undefined : parseIdParam(params.id);
}

/**
 * /transactions (the member's orders, or with `?tab=credits` their credit movements, paged by `?before=`) and
 * /transactions/{id} (the receipt of one of their orders; anyone else's, or none, is the 404 page).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  // An address that can name no page is none, for a visitor too (before the login redirect).
  const orderId = readOrderId(params);
  const query = orderId === undefined ? readListQuery(request) : null;
  if (orderId === null || (orderId === undefined && !query)) throw data(null, { status: 404 });
  const c = requireMember(context, request);
  if (orderId === undefined) return { view: 'list' as const, list: await loadTransactionList(c, query!) };
  try {
    return { view: 'receipt' as const, receipt: await loadReceipt(c, orderId) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/**
 * POST /transactions/{id}: the refund of a paid order within the site's refund days (the receipt's form). Refused
 * refunds show on the receipt in the member's language; a plain post's success goes on to `?refund=done`.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const orderId = readOrderId(params);
  if (orderId === null || orderId === undefined) throw data(null, { status: 404 });
  const c = requireMember(context, request);
  const form = await request.formData();
  if (form.get('intent') !== 'refund') {
    return data({ refundError: 'validation_failed' } satisfies RefundAnswer, { status: 400 });
  }
  try {
    await c.services.credits.refundOrder(orderId);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 404) throw data(null, { status: 404 });
    // A provider that does not answer is the member's to try again later; other faults are ours (the error page).
    if (error.status >= 500 && error.code !== 'payment_provider_unavailable') throw error;
    return data({ refundError: error.code } satisfies RefundAnswer, { status: error.status });
  }
  return answerSuccess(request, { refunded: true } satisfies RefundAnswer, `/transactions/${orderId}?refund=done`);
}

export const handle = defineRouteHandle({ messages: ['payment', 'transactions'] });

export default function Transactions({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>() as RefundAnswer | undefined;
  const [params] = useSearchParams();
  const { t } = useI18n();
  if (loaderData.view === 'receipt') {
    const { receipt } = loaderData;
    return (
      <main className="container narrow-page receipt-page">
        <PageTitle title={`${t('transactions.receipt_title', { id: receipt.order.id })} · ${receipt.siteName}`} />
        <OrderReceipt
          receipt={receipt}
          answer={answer}
          refundDone={answer?.refunded === true || params.get('refund') === 'done'}
        />
      </main>
    );
  }
  return <TransactionList list={loaderData.list} />;
}

type ListData = Extract<Route.ComponentProps['loaderData'], { view: 'list' }>['list'];

function TransactionList(props: { list: ListData }) {
  const { t } = useI18n();
  const { list } = props;
  const tabQuery = list.tab === 'credits' ? 'tab=credits&' : '';
  const rows = list.tab === 'orders' ? list.orders.length : list.entries.length;
  return (
    <main className="container transactions-page">
      <PageTitle title={`${t('transactions.title')} · ${list.siteName}`} />
      <div className="transactions-header">
        <h1 className="h3 mb-0">{t('transactions.title')}</h1>
        <p className="transactions-balance mb-0" data-testid="transactions-balance">
          {t('transactions.balance', { count: list.balance })}
        </p>
        <div className="transactions-header-actions">
          <Link className="btn btn-primary btn-sm" to="/credits">
            {t('transactions.buy_credits')}
          </Link>
          {list.canRepeat ? (
            <Link className="btn btn-outline-primary btn-sm" to="/credits/repeat-order">
              {t('transactions.repeat_link')}
            </Link>
          ) : null}
        </div>
      </div>
      <TransactionTabs active={list.tab} />
      {rows > 0 ? (
        list.tab === 'orders' ? (
          <OrderList orders={list.orders} />
        ) : (
          <CreditEntryList entries={list.entries} />
        )
      ) : list.before ? (
        <p className="mt-3">{t('transactions.no_older')}</p>
      ) : (
        <EmptyTransactions tab={list.tab} />
      )}
      <div className="transactions-paging">
        {list.next ? (
          <Link
            className="btn btn-outline-primary"
            to={`/transactions?${tabQuery}before=${list.next}`}
            data-testid="transactions-older"
          >
            {t('transactions.older')}
          </Link>
        ) : null}
        {list.before ? (
          <Link
            className="btn btn-outline-secondary"
            to={list.tab === 'credits' ? '/transactions?tab=credits' : '/transactions'}
          >
            {t('transactions.newest')}
          </Link>
        ) : null}
      </div>
    </main>
  );
}
