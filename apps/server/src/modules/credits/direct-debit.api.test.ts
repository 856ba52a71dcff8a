import type { SessionUser } from '@app/shared/accounts/session-user';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopClient } from '../../test/shop-client.ts';
import { createTestApp, type TestApp, testDatabaseKind } from '../../test/test-app.ts';
import type { Site } from '../sites/sites.service.ts';

let t: TestApp;
let site: Site;

beforeAll(async () => {
  t = await createTestApp({ profiles: 4 });
  site = (await t.app.services.sites.findSiteByHost('localhost'))!;
});
afterAll(() => t?.close());

const { headers, me, signup } = createShopClient(() => t);

/** A new member, as a Dutch buyer (the numbers and the IBAN below are Dutch). */
async function signupMember() {
  const { cookie } = await signup('incasso');
  const user = await me(cookie);
  return { cookie, user: { ...user, profile: { ...user.profile, country: 'NL' } } };
}

async function orderPackage(user: SessionUser, index: number) {
  const packages = await t.app.services.credits.shop.findPackages(site, { user: null, country: 'NL' });
  return t.app.services.credits.shop.createOrder(site, user, packages.packages[index]!.id);
}

/** Confirms a number the way the page does: the code sent by SMS, read from the local SMS box. */
async function confirmPhone(user: SessionUser, phone: string) {
  const { phoneCodes, smsbox } = t.app.services.sms;
  const sent = await phoneCodes.sendPhoneCode(site, user, phone);
  const [sms] = await smsbox.listLocalSms(1, sent.phone);
  const code = /[0-9]{6}/.exec(sms!.text)![0];
  await phoneCodes.verifyPhoneCode(site, user, phone, code);
}

const account = {
  iban: 'NL91ABNA0417164300',
  account_holder: 'M. de Vries',
  street: 'Kerkstraat 1',
  postal_code: '1017 GA',
  city: 'Amsterdam',
};
const options = { origin: 'http://localhost:3000', locale: 'nl' as const };

async function refusal(work: Promise<unknown>) {
  return work.then(
    () => 'answered',
    (error: { code?: string }) => error.code ?? String(error),
  );
}

describe(`direct debit on ${testDatabaseKind()}`, () => {
  it('needs the mobile number confirmed by SMS, then debits once on a mandate', async () => {
    const { user } = await signupMember();
    const order = await orderPackage(user, 0);
    const phone = '+31612340001';
    const { shop } = t.app.services.credits;
    expect(await refusal(shop.payByDirectDebit(site, user, { order: order.id, phone, ...account }, options))).toBe(
      'phone_not_verified',
    );
    await confirmPhone(user, phone);
    const pending = await shop.payByDirectDebit(site, user, { order: order.id, phone, ...account }, options);
    expect(pending).toMatchObject({ status: 'pending', payment_method: 'directdebit' });
    // The bank settles the debit later (a job); the member's order waits for it.
    expect((await shop.findOrder(site, user, order.id)).status).toBe('pending');
    // The form sent again: the running debit stands, no second one.
    const again = await shop.payByDirectDebit(site, user, { order: order.id, phone, ...account }, options);
    expect(again.status).toBe('pending');
    const debits = (await t.database.db.execute(
      sql`select count(*)::int as n from payments where order_id = ${order.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(debits.rows[0]!.n).toBe(1);
  });

  it('admits debits up to the 30-day limit only, also when they come at once', async () => {
    const { user } = await signupMember();
    const phone = '+31612340002';
    await confirmPhone(user, phone);
    // 99.00 each: one fits under 150.00 in 30 days, a second does not.
    const orders = await Promise.all(Array.from({ length: 5 }, () => orderPackage(user, 3)));
    const { shop } = t.app.services.credits;
    const results = await Promise.all(
      orders.map((order) =>
        refusal(shop.payByDirectDebit(site, user, { order: order.id, phone, ...account }, options)),
      ),
    );
    expect(results.filter((result) => result === 'answered')).toHaveLength(1);
    expect(results.filter((result) => result === 'direct_debit_limit_reached')).toHaveLength(4);
  });

  it("refuses a member whose earlier payment was charged back, in the spec's words", async () => {
    const { cookie, user } = await signupMember();
    const phone = '+31612340003';
    await confirmPhone(user, phone);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/orders.php',
      headers: headers(cookie),
      payload: { package: (await orderPackage(user, 0)).package, payment_method: 'creditcard' },
    });
    const id = paid.json().checkout_url.split('/').at(-1) as string;
    const sandbox = t.app.services.credits.sandbox!;
    await sandbox.chooseOutcome(id, 'paid');
    await t.app.services.credits.shop.receiveWebhook(id);
    await sandbox.chargeBack(id, Math.round(paid.json().order.amount * 100));
    await t.app.services.credits.shop.receiveWebhook(id);
    const order = await orderPackage(user, 0);
    const { shop } = t.app.services.credits;
    const error = await shop
      .payByDirectDebit(site, user, { order: order.id, phone, ...account }, options)
      .catch((e) => e);
    expect(error.code).toBe('direct_debit_blocked');
    const texts = t.app.services.credits;
    expect(texts).toBeTruthy();
  });
});
