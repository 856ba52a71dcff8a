import type { CreditReason } from '@app/shared/credits/credits';
import type { Order } from '@app/shared/credits/orders';
import { parseIdParam } from '@app/shared/input';
import { defaultSiteTimeZone } from '@app/shared/sites/site-settings';
import type { requireMember } from '../../lib/route-guard.ts';
import { estimateRefund, findEntryOrder, formatDateTime, isRefundable } from './transaction-format.ts';

type Member = ReturnType<typeof requireMember>;

/** Rows per page of either list; the next page starts before the last row's id (`?before=`). */
const transactionsPageSize = 20;

const transactionTabs = ['orders', 'credits'] as const;
export type TransactionTab = (typeof transactionTabs)[number];

/** An order as a row of the list shows it: the order, and when it was made in the member's words. */
export type OrderRow = Order & { created_text: string };

/** A ledger entry as a row of the list shows it. */
export interface CreditEntryRow {
  id: number;
  at_text: string;
  reason: CreditReason;
  delta: number;
  balance_after: number;
  /** Credits a refund or chargeback could not take back, spent already. */
  shortfall: number;
  /** The order the entry belongs to (a purchase, its refund or chargeback), for a link to its receipt. */
  order_id: number | null;
}

/**
 * The list's tab and cursor from the address (`?tab=credits`, `?before=<id>`): null when the address names a tab or
 * cursor that cannot be, which is no page.
 */
export function readListQuery(request: Request): { tab: TransactionTab; before: number | undefined } | null {
  const params = new URL(request.url).searchParams;
  const tab = params.get('tab') ?? 'orders';
  const rawBefore = params.get('before');
  const before = rawBefore === null ? undefined : parseIdParam(rawBefore);
  if (before === null || !transactionTabs.some((known) => known === tab)) return null;
  return { tab: tab as TransactionTab, before };
}

/** One page of a list, newest first: one row more than shown is read to know whether an older page exists. */
function pageOf<Row extends { id: number }>(rows: Row[]): { rows: Row[]; next: number | null } {
  const shown = rows.slice(0, transactionsPageSize);
  return { rows: shown, next: rows.length > transactionsPageSize ? shown[shown.length - 1]!.id : null };
}

/** /transactions: one page of the member's orders or of their credit movements. */
export async function loadTransactionList(c: Member, query: { tab: TransactionTab; before: number | undefined }) {
  const timeZone = c.settings.time_zone ?? defaultSiteTimeZone;
  const base = {
    tab: query.tab,
    before: query.before ?? null,
    balance: c.user.credits,
    // The repeat order is offered to those who have bought before.
    canRepeat: (await c.services.credits.findLastPaidOrder()) !== null,
    siteName: c.settings.name,
  };
  if (query.tab === 'orders') {
    const page = pageOf(await c.services.credits.findOrders(transactionsPageSize + 1, query.before));
    const orders: OrderRow[] = page.rows.map((order) => ({
      ...order,
      created_text: formatDateTime(order.created_at, c.locale, timeZone),
    }));
    return { ...base, orders, entries: [] as CreditEntryRow[], next: page.next };
  }
  const page = pageOf(await c.services.credits.findCreditEntries(transactionsPageSize + 1, query.before));
  const entries: CreditEntryRow[] = page.rows.map((entry) => ({
    id: entry.id,
    at_text: formatDateTime(entry.createdAt, c.locale, timeZone),
    reason: entry.reason as CreditReason,
    delta: entry.delta,
    balance_after: entry.balanceAfter,
    shortfall: entry.shortfall,
    order_id: findEntryOrder(entry),
  }));
  return { ...base, orders: [] as OrderRow[], entries, next: page.next };
}

/** /transactions/{id}: the receipt of one of the member's orders (the shop answers not_found for anyone else's). */
export async function loadReceipt(c: Member, orderId: number) {
  const order = await c.services.credits.findOrder(orderId);
  const timeZone = c.settings.time_zone ?? defaultSiteTimeZone;
  const refundDays = c.settings.refund_days;
  const refundable = isRefundable(order, refundDays, c.user.credits, Date.now());
  return {
    order,
    createdText: formatDateTime(order.created_at, c.locale, timeZone),
    paidText: order.paid_at ? formatDateTime(order.paid_at, c.locale, timeZone) : null,
    buyer: { name: c.user.profile.name, email: c.user.email },
    siteName: c.settings.name,
    refundDays,
    refund: refundable ? estimateRefund(order, c.user.credits) : null,
  };
}
