import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes } from '../../db/schema/credits.ts';
import { demoAccounts } from '../../seed/demo-site.ts';
import { createShopClient } from '../../test/shop-client.ts';
import { createTestApp, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

let t: TestApp;
let clock = new Date('2026-11-23T12:00:00Z');
const hourMs = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ profiles: 8, now: () => clock });
});
afterAll(() => t?.close());

const { headers, login, signup, me, order, methodOf, packageIds, pay, webhook } = createShopClient(() => t);
const signupMember = async () => (await signup('korting')).cookie;
const packages = async (cookie: string, code?: string) =>
  t.app.inject({
    url: `/api/packages.php${code ? `?discount_code=${encodeURIComponent(code)}` : ''}`,
    headers: headers(cookie),
  });

/** Orders and pays (sandbox, webhook): the code counts as used only on a paid order. */
async function buy(cookie: string, body: object) {
  const response = await order(cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  await webhook(await pay(response.json().checkout_url, 'paid'));
  return response.json().order;
}

async function insertCode(values: Partial<typeof discountCodes.$inferInsert> & { code: string }) {
  await t.database.db
    .insert(discountCodes)
    .values({ siteId: 1, valuePercentage: 10, purpose: 'campaign', validity: 'unlimited', ...values });
}

describe(`discounts at checkout on ${testDatabaseKind()}`, () => {
  it('answers unknown, used and expired codes with their own words, on the prices and on the order', async () => {
    const cookie = await login(demoAccounts[0].email);
    const [smallest] = await packageIds();
    const unknown = await packages(cookie, 'BESTAATNIET');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'discount_code_not_found', message: 'Code niet gevonden' });
    await insertCode({ code: 'OP', status: 'used' });
    await insertCode({ code: 'VERLOPEN', expiresAt: clock });
    const used = await order(cookie, { package: smallest, ...(await methodOf(cookie)), discount_code: 'op' });
    expect(used.json()).toMatchObject({ error: 'discount_code_used', message: 'Code reeds gebruikt' });
    const expired = await order(cookie, { package: smallest, ...(await methodOf(cookie)), discount_code: 'VERLOPEN' });
    expect(expired.json()).toMatchObject({ error: 'discount_code_expired', message: 'Deze code is verlopen.' });
    // Nothing was ordered by a refused code.
    const orders = await t.database.db.query.users.findFirst({ columns: { id: true } });
    expect(orders).toBeTruthy();
    const stored = await t.app.services.credits.shop.findOrders(await me(cookie), 10);
    expect(stored).toEqual([]);
  });

  it('applies a minimum order value, a country and a payment method limit', async () => {
    const cookie = await login(demoAccounts[0].email);
    const country = (await me(cookie)).profile.country as string;
    const [smallest, second] = await packageIds();
    await insertCode({ code: 'VANAF20', minimumOrderValue: 2000, currency: 'EUR' });
    const tooSmall = await order(cookie, { package: smallest, ...(await methodOf(cookie)), discount_code: 'VANAF20' });
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json()).toMatchObject({
      error: 'discount_minimum_not_met',
      message: 'Deze code geldt vanaf een bestelling van €\u00a020,00.',
    });
    const bigEnough = await order(cookie, { package: second, ...(await methodOf(cookie)), discount_code: 'VANAF20' });
    expect(bigEnough.json().order).toMatchObject({ discount_code: 'VANAF20', discount_percentage: 10, amount: 22.49 });

    await insertCode({ code: 'ELDERS', country: country === 'DE' ? 'NL' : 'DE' });
    const elsewhere = await order(cookie, { package: smallest, ...(await methodOf(cookie)), discount_code: 'ELDERS' });
    expect(elsewhere.json()).toMatchObject({ error: 'discount_not_applicable' });

    await insertCode({ code: 'PAYPAL10', paymentMethods: ['paypal'] });
    const card = await order(cookie, { package: smallest, payment_method: 'creditcard', discount_code: 'PAYPAL10' });
    expect(card.json()).toMatchObject({ error: 'discount_not_applicable' });
    const paypal = await order(cookie, { package: smallest, payment_method: 'paypal', discount_code: 'PAYPAL10' });
    expect(paypal.json().order).toMatchObject({ discount_code: 'PAYPAL10', amount: 13.49 });
  });

  it('a single-use code is used up by a paid order, a once-per-user code once per member, an unlimited one never', async () => {
    const [first, second] = [await signupMember(), await signupMember()];
    const [smallest] = await packageIds();
    // Past the time bonus, so the codes are the only discount.
    clock = new Date(clock.getTime() + 5 * hourMs);
    await insertCode({ code: 'EENMALIG', validity: 'once' });
    await insertCode({ code: 'PERLID', validity: 'once-per-user' });
    await insertCode({ code: 'ALTIJD', validity: 'unlimited' });
    const pay = async (cookie: string, code: string) =>
      order(cookie, { package: smallest, ...(await methodOf(cookie)), discount_code: code });

    await buy(first, { package: smallest, ...(await methodOf(first)), discount_code: 'EENMALIG' });
    expect((await pay(second, 'EENMALIG')).json()).toMatchObject({ error: 'discount_code_used' });

    await buy(first, { package: smallest, ...(await methodOf(first)), discount_code: 'PERLID' });
    expect((await pay(first, 'PERLID')).json()).toMatchObject({ error: 'discount_code_used' });
    expect((await pay(second, 'PERLID')).json().order).toMatchObject({ discount_code: 'PERLID' });

    await buy(first, { package: smallest, ...(await methodOf(first)), discount_code: 'ALTIJD' });
    await buy(first, { package: smallest, ...(await methodOf(first)), discount_code: 'ALTIJD' });
    expect((await pay(second, 'ALTIJD')).json().order).toMatchObject({ discount_code: 'ALTIJD', amount: 13.49 });
  });

  it("the time bonus runs 14,400 seconds from signup by the server's clock, for members who have not bought", async () => {
    const cookie = await signupMember();
    const start = clock;
    try {
      clock = new Date(start.getTime() + 14_399_000);
      expect((await packages(cookie)).json().discount).toEqual({ code: 'TIMEBONUS25', percentage: 25 });
      const [smallest] = await packageIds();
      const last = await order(cookie, { package: smallest, ...(await methodOf(cookie)) });
      expect(last.json().order).toMatchObject({ discount_code: 'TIMEBONUS25', discount_percentage: 25, amount: 11.24 });
      clock = new Date(start.getTime() + 14_400_000);
      expect((await packages(cookie)).json().discount).toBeNull();
      const typed = await order(cookie, {
        package: smallest,
        ...(await methodOf(cookie)),
        discount_code: 'TIMEBONUS25',
      });
      expect(typed.json()).toMatchObject({ error: 'discount_code_expired' });
      // The order made in time keeps its price.
      expect((await t.app.services.credits.shop.findOrders(await me(cookie), 5)).at(-1)).toMatchObject({
        amount: 11.24,
      });
    } finally {
      clock = start;
    }
  });

  it("the company's stay-offer from the deletion flow pays, but never under the minimum price per message", async () => {
    const cookie = await login(demoAccounts[2].email);
    const { 'content-type': _json, ...noBody } = headers(cookie);
    const granted = await t.app.inject({ method: 'POST', url: '/api/delete-discount.php', headers: noBody });
    const code = granted.json().discountcode.code as string;
    const [smallest] = await packageIds();
    const placed = await buy(cookie, { package: smallest, ...(await methodOf(cookie)), discount_code: code });
    // 50% of 14.99 would be 7.50; 10 messages at 0.99 is the floor.
    expect(placed).toMatchObject({ discount_percentage: 50, amount: 9.9 });
    const again = await order(cookie, { package: smallest, ...(await methodOf(cookie)), discount_code: code });
    expect(again.json()).toMatchObject({ error: 'discount_code_used' });
  });
});
