import { AppError } from '@app/shared/errors/app-error';
import type { StoredSiteSettings } from '@app/shared/sites/site-settings';
import { describe, expect, it } from 'vitest';
import type { orders as ordersTable } from '../../db/schema/credits.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { demoSiteSettings } from '../../seed/demo-site.ts';
import type { Site } from '../sites/sites.service.ts';
import type { SpendProtectionRepository, SpendProtectionRow } from './spend-protection.repository.ts';
import { createSpendProtectionService } from './spend-protection.service.ts';

type OrderStatus = (typeof ordersTable.$inferSelect)['status'];

interface MemoryOrder {
  userId: number;
  currency: string;
  amountCents: number;
  status: OrderStatus;
  createdAt: Date;
  paidAt: Date | null;
}

/** The repository in memory, counting spending by the rules its SQL has. */
function createMemorySpendProtection() {
  const rows = new Map<number, SpendProtectionRow>();
  const orders: MemoryOrder[] = [];
  const repository: SpendProtectionRepository = {
    findSpendProtection: async (userId) => (rows.has(userId) ? { ...rows.get(userId)! } : null),
    async lockSpendProtection(userId) {
      if (!rows.has(userId)) {
        rows.set(userId, {
          userId,
          monthlyLimitCents: null,
          pendingLimitCents: null,
          pendingFrom: null,
          coolOffUntil: null,
          updatedAt: new Date(0),
        });
      }
      return { ...rows.get(userId)! };
    },
    async updateSpendProtection(userId, change, now) {
      rows.set(userId, { ...rows.get(userId)!, ...change, updatedAt: now });
    },
    async sumSpent({ userId, currency, paidSince, openSince }) {
      return orders
        .filter((order) => order.userId === userId && order.currency === currency)
        .filter(
          (order) =>
            (order.status === 'paid' && order.paidAt !== null && order.paidAt >= paidSince) ||
            ((order.status === 'open' || order.status === 'pending') && order.createdAt > openSince),
        )
        .reduce((sum, order) => sum + order.amountCents, 0);
    },
  };
  return { repository, rows, orders };
}

// No database: a transaction is the work itself.
const work: UnitOfWork = {
  db: undefined as never,
  transaction: (run) => run(),
  afterCommit: async (effect) => {
    await effect();
  },
  beforeCommit: (_key, step) => step(),
  currentTransaction: () => undefined,
};

const hourMs = 3_600_000;
const start = new Date('2026-11-10T12:00:00Z');
const at = (hours: number) => new Date(start.getTime() + hours * hourMs);

