import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../seed/demo-site.ts';
import { createShopClient } from '../../test/shop-client.ts';
import { createTestApp, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

let t: TestApp;
let clock = new Date('2026-11-23T12:00:00Z');
const dayMs = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ profiles: 8, now: () => clock });
});
afterAll(() => t?.close());

const {
  headers,
  login,
  signup: signupMember,
  me,
  order,
  webhook,
  pay,
  paymentIdOf,
  methodOf,
  packageIds,
} = createShopClient(() => t);
const sandbox = () => t.app.services.credits.sandbox!;

interface LedgerRow {
  delta: number;
  reason: string;
  reference: string;
  balance_after: number;
  shortfall: number;
}
const ledgerOf = async (userId: number) =>
  (
    (await t.database.db.execute(
      sql`select delta, reason, reference, balance_after, shortfall from credit_entries where user_id = ${userId} order by id`,
    )) as unknown as { rows: LedgerRow[] }
  ).rows;

/** The buyer's return from the checkout, as the payment page's loader makes it. */
async function returnToSite(cookie: string, orderId: number) {
  const site = (await t.app.services.sites.findSiteByHost('localhost'))!;
  return t.app.services.credits.shop.findOrderAfterReturn(site, await me(cookie), orderId);
}

const smallest = async () => (await packageIds())[0]!;

