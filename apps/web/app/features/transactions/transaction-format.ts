import type { CreditReason } from '@app/shared/credits/credits';
import type { Order, OrderStatus } from '@app/shared/credits/orders';
import { findDateTimeFormat, findNumberFormat } from '@app/shared/i18n/intl-formats';
import { type Locale, localeInfo } from '@app/shared/i18n/locales';

const dayMs = 86_400_000;

/**
 * "23 nov 2026 13:05": a moment in the member's language and the site's time zone. Loaders call it, so the server's
 * ICU writes every date and the hydrated page cannot differ from the server's HTML.
 */
export function formatDateTime(at: Date | string, locale: Locale, timeZone: string): string {
  return findDateTimeFormat(localeInfo[locale].iso, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(at),
  );
}

/** "23 november 2026": the day alone, as running text names it. */
export function formatDate(at: Date | string, locale: Locale, timeZone: string): string {
  return findDateTimeFormat(localeInfo[locale].iso, { dateStyle: 'long', timeZone }).format(new Date(at));
}

/** A percentage given as a number of percents (21, 12.5), as the language writes it ("21%", "21 %"). */
export function formatPercentage(locale: Locale, percentage: number): string {
  return findNumberFormat(localeInfo[locale].iso, { style: 'percent', maximumFractionDigits: 2 }).format(
    percentage / 100,
  );
}

/** A change of credits with its sign ("+50", "−5"); nought has none. */
export function formatCreditChange(locale: Locale, delta: number): string {
  return findNumberFormat(localeInfo[locale].iso, { signDisplay: 'exceptZero' }).format(delta);
}

/** Statuses from which an order may still be paid (the shop's `unpaidStatuses`): its receipt links to pay it. */
const payableStatuses: readonly OrderStatus[] = ['open', 'pending', 'failed', 'canceled', 'expired'];

export function isPayable(order: Pick<Order, 'status'>): boolean {
  return payableStatuses.includes(order.status);
}

/**
 * Whether the receipt offers a refund: a paid order, paid within the site's `refund_days`, while the member still has
 * credits to give back. The shop decides again when asked (`refundOrder`); this only keeps the form off where the
 * answer is known to be no.
 */
export function isRefundable(
  order: Pick<Order, 'status' | 'paid_at'>,
  refundDays: number,
  balance: number,
  now: number,
): boolean {
  if (order.status !== 'paid' || !order.paid_at || balance <= 0) return false;
  return now - Date.parse(order.paid_at) <= refundDays * dayMs;
}

/**
 * What a refund gives back, as `refundOrder` computes it: the credits of the purchase still unused (the balance, at
 * most the order's credits) and their share of the amount paid, in whole cents rounded down.
 */
export function estimateRefund(
  order: Pick<Order, 'credits' | 'amount'>,
  balance: number,
): { credits: number; amount: number } {
  const credits = Math.max(0, Math.min(balance, order.credits));
  const cents = Math.floor((Math.round(order.amount * 100) * credits) / order.credits);
  return { credits, amount: cents / 100 };
}

/**
 * The order a ledger entry belongs to: a purchase names it as its reference, a refund or chargeback as
 * `<order>:<amount reversed>`. Other entries (messages, gifts, signup credits) have none.
 */
export function findEntryOrder(entry: { reason: string; reference: string }): number | null {
  const reason = entry.reason as CreditReason;
  if (reason !== 'purchase' && reason !== 'refund' && reason !== 'chargeback') return null;
  const match = /^(\d{1,10})(?::\d+)?$/.exec(entry.reference);
  return match ? Number(match[1]) : null;
}
