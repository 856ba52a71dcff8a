import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { createTestApp, loginMember, signupMember, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

// The tests move the server's clock: signup, the window's last millisecond, its end.
let t: TestApp;
let clock = new Date('2026-11-22T12:00:00.000Z');
const signupAt = clock;
const second = 1_000;

beforeAll(async () => {
  t = await createTestApp({ profiles: 4, now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

function askWelcome(cookie: string, query = 'welcome=true') {
  return t.app.inject({
    method: 'GET',
    url: `/api/discountcode.php?${query}`,
    headers: { host: 'localhost', 'x-request-type': 'client', cookie: `locale=nl${cookie ? `; ${cookie}` : ''}` },
  });
}

const timeBonus = {
  code: 'TIMEBONUS25',
  country: null,
  user_id: null,
  expires: '2026-11-22T16:00:00.000Z',
  value_percentage: 25,
  currency: null,
  minimum_order_value: null,
  status: 'active',
  validity: 'once-per-user',
  expired: false,
  paymentmethods: null,
};

describe(`the welcome discount on ${testDatabaseKind()}`, () => {
  it('is the time bonus from signup to the last moment before 14,400 s, and gone at exactly 14,400 s', async () => {
    clock = signupAt;
    const cookie = await signupMember(t.app, 'welkom@example.com', 'Welkom');

    const fresh = await askWelcome(cookie);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['cache-control']).toBe('no-store');
    expect(fresh.json()).toEqual({ discountcode: timeBonus });

    clock = new Date(signupAt.getTime() + 14_400 * second - 1);
    expect((await askWelcome(cookie)).json()).toEqual({ discountcode: timeBonus });

    clock = new Date(signupAt.getTime() + 14_400 * second);
    const ended = await askWelcome(cookie);
    expect(ended.statusCode).toBe(404);
    expect(ended.json()).toMatchObject({ error: 'discount_code_not_found', message: 'Code niet gevonden' });

    clock = new Date(signupAt.getTime() + 20_000 * second);
    expect((await askWelcome(cookie)).statusCode).toBe(404);
  });

  it('is not offered to a member who has bought, even inside the window', async () => {
    clock = signupAt;
    await signupMember(t.app, 'betaald@example.com', 'Betaald');
    await t.database.db.update(users).set({ paidUser: true }).where(eq(users.email, 'betaald@example.com'));
    clock = new Date(signupAt.getTime() + 60 * second);
    const { cookie } = await loginMember(t.app, 'betaald@example.com', 'sterk-genoeg-123');
    const answer = await askWelcome(cookie);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error).toBe('discount_code_not_found');
  });

  it('asks a visitor to log in', async () => {
    clock = signupAt;
    const answer = await askWelcome('');
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error).toBe('authentication_required');
  });

  it('takes `welcome=true` or `code=`, one of the two', async () => {
    clock = signupAt;
    const cookie = await signupMember(t.app, 'vormen@example.com', 'Vormen');
    for (const query of [
      '',
      'welcome=false',
      'welcome=1',
      'welcome=true&code=TIMEBONUS25',
      'welcome=true&welcome=true',
    ]) {
      const answer = await askWelcome(cookie, query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error, query).toBe('validation_failed');
    }
  });
});
