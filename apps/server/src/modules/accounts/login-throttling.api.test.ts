import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../../seed/demo-site.ts';
import { deliverMailTo, mailLink } from '../../test/smtp-server.ts';
import { createTestAppWithSmtp, type TestAppWithSmtp, testDatabaseKind } from '../../test/test-app.ts';
import { maxFailuresPerAccount, maxFailuresPerAccountAndAddress } from './accounts.service.ts';

let t: TestAppWithSmtp;
let clock = new Date('2026-11-22T12:00:00Z');
beforeAll(async () => {
  t = await createTestAppWithSmtp({ profiles: 4, now: () => clock });
});
afterAll(() => t?.close());

const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };

function login(email: string, password: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers,
    payload: JSON.stringify({ email, password }),
    remoteAddress,
  });
}

function later(minutes: number) {
  clock = new Date(clock.getTime() + minutes * 60_000);
}

describe(`login throttling on ${testDatabaseKind()} (decision 010)`, () => {
  it('locks the account for the guessing address with the spec text, while the member logs in elsewhere', async () => {
    const email = demoAccounts[0].email;
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong-${i}`, '198.51.100.7')).statusCode).toBe(401);
    const blocked = await login(email, demoPassword, '198.51.100.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: 'login_blocked',
      message: 'Te veel foute pogingen, account voor 15 min geblokkeerd.',
    });
    later(10);
    expect((await login(email, demoPassword, '198.51.100.7')).json().message).toBe(
      'Te veel foute pogingen, account voor 5 min geblokkeerd.',
    );
    // The member, from their own address, is not locked out by someone else's guessing.
    expect((await login(email, demoPassword, '203.0.113.50')).statusCode).toBe(200);
    later(6);
    expect((await login(email, demoPassword, '198.51.100.7')).statusCode).toBe(200);
  });

  it('the lock lasts 15 minutes from the try that reached the limit, however slowly the tries came', async () => {
    const email = 'langzaam@example.com';
    for (let i = 0; i < 5; i++) {
      expect((await login(email, `wrong-${i}`, '198.51.100.9')).statusCode).toBe(401);
      later(3);
    }
    // Five tries over 12 minutes: the lock runs from the fifth, 3 minutes ago.
    expect((await login(email, 'wrong-5', '198.51.100.9')).json().message).toBe(
      'Te veel foute pogingen, account voor 12 min geblokkeerd.',
    );
    later(13);
  });

  it('a stolen session cannot guess the current password to confirm changes more than five times', async () => {
    const email = demoAccounts[0].email;
    const session = await login(email, demoPassword, '203.0.113.51');
    const cookie = `auth.token=${session.cookies.find((c) => c.name === 'auth.token')!.value}`;
    const change = (oldPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/password.php',
        headers: { ...headers, cookie },
        payload: JSON.stringify({
          old_password: oldPassword,
          password: 'Zonnebloem-Kanaal-1987!',
          password_repeat: 'Zonnebloem-Kanaal-1987!',
        }),
      });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => change(`gok-${i}`)));
    expect(answers.filter((answer) => answer.json().error === 'old_password_wrong')).toHaveLength(5);
    const blocked = await change(demoPassword);
    expect([blocked.statusCode, blocked.json().error]).toEqual([429, 'password_checks_blocked']);
    expect(blocked.json().message).toMatch(/15 min/);
    later(16);
  });

  it('checks no more passwords than the limit when 50 tries arrive at once', async () => {
    const email = demoAccounts[1].email;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(email, `wrong-${i}`, '198.51.100.8')));
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(maxFailuresPerAccountAndAddress);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(50 - maxFailuresPerAccountAndAddress);
    expect((await login(email, demoPassword, '198.51.100.8')).statusCode).toBe(429);
    later(16);
  });

  it('blocks an address that tries many accounts (credential stuffing), not the accounts elsewhere', async () => {
    const address = '192.0.2.200';
    for (let i = 0; i < 20; i++) await login(`user${i}@example.com`, 'guess', address);
    const blocked = await login(demoAccounts[0].email, demoPassword, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('login_blocked');
    expect((await login(demoAccounts[0].email, demoPassword, '192.0.2.201')).statusCode).toBe(200);
    later(16);
  });

  it('a spread-out attack locks new addresses out of the account, not the devices the member used', async () => {
    const email = demoAccounts[2].email;
    expect((await login(email, demoPassword, '203.0.113.77')).statusCode).toBe(200);
    for (let i = 0; i < maxFailuresPerAccount; i++) await login(email, `wrong-${i}`, `10.9.${i >> 8}.${i & 255}`);
    expect((await login(email, demoPassword, '198.51.100.200')).statusCode).toBe(429);
    expect((await login(email, demoPassword, '203.0.113.77')).statusCode).toBe(200);
  });

  it('a password reset lifts every lock on the account', async () => {
    const email = demoAccounts[2].email;
    expect((await login(email, demoPassword, '198.51.100.201')).statusCode).toBe(429);
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset.php',
      headers,
      payload: JSON.stringify({ email }),
    });
    expect(request.statusCode).toBe(200);
    const token = mailLink(await deliverMailTo(t.app, t.smtp, email), '/reset-password/do')!.searchParams.get('token');
    const newPassword = 'Zonnebloem-Kanaal-1987!';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset-do.php',
      headers,
      payload: JSON.stringify({ token, password: newPassword, password_repeat: newPassword }),
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(email, newPassword, '198.51.100.201')).statusCode).toBe(200);
  });
});