function setUp(settings: Partial<StoredSiteSettings> = {}) {
  const memory = createMemorySpendProtection();
  const site: Site = { id: 1, companyId: 1, isDemo: false, settings: { ...demoSiteSettings, ...settings } };
  const service = createSpendProtectionService({ repository: memory.repository, work, now: () => start });
  const paid = (amountCents: number, paidAt: Date, more: Partial<MemoryOrder> = {}) =>
    memory.orders.push({ userId: 7, currency: 'EUR', amountCents, status: 'paid', createdAt: paidAt, paidAt, ...more });
  const opened = (amountCents: number, createdAt: Date, status: OrderStatus = 'open') =>
    memory.orders.push({ userId: 7, currency: 'EUR', amountCents, status, createdAt, paidAt: null });
  return { ...memory, site, service, paid, opened };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('the monthly limit', () => {
  it("is the site's default for a member who set none, and none where the site has no default", async () => {
    const { service, site } = setUp({ default_monthly_spend_limit: 500 });
    expect(await service.findSpendProtection(site, 7, start)).toEqual({
      currency: 'EUR',
      monthly_limit: 500,
      own_limit: null,
      default_limit: 500,
      pending_limit: null,
      spent_this_month: 0,
      left_this_month: 500,
      month_ends: '2026-11-30T23:00:00.000Z',
      cool_off_until: null,
    });
    const open = setUp({ default_monthly_spend_limit: undefined });
    expect(await open.service.findSpendProtection(open.site, 7, start)).toMatchObject({
      monthly_limit: null,
      default_limit: null,
      left_this_month: null,
    });
    await open.service.reservePurchase(open.site, 7, 10_000_000, 'EUR', start);
  });

  it('is lowered at once, also by a first limit under the default', async () => {
    const { service, site } = setUp({ default_monthly_spend_limit: 500 });
    await service.setMonthlyLimit(site, 7, 200, start);
    expect(await service.findSpendProtection(site, 7, start)).toMatchObject({
      monthly_limit: 200,
      own_limit: 200,
      pending_limit: null,
    });
    await service.setMonthlyLimit(site, 7, 0, at(1));
    expect((await service.findSpendProtection(site, 7, at(1))).monthly_limit).toBe(0);
    expect((await refusal(service.reservePurchase(site, 7, 1, 'EUR', at(1)))).code).toBe('spend_limit_reached');
  });

  it('is raised only 24 hours after the member asks, and says from when', async () => {
    const { service, site } = setUp({ default_monthly_spend_limit: 500 });
    await service.setMonthlyLimit(site, 7, 200, start);
    await service.setMonthlyLimit(site, 7, 800, at(1));
    const waiting = await service.findSpendProtection(site, 7, at(1));
    expect(waiting).toMatchObject({
      monthly_limit: 200,
      own_limit: 200,
      pending_limit: { monthly_limit: 800, own_limit: 800, from: at(25).toISOString() },
    });
    // A purchase the raise would allow is still refused until then.
    expect((await refusal(service.reservePurchase(site, 7, 30_000, 'EUR', at(24.99)))).code).toBe(
      'spend_limit_reached',
    );
    expect(await service.findSpendProtection(site, 7, at(25))).toMatchObject({
      monthly_limit: 800,
      own_limit: 800,
      pending_limit: null,
    });
    await service.reservePurchase(site, 7, 30_000, 'EUR', at(25));
  });

  it('takes a first limit over the default, and going back to the default, as raises', async () => {
    const { service, site } = setUp({ default_monthly_spend_limit: 500 });
    await service.setMonthlyLimit(site, 7, 1000, start);
    expect(await service.findSpendProtection(site, 7, start)).toMatchObject({
      monthly_limit: 500,
      own_limit: null,
      pending_limit: { monthly_limit: 1000, own_limit: 1000 },
    });
    await service.setMonthlyLimit(site, 7, 100, at(1));
    await service.setMonthlyLimit(site, 7, null, at(2));
    expect(await service.findSpendProtection(site, 7, at(2))).toMatchObject({
      monthly_limit: 100,
      own_limit: 100,
      pending_limit: { monthly_limit: 500, own_limit: null, from: at(26).toISOString() },
    });
    expect(await service.findSpendProtection(site, 7, at(26))).toMatchObject({ monthly_limit: 500, own_limit: null });
  });

  it('is removed after 24 hours where the site has no default', async () => {
    const { service, site } = setUp({ default_monthly_spend_limit: undefined });
    await service.setMonthlyLimit(site, 7, 50, start);
    await service.setMonthlyLimit(site, 7, null, at(1));
    expect(await service.findSpendProtection(site, 7, at(24))).toMatchObject({
      monthly_limit: 50,
      pending_limit: { monthly_limit: null, own_limit: null },
    });
    expect(await service.findSpendProtection(site, 7, at(25))).toMatchObject({
      monthly_limit: null,
      pending_limit: null,
    });
  });

  it('replaces a waiting raise with a new ask: a higher one waits anew, a lower one counts at once', async () => {
    const { service, site } = setUp({ default_monthly_spend_limit: 500 });
    await service.setMonthlyLimit(site, 7, 800, start);
    await service.setMonthlyLimit(site, 7, 900, at(12));
    expect((await service.findSpendProtection(site, 7, at(30))).pending_limit).toEqual({
      monthly_limit: 900,
      own_limit: 900,
      from: at(36).toISOString(),
    });
    expect((await service.findSpendProtection(site, 7, at(30))).monthly_limit).toBe(500);
    // A raise smaller than the waiting one is still a raise over what counts now.
    await service.setMonthlyLimit(site, 7, 600, at(31));
    expect((await service.findSpendProtection(site, 7, at(31))).pending_limit?.from).toBe(at(55).toISOString());
    await service.setMonthlyLimit(site, 7, 300, at(32));
    expect(await service.findSpendProtection(site, 7, at(100))).toMatchObject({
      monthly_limit: 300,
      pending_limit: null,
    });
    // Asking what counts now drops the raise too.
    await service.setMonthlyLimit(site, 7, 700, at(101));
    await service.setMonthlyLimit(site, 7, 300, at(102));
    expect(await service.findSpendProtection(site, 7, at(200))).toMatchObject({
      monthly_limit: 300,
      pending_limit: null,
    });
  });

  it('keeps a raise that came into force when the member asks something else later', async () => {
    const { service, site, rows } = setUp({ default_monthly_spend_limit: 500 });
    await service.setMonthlyLimit(site, 7, 200, start);
    await service.setMonthlyLimit(site, 7, 400, at(1));
    // The raise counts from hour 25; the next ask compares with it, not with the 200 before it.
    await service.setMonthlyLimit(site, 7, 450, at(30));
    expect(rows.get(7)).toMatchObject({ monthlyLimitCents: 40_000, pendingLimitCents: 45_000, pendingFrom: at(54) });
  });
});

describe('a purchase held to the limit', () => {
  it("counts this month's paid orders and the checkouts opened in the last 24 hours, in the purchase's currency", async () => {
    const { service, site, paid, opened, orders } = setUp({ default_monthly_spend_limit: 100 });
    const now = new Date('2026-11-20T12:00:00Z');
    paid(4000, new Date('2026-11-02T09:00:00Z'));
    paid(9000, new Date('2026-10-30T09:00:00Z')); // last month
    opened(2000, new Date('2026-11-20T08:00:00Z'));
    opened(1000, new Date('2026-11-19T20:00:00Z'), 'pending');
    opened(9000, new Date('2026-11-19T11:59:59Z')); // abandoned: older than 24 hours
    opened(9000, new Date('2026-11-20T10:00:00Z'), 'failed');
    opened(9000, new Date('2026-11-20T10:00:00Z'), 'canceled');
    paid(9000, new Date('2026-11-05T10:00:00Z'), { status: 'refunded' });
    paid(9000, new Date('2026-11-05T10:00:00Z'), { currency: 'PLN' });
    paid(9000, new Date('2026-11-05T10:00:00Z'), { userId: 8 });
    expect(await service.findSpendProtection(site, 7, now)).toMatchObject({
      spent_this_month: 70,
      left_this_month: 30,
    });

    await service.reservePurchase(site, 7, 3000, 'EUR', now);
    orders.push({ userId: 7, currency: 'EUR', amountCents: 3000, status: 'open', createdAt: now, paidAt: null });
    const refused = await refusal(service.reservePurchase(site, 7, 1, 'EUR', now));
    expect(refused.code).toBe('spend_limit_reached');
    expect(refused.values).toEqual({ amount: 0, currency: 'EUR' });
    // Another currency has its own count against the same number.
    await service.reservePurchase(site, 7, 1000, 'PLN', now);
    expect((await refusal(service.reservePurchase(site, 7, 1001, 'PLN', now))).values).toEqual({
      amount: 10,
      currency: 'PLN',
    });
  });

  it('says what is left when the purchase is bigger than that', async () => {
    const { service, site, paid } = setUp({ default_monthly_spend_limit: 50 });
    paid(1999, at(-1));
    const refused = await refusal(service.reservePurchase(site, 7, 3500, 'EUR', start));
    expect(refused).toMatchObject({ code: 'spend_limit_reached', values: { amount: 30.01, currency: 'EUR' } });
    await service.reservePurchase(site, 7, 3001, 'EUR', start);
  });

  it("starts the month at midnight of the 1st on the site's clock", async () => {
    // 23:30 on 31 October in Amsterdam is 22:30 UTC; 00:30 on 1 November is 23:30 UTC.
    const lastEvening = new Date('2026-10-31T22:30:00Z');
    const newMonth = new Date('2026-10-31T23:30:00Z');
    const amsterdam = setUp({ default_monthly_spend_limit: 100, time_zone: 'Europe/Amsterdam' });
    amsterdam.paid(10_000, lastEvening);
    expect((await refusal(amsterdam.service.reservePurchase(amsterdam.site, 7, 1, 'EUR', lastEvening))).code).toBe(
      'spend_limit_reached',
    );
    await amsterdam.service.reservePurchase(amsterdam.site, 7, 10_000, 'EUR', newMonth);
    expect(await amsterdam.service.findSpendProtection(amsterdam.site, 7, newMonth)).toMatchObject({
      spent_this_month: 0,
      month_ends: '2026-11-30T23:00:00.000Z',
    });

    // On a site that keeps UTC it is still October then.
    const utc = setUp({ default_monthly_spend_limit: 100, time_zone: 'UTC' });
    utc.paid(10_000, lastEvening);
    expect((await refusal(utc.service.reservePurchase(utc.site, 7, 1, 'EUR', newMonth))).code).toBe(
      'spend_limit_reached',
    );
    expect((await utc.service.findSpendProtection(utc.site, 7, newMonth)).month_ends).toBe('2026-11-01T00:00:00.000Z');
  });
});

describe('a cool-off', () => {
  it('refuses every purchase until it ends, saying until when', async () => {
    const { service, site } = setUp({ default_monthly_spend_limit: undefined });
    await service.startCoolOff(7, '24h', start);
    const refused = await refusal(service.reservePurchase(site, 7, 100, 'EUR', at(23.9)));
    expect(refused).toMatchObject({ code: 'spend_cool_off', values: { until: at(24).toISOString() } });
    expect((await service.findSpendProtection(site, 7, at(1))).cool_off_until).toBe(at(24).toISOString());
    await service.reservePurchase(site, 7, 100, 'EUR', at(24));
    expect((await service.findSpendProtection(site, 7, at(24))).cool_off_until).toBeNull();
  });

  it('lasts 24 hours, 30 days or 180 days, and is extended but never shortened', async () => {
    const { service, site } = setUp();
    await service.startCoolOff(7, '30d', start);
    expect((await service.findSpendProtection(site, 7, start)).cool_off_until).toBe(at(30 * 24).toISOString());
    await service.startCoolOff(7, '24h', at(1));
    expect((await service.findSpendProtection(site, 7, at(1))).cool_off_until).toBe(at(30 * 24).toISOString());
    // Neither a new limit nor a removal of the limit ends it.
    await service.updateSpendProtection(site, 7, { monthly_limit: null }, at(2));
    await service.updateSpendProtection(site, 7, { monthly_limit: 100_000 }, at(3));
    expect((await refusal(service.reservePurchase(site, 7, 100, 'EUR', at(100)))).code).toBe('spend_cool_off');
    const extended = await service.updateSpendProtection(site, 7, { cool_off: '6m' }, at(5));
    expect(extended.cool_off_until).toBe(at(5 + 180 * 24).toISOString());
    await service.startCoolOff(7, '30d', at(6));
    expect((await service.findSpendProtection(site, 7, at(6))).cool_off_until).toBe(at(5 + 180 * 24).toISOString());
  });

  it('offers the periods that end at least a day after the running one', async () => {
    const { service } = setUp();
    expect(service.listCoolOffChoices(null, start)).toEqual([
      { period: '24h', until: at(24).toISOString() },
      { period: '30d', until: at(30 * 24).toISOString() },
      { period: '6m', until: at(180 * 24).toISOString() },
    ]);
    const periods = (until: Date, now: Date) =>
      service.listCoolOffChoices(until.toISOString(), now).map((choice) => choice.period);
    // 20 days left: 30 days from now ends 10 days later.
    expect(periods(at(24 * 20), start)).toEqual(['30d', '6m']);
    // 24 hours started an hour ago: another 24 hours would add an hour.
    expect(periods(at(23), start)).toEqual(['30d', '6m']);
    expect(periods(at(29 * 24), start)).toEqual(['30d', '6m']);
    expect(periods(at(29 * 24 + 1), start)).toEqual(['6m']);
  });
});
