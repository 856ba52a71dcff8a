import type { Order } from '@app/shared/credits/orders';
import type { ErrorCode } from '@app/shared/errors/error-codes';
import { findRegionNames } from '@app/shared/i18n/intl-formats';
import type { Translate } from '@app/shared/i18n/translator';
import { useEffect, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { formatMoney } from '../credits/money.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { formatPercentage, isPayable } from './transaction-format.ts';
import { paymentPath } from './transaction-lists.tsx';

/** What the receipt's loader answers. */
export interface ReceiptData {
  order: Order;
  createdText: string;
  paidText: string | null;
  buyer: { name: string; email: string };
  siteName: string;
  refundDays: number;
  /** What a refund would give back now; null when the receipt offers none. */
  refund: { credits: number; amount: number } | null;
}

/** The refund form's answer: done, or refused with the shop's code. */
export interface RefundAnswer {
  refunded?: boolean;
  refundError?: ErrorCode;
}

/**
 * A receipt of one order: the seller (the company, with the VAT number of the buyer's country), the buyer, the
 * order's dates, the package at its list price, a discount, what was paid and the VAT in it, the method and status.
 * Printing leaves out everything but the receipt.
 */
export function OrderReceipt(props: { receipt: ReceiptData; answer: RefundAnswer | undefined; refundDone: boolean }) {
  const { t, locale } = useI18n();
  const { company } = useRootData();
  const { order, buyer } = props.receipt;
  const money = (amount: number) => formatMoney(locale, amount, order.currency);
  const vatNumber = company.vat_numbers[order.country] ?? company.vat_numbers[company.country];
  const paid = order.paid_at !== null;
  const discount = order.discount_code !== null && order.list_price > order.amount;
  return (
    <>
      <article className="card receipt" data-testid="receipt" aria-labelledby="receipt-title">
        <div className="card-body">
          <header className="receipt-header">
            <div>
              <p className="receipt-site">{props.receipt.siteName}</p>
              <h1 className="h3" id="receipt-title">
                {t('transactions.receipt_title', { id: order.id })}
              </h1>
            </div>
            <OrderStatusBadge status={order.status} />
          </header>
          <div className="receipt-parties">
            <section>
              <h2 className="receipt-label">{t('transactions.seller')}</h2>
              <address data-testid="receipt-seller">
                <strong>{company.name}</strong>
                <br />
                {company.address}
                <br />
                {company.city}
                <br />
                {findRegionNames(locale).of(company.country) ?? company.country}
                <br />
                {t('transactions.kvk', { kvk: company.kvk })}
                {vatNumber ? (
                  <>
                    <br />
                    {t('transactions.vat_number', { vat_number: vatNumber })}
                  </>
                ) : null}
                {company.tradenames.length ? (
                  <>
                    <br />
                    {t('transactions.tradenames', {
                      tradenames: company.tradenames.join(', '),
                      count: company.tradenames.length,
                    })}
                  </>
                ) : null}
              </address>
            </section>
            <section>
              <h2 className="receipt-label">{t('transactions.buyer')}</h2>
              <address>
                <strong>{buyer.name}</strong>
                <br />
                {buyer.email}
              </address>
            </section>
          </div>
          <dl className="receipt-facts">
            <div>
              <dt>{t('transactions.order_number')}</dt>
              <dd data-testid="receipt-number">{order.id}</dd>
            </div>
            <div>
              <dt>{t('transactions.ordered_at')}</dt>
              <dd>{props.receipt.createdText}</dd>
            </div>
            {props.receipt.paidText ? (
              <div>
                <dt>{t('transactions.paid_at')}</dt>
                <dd>{props.receipt.paidText}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('transactions.column_method')}</dt>
              <dd>
                {order.payment_method ? t(`payment.method_${order.payment_method}`) : t('transactions.no_method')}
              </dd>
            </div>
          </dl>
          <table className="receipt-lines" data-testid="receipt-lines">
            <caption className="visually-hidden">{t('transactions.lines_caption')}</caption>
            <tbody>
              <tr>
                <th scope="row">
                  {t('transactions.line_package', { count: order.credits, site_name: props.receipt.siteName })}
                </th>
                <td>{money(order.list_price)}</td>
              </tr>
              {discount ? (
                <tr data-testid="receipt-discount">
                  <th scope="row">
                    {t('transactions.line_discount', {
                      code: order.discount_code ?? '',
                      percentage: formatPercentage(locale, order.discount_percentage ?? 0),
                    })}
                  </th>
                  <td>{money(order.amount - order.list_price)}</td>
                </tr>
              ) : null}
              <tr className="receipt-total">
                <th scope="row">{paid ? t('transactions.line_paid') : t('transactions.line_due')}</th>
                <td data-testid="receipt-total">{money(order.amount)}</td>
              </tr>
              <tr className="receipt-vat">
                <th scope="row">
                  {t('transactions.line_vat', { percentage: formatPercentage(locale, order.vat_percentage) })}
                </th>
                <td>{money(order.vat)}</td>
              </tr>
            </tbody>
          </table>
        </div>
      </article>
      <div className="receipt-actions d-print-none">
        <PrintButton />
        {isPayable(order) ? (
          <Link className="btn btn-primary" to={paymentPath(order)} data-testid="receipt-pay">
            {t('transactions.pay_now')}
          </Link>
        ) : null}
        <Link className="btn btn-link" to="/transactions">
          {t('transactions.back')}
        </Link>
      </div>
      {props.answer?.refundError ? (
        <p className="alert alert-danger d-print-none" role="alert" data-testid="refund-error">
          {refundErrorText(t, props.answer.refundError)}
        </p>
      ) : null}
      {props.refundDone && order.status === 'refunded' ? (
        <p className="alert alert-success d-print-none" role="status" data-testid="refund-done">
          {t('transactions.refund_done')}
        </p>
      ) : null}
      {props.receipt.refund ? (
        <RefundSection refund={props.receipt.refund} refundDays={props.receipt.refundDays} currency={order.currency} />
      ) : null}
    </>
  );
}

/** Why a refund was refused, in the member's words: the shop's codes say it for payments, not for refunds. */
function refundErrorText(t: Translate, code: ErrorCode): string {
  if (code === 'order_not_payable') return t('transactions.refund_not_possible');
  if (code === 'insufficient_credits') return t('transactions.refund_all_used');
  return t(`errors.${code}`);
}

/** "Afdrukken": printing needs script, so the button appears once the page runs. */
function PrintButton() {
  const { t } = useI18n();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  if (!live) return null;
  return (
    <button type="button" className="btn btn-outline-secondary" onClick={() => window.print()}>
      {t('transactions.print')}
    </button>
  );
}

/** The refund asks once more, with what comes back and what goes, before the form is sent (works without script). */
function RefundSection(props: { refund: { credits: number; amount: number }; refundDays: number; currency: string }) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <section className="card receipt-refund d-print-none" aria-labelledby="refund-title" data-testid="refund">
      <div className="card-body">
        <h2 className="h5" id="refund-title">
          {t('transactions.refund_title')}
        </h2>
        <p>{t('transactions.refund_intro', { days: props.refundDays })}</p>
        <details className="refund-confirm">
          <summary className="btn btn-outline-danger">{t('transactions.refund_start')}</summary>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="refund" />
            <p>
              {t('transactions.refund_confirm_text', {
                amount: formatMoney(locale, props.refund.amount, props.currency),
                count: props.refund.credits,
              })}
            </p>
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {busy ? t('transactions.busy') : t('transactions.refund_confirm')}
            </button>
          </Form>
        </details>
      </div>
    </section>
  );
}
