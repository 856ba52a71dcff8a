import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { formatMoney } from '../credits/money.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { formatCreditChange, formatPercentage, isPayable } from './transaction-format.ts';
import type { CreditEntryRow, OrderRow, TransactionTab } from './transactions.server.ts';

/** Where an unpaid order is paid: the payment screen, with the method chosen before when there is one. */
export function paymentPath(order: Pick<OrderRow, 'id' | 'payment_method'>): string {
  return order.payment_method ? `/credits/${order.id}/${order.payment_method}` : `/credits/${order.id}`;
}

/** The two lists as tabs: links, so that they work without script. */
export function TransactionTabs(props: { active: TransactionTab }) {
  const { t } = useI18n();
  const tabs = [
    { tab: 'orders', to: '/transactions', label: t('transactions.tab_orders') },
    { tab: 'credits', to: '/transactions?tab=credits', label: t('transactions.tab_credits') },
  ] as const;
  return (
    <nav aria-label={t('transactions.tabs')}>
      <ul className="transactions-tabs">
        {tabs.map(({ tab, to, label }) => (
          <li key={tab}>
            <Link
              to={to}
              className={tab === props.active ? 'transactions-tab active' : 'transactions-tab'}
              aria-current={tab === props.active ? 'page' : undefined}
              data-testid={`transactions-tab-${tab}`}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The member's orders, newest first: a table on a wide screen; on a phone each row is a card whose cells name their
 * column (`data-label`), so one list serves both.
 */
export function OrderList(props: { orders: OrderRow[] }) {
  const { t, locale } = useI18n();
  return (
    <table className="transactions-table" data-testid="order-list">
      <caption className="visually-hidden">{t('transactions.orders_caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('transactions.column_order')}</th>
          <th scope="col">{t('transactions.column_date')}</th>
          <th scope="col">{t('transactions.column_package')}</th>
          <th scope="col" className="transactions-number">
            {t('transactions.column_amount')}
          </th>
          <th scope="col" className="transactions-number">
            {t('transactions.column_vat')}
          </th>
          <th scope="col">{t('transactions.column_method')}</th>
          <th scope="col">{t('transactions.column_status')}</th>
        </tr>
      </thead>
      <tbody>
        {props.orders.map((order) => (
          <tr key={order.id} data-testid="order-row" data-order={order.id}>
            <th scope="row" className="transactions-head-cell">
              <Link to={`/transactions/${order.id}`}>
                {t('transactions.order_short', { id: order.id })}
                <span className="visually-hidden">, {t('transactions.view_receipt')}</span>
              </Link>
            </th>
            <td data-label={t('transactions.column_date')}>{order.created_text}</td>
            <td data-label={t('transactions.column_package')}>
              {t('transactions.package_credits', { count: order.credits })}
            </td>
            <td data-label={t('transactions.column_amount')} className="transactions-number">
              {formatMoney(locale, order.amount, order.currency)}
            </td>
            <td data-label={t('transactions.column_vat')} className="transactions-number">
              {t('transactions.vat_amount', {
                amount: formatMoney(locale, order.vat, order.currency),
                percentage: formatPercentage(locale, order.vat_percentage),
              })}
            </td>
            <td data-label={t('transactions.column_method')}>
              {order.payment_method ? t(`payment.method_${order.payment_method}`) : t('transactions.no_method')}
            </td>
            <td data-label={t('transactions.column_status')} className="transactions-status-cell">
              {/* One part beside the cell's label on a phone: the badge and the way to pay stay together. */}
              <span className="transactions-status">
                <OrderStatusBadge status={order.status} />
                {isPayable(order) ? (
                  <Link className="btn btn-sm btn-primary" to={paymentPath(order)} data-testid="order-pay">
                    {t('transactions.pay')}
                  </Link>
                ) : null}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The ledger, newest first: why the credits changed, by how much, the balance after, and any shortfall. */
export function CreditEntryList(props: { entries: CreditEntryRow[] }) {
  const { t, locale } = useI18n();
  return (
    <table className="transactions-table" data-testid="credit-list">
      <caption className="visually-hidden">{t('transactions.credits_caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('transactions.column_reason')}</th>
          <th scope="col">{t('transactions.column_date')}</th>
          <th scope="col" className="transactions-number">
            {t('transactions.column_change')}
          </th>
          <th scope="col" className="transactions-number">
            {t('transactions.column_balance')}
          </th>
        </tr>
      </thead>
      <tbody>
        {props.entries.map((entry) => (
          <tr key={entry.id} data-testid="credit-row" data-reason={entry.reason}>
            <th scope="row" className="transactions-head-cell">
              <span>{t(`transactions.reason_${entry.reason}`)}</span>
              {entry.order_id !== null ? (
                <Link className="transactions-order-link" to={`/transactions/${entry.order_id}`}>
                  {t('transactions.of_order', { id: entry.order_id })}
                </Link>
              ) : null}
              {entry.shortfall > 0 ? (
                <span className="transactions-shortfall" data-testid="credit-shortfall">
                  {t('transactions.shortfall', { count: entry.shortfall })}
                </span>
              ) : null}
            </th>
            <td data-label={t('transactions.column_date')}>{entry.at_text}</td>
            <td
              data-label={t('transactions.column_change')}
              className={
                entry.delta > 0 ? 'transactions-number transactions-plus' : 'transactions-number transactions-minus'
              }
            >
              {formatCreditChange(locale, entry.delta)}
            </td>
            <td data-label={t('transactions.column_balance')} className="transactions-number">
              {entry.balance_after}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What an empty list says, with the way to the shop. */
export function EmptyTransactions(props: { tab: TransactionTab }) {
  const { t } = useI18n();
  return (
    <section className="transactions-empty" data-testid="transactions-empty">
      <h2 className="h5">
        {props.tab === 'orders' ? t('transactions.orders_empty_title') : t('transactions.credits_empty_title')}
      </h2>
      <p>{props.tab === 'orders' ? t('transactions.orders_empty_body') : t('transactions.credits_empty_body')}</p>
      <Link className="btn btn-primary" to="/credits">
        {t('transactions.buy_credits')}
      </Link>
    </section>
  );
}
