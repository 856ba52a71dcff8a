import { describe, expect, it } from 'vitest';
import {
  estimateRefund,
  findEntryOrder,
  formatCreditChange,
  formatDate,
  formatDateTime,
  formatPercentage,
  isPayable,
  isRefundable,
} from './transaction-format.ts';

// Intl puts narrow and plain no-break spaces in money and times; the tests compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('transaction formats', () => {
  it('writes a moment in the site’s time zone, in the member’s language', () => {
    const at = '2026-11-23T23:30:00Z';
    expect(plain(formatDateTime(at, 'nl', 'Europe/Amsterdam'))).toBe('24 nov 2026, 00:30');
    expect(plain(formatDateTime(at, 'en', 'Europe/Amsterdam'))).toBe('24 Nov 2026, 00:30');
    expect(plain(formatDateTime(at, 'en', 'America/New_York'))).toBe('23 Nov 2026, 18:30');
    expect(plain(formatDate(new Date(at), 'de', 'Europe/Amsterdam'))).toBe('24. November 2026');
  });

  it('writes percentages and credit changes as each language does', () => {
    expect(plain(formatPercentage('nl', 21))).toBe('21%');
    expect(plain(formatPercentage('fr', 5.5))).toBe('5,5 %');
    expect(formatCreditChange('nl', 50)).toBe('+50');
    expect(plain(formatCreditChange('nl', -5))).toMatch(/^[-−]5$/);
    expect(formatCreditChange('nl', 0)).toBe('0');
  });
});

describe('what a receipt offers', () => {
  const paidAt = '2026-11-01T12:00:00Z';
  const dayMs = 86_400_000;

  it('offers payment for an order that can still be paid', () => {
    for (const status of ['open', 'pending', 'failed', 'canceled', 'expired'] as const) {
      expect(isPayable({ status })).toBe(true);
    }
    for (const status of ['paid', 'refunded', 'charged_back'] as const) expect(isPayable({ status })).toBe(false);
  });

  it('offers a refund of a paid order within the refund days, while credits are left', () => {
    const order = { status: 'paid' as const, paid_at: paidAt };
    const paid = Date.parse(paidAt);
    expect(isRefundable(order, 14, 10, paid + 14 * dayMs)).toBe(true);
    expect(isRefundable(order, 14, 10, paid + 14 * dayMs + 1)).toBe(false);
    expect(isRefundable(order, 14, 0, paid + dayMs)).toBe(false);
    expect(isRefundable(order, 0, 10, paid + 1)).toBe(false);
    expect(isRefundable({ status: 'refunded', paid_at: paidAt }, 14, 10, paid + dayMs)).toBe(false);
    expect(isRefundable({ status: 'paid', paid_at: null }, 14, 10, paid + dayMs)).toBe(false);
  });

  it('estimates the refund from the unused credits, rounded down to the cent', () => {
    expect(estimateRefund({ credits: 50, amount: 14.99 }, 120)).toEqual({ credits: 50, amount: 14.99 });
    expect(estimateRefund({ credits: 50, amount: 14.99 }, 17)).toEqual({ credits: 17, amount: 5.09 });
    expect(estimateRefund({ credits: 50, amount: 14.99 }, 0)).toEqual({ credits: 0, amount: 0 });
  });
});

describe('the order of a ledger entry', () => {
  it('is the reference of a purchase and the first part of a refund’s or chargeback’s', () => {
    expect(findEntryOrder({ reason: 'purchase', reference: '42' })).toBe(42);
    expect(findEntryOrder({ reason: 'refund', reference: '42:1499' })).toBe(42);
    expect(findEntryOrder({ reason: 'chargeback', reference: '7:500' })).toBe(7);
  });

  it('is none for other reasons or a reference that names no order', () => {
    expect(findEntryOrder({ reason: 'message', reference: '42' })).toBeNull();
    expect(findEntryOrder({ reason: 'signup', reference: '3' })).toBeNull();
    expect(findEntryOrder({ reason: 'purchase', reference: 'abc' })).toBeNull();
    expect(findEntryOrder({ reason: 'refund', reference: '42:' })).toBeNull();
  });
});
