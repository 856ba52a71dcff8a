import type { SessionUser } from '@app/shared/accounts/session-user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginMember, type TestApp, testDatabaseKind } from '../../test/test-app.ts';
import type { Site } from '../sites/sites.service.ts';
import type { SandboxOutcome } from './sandbox-provider.ts';

let t: TestApp;
let clock = new Date('2026-11-23T12:00:00Z');
let site: Site;

beforeAll(async () => {
  t = await createTestApp({ profiles: 4, now: () => clock });
  site = (await t.app.services.sites.findSiteByHost('localhost'))!;
});
afterAll(() => t?.close());

const shop = () => t.app.services.credits.shop;

const memberOf = async (email: string) => (await loginMember(t.app, email)).user;

/** Orders the `index`th package, pays it with `method` through the sandbox and returns as the buyer does. */
async function buy(user: SessionUser, index: number, outcome: SandboxOutcome, method: 'ideal' | 'creditcard') {
  const packages = await shop().findPackages(site, { user, country: user.profile.country });
  const order = await shop().createOrder(site, user, packages.packages[index]!.id);
  const { checkoutUrl } = await shop().startPayment(site, user, order.id, method, {
    origin: 'http://localhost:3000',
    locale: 'nl',
  });
  await t.app.services.credits.sandbox!.chooseOutcome(checkoutUrl!.split('/').at(-1)!, outcome);
  return shop().findOrderAfterReturn(site, user, order.id);
}

describe(`the last paid order (repeat order) on ${testDatabaseKind()}`, () => {
  it('is null before a purchase, then the newest paid order; failed orders and other members’ orders do not count', async () => {
    const buyer = await memberOf('premium@hartklop.test');
    const other = await memberOf('bijna-op@hartklop.test');
    expect(await shop().findLastPaidOrder(buyer)).toBeNull();

    const first = await buy(buyer, 1, 'paid', 'creditcard');
    expect(first.status).toBe('paid');
    clock = new Date(clock.getTime() + 60_000);
    const second = await buy(buyer, 0, 'paid', 'ideal');
    clock = new Date(clock.getTime() + 60_000);
    expect((await buy(buyer, 2, 'failed', 'creditcard')).status).toBe('failed');
    await buy(other, 3, 'paid', 'creditcard');

    const last = await shop().findLastPaidOrder(buyer);
    expect(last).toMatchObject({ id: second.id, status: 'paid', credits: 50, payment_method: 'ideal' });
    expect(await shop().findLastPaidOrder(other)).toMatchObject({ credits: 500, payment_method: 'creditcard' });
  });
});
