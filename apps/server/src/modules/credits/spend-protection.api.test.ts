import { randomBytes } from 'node:crypto';
import { AppError } from '@app/shared/errors/app-error';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditPackages, orders, spendProtection } from '../../db/schema/credits.ts';
import { createUnitOfWork } from '../../db/unit-of-work.ts';
import { demoAccounts } from '../../seed/demo-site.ts';
import { createTestApp, loginMember, signupMember, type TestApp, testDatabaseKind } from '../../test/test-app.ts';
import type { Site } from '../sites/sites.service.ts';
import { createSpendProtectionRepository } from './spend-protection.repository.ts';
import { createSpendProtectionService } from './spend-protection.service.ts';

let t: TestApp;
let site: Site;
let packageId: number;
const start = new Date('2026-11-10T12:00:00Z');
let clock = start;
const hourMs = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ profiles: 4, now: () => clock });
  site = (await t.app.services.sites.findSiteByHost('localhost'))!;
  const [bundle] = await t.database.db
    .insert(creditPackages)
    .values({ siteId: site.id, currency: 'EUR', credits: 100, priceCents: 1000, label: 'package_small', variant: 'p0' })
    .returning({ id: creditPackages.id });
  packageId = bundle!.id;
});
afterAll(() => t?.close());
beforeEach(() => {
  clock = start;
});