describe(`credits and payments on ${testDatabaseKind()}`, () => {
  it("lists the site's packages in euros, with the price per message and VAT; a new member's include the time bonus", async () => {
    const visitor = (await t.app.inject({ url: '/api/packages.php', headers: headers() })).json();
    expect(visitor.discount).toBeNull();
    expect(visitor.vat_percentage).toBe(21);
    expect(visitor.packages).toHaveLength(4);
    expect(visitor.packages[0]).toMatchObject({
      credits: 50,
      messages: 10,
      currency: 'EUR',
      list_price: 14.99,
      price: 14.99,
      price_per_message: 1.5,
      variant: 'p0',
      best_value: false,
    });
    expect(visitor.packages.filter((p: { best_value: boolean }) => p.best_value)).toHaveLength(1);

    const { cookie } = await signupMember();
    const member = (await t.app.inject({ url: '/api/packages.php', headers: headers(cookie) })).json();
    expect(member.discount).toEqual({ code: 'TIMEBONUS25', percentage: 25 });
    // 25% off, but never under the site's 0.99 a message.
    expect(member.packages.map((p: { price: number }) => p.price)).toEqual([11.24, 19.8, 49.5, 99]);
  });

  it('a free member buys the smallest package through the sandbox, becomes premium, and is credited once', async () => {
    const cookie = await login(demoAccounts[0].email);
    const before = await me(cookie);
    expect(before).toMatchObject({ paid_user: false, credits: 0 });
    const response = await order(cookie, { package: await smallest(), ...(await methodOf(cookie)) });
    expect(response.statusCode).toBe(200);
    const { order: created, checkout_url: checkoutUrl } = response.json();
    expect(created).toMatchObject({
      status: 'open',
      credits: 50,
      amount: 14.99,
      vat: 2.6,
      payment_method: (await methodOf(cookie)).payment_method,
    });
    expect(checkoutUrl).toMatch(/^http:\/\/localhost:3000\/sandbox\/checkout\/tr_\w+$/);

    // A webhook before the buyer paid changes nothing.
    const id = paymentIdOf(checkoutUrl);
    expect((await webhook(id)).statusCode).toBe(200);
    expect((await me(cookie)).credits).toBe(0);

    await pay(checkoutUrl, 'paid');
    // The webhook three times at once, and the buyer's return in between: one credit, one premium.
    const returned = returnToSite(cookie, created.id);
    const calls = await Promise.all([webhook(id), webhook(id), webhook(id), returned]);
    expect(calls.slice(0, 3).map((call) => (call as { statusCode: number }).statusCode)).toEqual([200, 200, 200]);
    expect(await webhook(id)).toMatchObject({ statusCode: 200 });
    const after = await me(cookie);
    expect(after).toMatchObject({ paid_user: true, credits: 50 });
    expect(await ledgerOf(before.id)).toEqual([
      { delta: 50, reason: 'purchase', reference: String(created.id), balance_after: 50, shortfall: 0 },
    ]);
    const status = await t.app.inject({ url: `/api/orders.php?id=${created.id}`, headers: headers(cookie) });
    expect(status.json().order).toMatchObject({ status: 'paid', credits: 50 });
    // Someone else's order is not there for them.
    const other = await login(demoAccounts[1].email);
    const foreign = await t.app.inject({ url: `/api/orders.php?id=${created.id}`, headers: headers(other) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('not_found');
  });

  it('20 parallel debits against a balance for 3 take exactly 3, never below zero', async () => {
    const { id } = await signupMember();
    const { ledger } = t.app.services.credits;
    await ledger.grantCredits({ userId: id, reason: 'correction', reference: `race-${id}` }, 15);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        ledger.debitCredits({ userId: id, reason: 'message', reference: `race-${id}-${index}` }, 5),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused.map((result) => (result as PromiseRejectedResult).reason.code)).toEqual(
      Array(17).fill('insufficient_credits'),
    );
    const entries = await ledgerOf(id);
    expect(entries.filter((entry) => entry.reason === 'message')).toHaveLength(3);
    expect(entries.at(-1)).toMatchObject({ balance_after: 0 });
    // A grant with the same cause twice counts once.
    await ledger.grantCredits({ userId: id, reason: 'correction', reference: `race-${id}` }, 15);
    expect(await ledgerOf(id)).toHaveLength(4);
  });

  it('answers every status the provider has, and a failed order is paid by another method', async () => {
    const cookie = await login(demoAccounts[1].email);
    for (const outcome of ['failed', 'canceled', 'expired'] as const) {
      const { order: created, checkout_url: url } = (
        await order(cookie, { package: await smallest(), ...(await methodOf(cookie)) })
      ).json();
      await webhook(await pay(url, outcome));
      expect(
        (await t.app.inject({ url: `/api/orders.php?id=${created.id}`, headers: headers(cookie) })).json().order.status,
      ).toBe(outcome);
    }
    // Left open at the checkout: still open, then pending is what the return shows while the bank decides.
    const { order: open, checkout_url: openUrl } = (
      await order(cookie, { package: await smallest(), ...(await methodOf(cookie)) })
    ).json();
    await pay(openUrl, 'open');
    expect((await returnToSite(cookie, open.id)).status).toBe('open');

    const { order: retried, checkout_url: firstUrl } = (
      await order(cookie, { package: await smallest(), ...(await methodOf(cookie)) })
    ).json();
    await webhook(await pay(firstUrl, 'failed'));
    const site = (await t.app.services.sites.findSiteByHost('localhost'))!;
    const second = await t.app.services.credits.shop.startPayment(
      site,
      await me(cookie),
      retried.id,
      (await methodOf(cookie, 1)).payment_method,
      { origin: 'http://localhost:3000', locale: 'nl' },
    );
    const secondId = await pay(second.checkoutUrl!, 'paid');
    // The first payment's failure arrives again, late: the order stays paid.
    await webhook(secondId);
    await webhook(paymentIdOf(firstUrl));
    expect((await returnToSite(cookie, retried.id)).status).toBe('paid');
    const entries = await ledgerOf((await me(cookie)).id);
    expect(entries.filter((entry) => entry.reference === String(retried.id))).toHaveLength(1);
  });

  it('refunds a second payment of a paid order in full and credits the order once', async () => {
    const { cookie, id } = await signupMember();
    const { order: created, checkout_url: firstUrl } = (
      await order(cookie, { package: await smallest(), ...(await methodOf(cookie)) })
    ).json();
    const site = (await t.app.services.sites.findSiteByHost('localhost'))!;
    const second = await t.app.services.credits.shop.startPayment(site, await me(cookie), created.id, 'creditcard', {
      origin: 'http://localhost:3000',
      locale: 'nl',
    });
    const secondId = await pay(second.checkoutUrl!, 'paid');
    await pay(firstUrl, 'paid');
    await webhook(paymentIdOf(firstUrl));
    await webhook(secondId);
    await webhook(secondId);
    const doubled = await sandbox().getPayment(secondId);
    const first = await sandbox().getPayment(paymentIdOf(firstUrl));
    expect([first.amountRefunded.cents, doubled.amountRefunded.cents].sort()).toEqual([0, 1124]);
    expect((await ledgerOf(id)).filter((entry) => entry.reason === 'purchase')).toHaveLength(1);
    expect((await me(cookie)).credits).toBe(50);
  });

  it('premium comes with the first purchase only; a refund within the refund days takes the unused credits back', async () => {
    const { cookie, id } = await signupMember();
    const buy = async () => {
      const { order: created, checkout_url: url } = (
        await order(cookie, { package: await smallest(), ...(await methodOf(cookie)) })
      ).json();
      await webhook(await pay(url, 'paid'));
      return created.id as number;
    };
    await buy();
    expect(await me(cookie)).toMatchObject({ paid_user: true, credits: 50 });
    const second = await buy();
    expect(await me(cookie)).toMatchObject({ paid_user: true, credits: 100 });
    // The second order had no time bonus: the member was premium by then.
    const secondOrder = (await t.app.inject({ url: `/api/orders.php?id=${second}`, headers: headers(cookie) })).json();
    expect(secondOrder.order).toMatchObject({ discount_code: null, amount: 14.99 });

    const site = (await t.app.services.sites.findSiteByHost('localhost'))!;
    const { shop, ledger } = t.app.services.credits;
    await ledger.debitCredits({ userId: id, reason: 'message', reference: `refund-${id}` }, 70);
    // 30 credits left of the last 50: 30/50 of the money goes back, and those 30 credits with it.
    // Asked twice at once: one refund.
    const member = await me(cookie);
    const asked = await Promise.allSettled([
      shop.refundOrder(site, member, second),
      shop.refundOrder(site, member, second),
    ]);
    expect(asked.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refunded = (
      asked.find((result) => result.status === 'fulfilled') as PromiseFulfilledResult<{ status: string }>
    ).value;
    expect(refunded.status).toBe('refunded');
    expect(await me(cookie)).toMatchObject({ credits: 0 });
    const refund = (await ledgerOf(id)).at(-1);
    expect(refund).toMatchObject({ delta: -30, reason: 'refund', shortfall: 0 });
    // A repeated webhook takes nothing twice.
    const payment = (
      (await t.database.db.execute(
        sql`select provider_payment_id from payments where order_id = ${second}`,
      )) as unknown as { rows: { provider_payment_id: string }[] }
    ).rows[0]!;
    await webhook(payment.provider_payment_id);
    expect((await ledgerOf(id)).filter((entry) => entry.reason === 'refund')).toHaveLength(1);
    expect((await sandbox().getPayment(payment.provider_payment_id)).amountRefunded.cents).toBe(899);
  });

  it('a refund is refused after the refund days, and a chargeback takes back what is left, recording the shortfall', async () => {
    const { cookie, id } = await signupMember();
    const { order: created, checkout_url: url } = (
      await order(cookie, { package: await smallest(), ...(await methodOf(cookie)) })
    ).json();
    const paymentId = await pay(url, 'paid');
    await webhook(paymentId);
    const site = (await t.app.services.sites.findSiteByHost('localhost'))!;
    const { shop, ledger } = t.app.services.credits;
    const saved = clock;
    clock = new Date(clock.getTime() + 15 * dayMs);
    await expect(shop.refundOrder(site, await me(cookie), created.id)).rejects.toMatchObject({
      code: 'order_not_payable',
    });
    clock = saved;
    await ledger.debitCredits({ userId: id, reason: 'message', reference: `chargeback-${id}` }, 45);
    await sandbox().chargeBack(paymentId, 1124);
    await webhook(paymentId);
    await webhook(paymentId);
    expect((await me(cookie)).credits).toBe(0);
    expect((await ledgerOf(id)).filter((entry) => entry.reason === 'chargeback')).toEqual([
      { delta: -5, reason: 'chargeback', reference: `${created.id}:1124`, balance_after: 0, shortfall: 45 },
    ]);
    const status = await t.app.inject({ url: `/api/orders.php?id=${created.id}`, headers: headers(cookie) });
    expect(status.json().order.status).toBe('charged_back');
  });

  it('acknowledges a webhook for a payment it does not know, and refuses one without an id', async () => {
    expect((await webhook('tr_onbekend')).statusCode).toBe(200);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('a card payment leaves a mandate: the next order is charged on it without a checkout, credited once', async () => {
    const { cookie, id } = await signupMember();
    const { order: first, checkout_url: url } = (
      await order(cookie, { package: await smallest(), payment_method: 'creditcard' })
    ).json();
    await webhook(await pay(url, 'paid'));
    const mandates = (await t.database.db.execute(
      sql`select method, status from payment_mandates where user_id = ${id}`,
    )) as unknown as { rows: { method: string; status: string }[] };
    expect(mandates.rows).toEqual([{ method: 'creditcard', status: 'valid' }]);

    const site = (await t.app.services.sites.findSiteByHost('localhost'))!;
    const { shop } = t.app.services.credits;
    const repeat = await shop.createOrder(site, await me(cookie), first.package);
    const charged = await shop.startPayment(site, await me(cookie), repeat.id, 'creditcard', {
      origin: 'http://localhost:3000',
      locale: 'nl',
      recurring: true,
    });
    expect(charged.checkoutUrl).toBeNull();
    expect(charged.order.status).toBe('paid');
    const payment = (await t.database.db.execute(
      sql`select provider_payment_id, sequence_type from payments where order_id = ${repeat.id}`,
    )) as unknown as { rows: { provider_payment_id: string; sequence_type: string }[] };
    expect(payment.rows).toHaveLength(1);
    expect(payment.rows[0]!.sequence_type).toBe('recurring');
    await webhook(payment.rows[0]!.provider_payment_id);
    expect((await ledgerOf(id)).filter((entry) => entry.reason === 'purchase')).toHaveLength(2);
    // Not activated, so no signup credits: two packages of 50.
    expect((await me(cookie)).credits).toBe(100);
  });
});