function call(method: 'GET' | 'PUT', cookie: string, body?: unknown, query = '') {
  return t.app.inject({
    method,
    url: `/api/spend-protection.php${query}`,
    headers: {
      host: 'localhost',
      'x-request-type': 'client',
      cookie: `locale=nl${cookie ? `; ${cookie}` : ''}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A new member of this test alone: the session cookie and the member's id. */
async function newMember(name: string) {
  const email = `${name.toLowerCase()}-${randomBytes(3).toString('hex')}@example.com`;
  await signupMember(t.app, email, name);
  return loginMember(t.app, email, 'sterk-genoeg-123');
}

/** An order as the orders service stores one (the lead's; only its columns matter to spending). */
function orderValues(userId: number, amountCents: number, more: Partial<typeof orders.$inferInsert> = {}) {
  return {
    siteId: site.id,
    userId,
    packageId,
    credits: 100,
    currency: 'EUR',
    listPriceCents: amountCents,
    amountCents,
    vatBasisPoints: 2100,
    country: 'NL',
    createdAt: clock,
    ...more,
  } satisfies typeof orders.$inferInsert;
}

// The protection on a unit of work of this test's own, so that an order is stored in the transaction that reserves
// it, as the orders service does.
const work = () => createUnitOfWork(t.database.db);
function createProtection() {
  const unit = work();
  const protection = createSpendProtectionService({
    repository: createSpendProtectionRepository(unit.db),
    work: unit,
    now: () => clock,
  });
  /** Reserves and stores an order of `amountCents` in one transaction, as the order call will. */
  const buy = (userId: number, amountCents: number) =>
    unit.transaction(async () => {
      await protection.reservePurchase(site, userId, amountCents, 'EUR', clock);
      await unit.db.insert(orders).values(orderValues(userId, amountCents));
    });
  return { protection, buy };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

async function countOrders(userId: number) {
  const [row] = await t.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row!.n;
}

describe(`spend protection on ${testDatabaseKind()}`, () => {
  it("answers the site's default to a member who set nothing, lowers at once and raises after 24 hours", async () => {
    const { cookie } = await loginMember(t.app, demoAccounts[0].email);
    const first = await call('GET', cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({
      spend_protection: {
        currency: 'EUR',
        monthly_limit: 500,
        own_limit: null,
        default_limit: 500,
        pending_limit: null,
        spent_this_month: 0,
        left_this_month: 500,
        month_ends: '2026-11-30T23:00:00.000Z',
        cool_off_until: null,
      },
    });

    const lowered = await call('PUT', cookie, { monthly_limit: 200 });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().spend_protection).toMatchObject({ monthly_limit: 200, own_limit: 200, pending_limit: null });

    const raised = (await call('PUT', cookie, { monthly_limit: 800 })).json().spend_protection;
    expect(raised).toMatchObject({
      monthly_limit: 200,
      pending_limit: { monthly_limit: 800, own_limit: 800, from: '2026-11-11T12:00:00.000Z' },
    });
    clock = new Date(start.getTime() + 24 * hourMs - 1);
    expect((await call('GET', cookie)).json().spend_protection.monthly_limit).toBe(200);
    clock = new Date(start.getTime() + 24 * hourMs);
    expect((await call('GET', cookie)).json().spend_protection).toMatchObject({
      monthly_limit: 800,
      pending_limit: null,
    });

    // Back to the default (500) is lower than 800: at once.
    const back = (await call('PUT', cookie, { monthly_limit: null })).json().spend_protection;
    expect(back).toMatchObject({ monthly_limit: 500, own_limit: null, pending_limit: null });
  });

  it('starts a cool-off and extends it, never shortens it', async () => {
    const { cookie } = await newMember('Pauze');
    const started = await call('PUT', cookie, { cool_off: '30d' });
    expect(started.statusCode).toBe(200);
    expect(started.json().spend_protection.cool_off_until).toBe('2026-12-10T12:00:00.000Z');
    clock = new Date(start.getTime() + hourMs);
    expect((await call('PUT', cookie, { cool_off: '24h' })).json().spend_protection.cool_off_until).toBe(
      '2026-12-10T12:00:00.000Z',
    );
    expect((await call('PUT', cookie, { cool_off: '6m' })).json().spend_protection.cool_off_until).toBe(
      '2027-05-09T13:00:00.000Z',
    );
  });

  it("refuses bad input with its field's error and changes nothing", async () => {
    const { cookie } = await newMember('Fout');
    for (const monthly_limit of [-1, 12.5, '100', 100_001]) {
      const response = await call('PUT', cookie, { monthly_limit });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'spend_limit_invalid',
        message: 'Vul een heel bedrag in, van 0 tot 100.000.',
        field: 'monthly_limit',
      });
    }
    const period = await call('PUT', cookie, { cool_off: '1y' });
    expect(period.json()).toMatchObject({ error: 'choice_required', field: 'cool_off' });
    for (const body of [{}, { monthly_limit: 100, cool_off: '24h' }, { monthly_limit: 100, user_id: 1 }]) {
      const response = await call('PUT', cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation_failed');
    }
    expect((await call('GET', cookie)).json().spend_protection).toMatchObject({
      monthly_limit: 500,
      own_limit: null,
      cool_off_until: null,
    });
  });

  it('is for logged-in members only', async () => {
    const get = await call('GET', '');
    expect(get.statusCode).toBe(403);
    expect(get.json().error).toBe('authentication_required');
    const put = await call('PUT', '', { cool_off: '24h' });
    expect(put.statusCode).toBe(403);
    expect(put.json().error).toBe('authentication_required');
  });

  it("counts this month's paid orders and the checkouts opened in the last 24 hours", async () => {
    const { cookie, user } = await newMember('Teller');
    await t.database.db.insert(orders).values([
      orderValues(user.id, 4000, { status: 'paid', paidAt: new Date('2026-11-02T09:00:00Z') }),
      // Paid at 23:30 on 31 October in Amsterdam (22:30 UTC): last month.
      orderValues(user.id, 9000, { status: 'paid', paidAt: new Date('2026-10-31T22:30:00Z') }),
      orderValues(user.id, 2000, { status: 'open', createdAt: new Date('2026-11-10T08:00:00Z') }),
      orderValues(user.id, 1000, { status: 'pending', createdAt: new Date('2026-11-09T13:00:00Z') }),
      orderValues(user.id, 9000, { status: 'open', createdAt: new Date('2026-11-09T11:59:59Z') }),
      orderValues(user.id, 9000, { status: 'failed' }),
      orderValues(user.id, 9000, { status: 'refunded', paidAt: new Date('2026-11-03T09:00:00Z') }),
      orderValues(user.id, 9000, { status: 'paid', paidAt: new Date('2026-11-03T09:00:00Z'), currency: 'PLN' }),
    ]);
    // Paid at 00:30 on 1 November in Amsterdam (23:30 UTC the day before): this month.
    await t.database.db
      .insert(orders)
      .values(orderValues(user.id, 500, { status: 'paid', paidAt: new Date('2026-10-31T23:30:00Z') }));
    expect((await call('GET', cookie)).json().spend_protection).toMatchObject({
      spent_this_month: 75,
      left_this_month: 425,
    });
  });

  it('refuses a purchase in a cool-off or over the limit, in the transaction that would store the order', async () => {
    const { cookie, user } = await newMember('Koper');
    const { buy } = createProtection();
    await call('PUT', cookie, { monthly_limit: 50 });
    await buy(user.id, 2000);
    const over = await refusal(buy(user.id, 3001));
    expect(over.code).toBe('spend_limit_reached');
    expect(over.values).toEqual({ amount: 30, currency: 'EUR' });
    await buy(user.id, 3000);
    expect(await countOrders(user.id)).toBe(2);

    // A checkout left open counts for 24 hours, then the month's payments alone count.
    clock = new Date(start.getTime() + 24 * hourMs + 1);
    await buy(user.id, 5000);
    expect(await countOrders(user.id)).toBe(3);

    await call('PUT', cookie, { cool_off: '24h' });
    const paused = await refusal(buy(user.id, 100));
    expect(paused.code).toBe('spend_cool_off');
    expect(paused.values).toEqual({ until: '2026-11-12T12:00:00.001Z' });
    expect(await countOrders(user.id)).toBe(3);
  });

  it('lets 10 parallel purchases pass a limit that fits 3 only 3 times', async () => {
    const { cookie, user } = await newMember('Parallel');
    await call('PUT', cookie, { monthly_limit: 30 });
    const { buy } = createProtection();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => buy(user.id, 1000)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as AppError] : []));
    expect(refused.map((error) => [error.code, error.values?.amount])).toEqual(
      Array.from({ length: 7 }, () => ['spend_limit_reached', 0]),
    );
    expect(await countOrders(user.id)).toBe(3);

    // The same race for a member without a row yet, against the site's default of 500: the first purchase makes the
    // row, the others wait for it.
    const other = await newMember('Nieuw');
    const race = await Promise.allSettled(Array.from({ length: 10 }, () => buy(other.user.id, 20_000)));
    expect(race.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    expect(await countOrders(other.user.id)).toBe(2);
  });

  it("never shows or changes another member's protection", async () => {
    const a = await newMember('Anna');
    const b = await newMember('Bram');
    await call('PUT', a.cookie, { monthly_limit: 40 });
    await call('PUT', a.cookie, { cool_off: '30d' });
    await t.database.db
      .insert(orders)
      .values(orderValues(a.user.id, 3000, { status: 'paid', paidAt: new Date('2026-11-05T10:00:00Z') }));

    const asked = await call('GET', b.cookie, undefined, `?user_id=${a.user.id}`);
    expect(asked.json().spend_protection).toMatchObject({
      monthly_limit: 500,
      own_limit: null,
      spent_this_month: 0,
      cool_off_until: null,
    });
    expect((await call('PUT', b.cookie, { monthly_limit: 10, user_id: a.user.id })).statusCode).toBe(400);
    await call('PUT', b.cookie, { monthly_limit: 10 }, `?user_id=${a.user.id}`);
    const rows = await t.database.db
      .select({ userId: spendProtection.userId, limit: spendProtection.monthlyLimitCents })
      .from(spendProtection)
      .where(eq(spendProtection.userId, a.user.id));
    expect(rows).toEqual([{ userId: a.user.id, limit: 4000 }]);
    expect((await call('GET', a.cookie)).json().spend_protection).toMatchObject({
      monthly_limit: 40,
      spent_this_month: 30,
    });
  });
});
