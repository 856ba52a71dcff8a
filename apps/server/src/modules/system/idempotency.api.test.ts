import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../../seed/demo-site.ts';
import { createTestAppWithSmtp, sessionCookie, type TestAppWithSmtp, testDatabaseKind } from '../../test/test-app.ts';
import { createAccountsRepository } from '../accounts/accounts.repository.ts';

let t: TestAppWithSmtp;
beforeAll(async () => {
  t = await createTestAppWithSmtp({ profiles: 2 });
});
afterAll(() => t?.close());

function post(url: string, body: object, key?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      host: 'localhost',
      'x-request-type': 'client',
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: JSON.stringify(body),
    remoteAddress: '203.0.113.66',
  });
}

const complaint = {
  name: 'Piet',
  email: 'piet@example.com',
  category: 'other',
  message: 'Een klacht die lang genoeg is om te bewaren.',
};

describe(`Idempotency-Key on ${testDatabaseKind()}`, () => {
  it('answers a retried call with the first answer instead of doing it twice', async () => {
    const first = await post('/api/complaints.php', complaint, 'retry-key-0001');
    const second = await post('/api/complaints.php', complaint, 'retry-key-0001');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replay']).toBe('true');
    const third = await post('/api/complaints.php', complaint, 'retry-key-0002');
    expect(third.json().complaint.reference).not.toBe(first.json().complaint.reference);
  });

  it('never replays a login: no session for a wrong password, after logout or after a password change', async () => {
    const credentials = { email: demoAccounts[0].email, password: demoPassword };
    const first = await post('/api/user.php', credentials, 'login-key-0001');
    expect(first.statusCode).toBe(200);
    const cookie = sessionCookie(first);
    // The same key with a wrong password is checked again, and fails.
    const wrong = await post('/api/user.php', { ...credentials, password: 'fout' }, 'login-key-0001');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.cookies.some((c) => c.name === 'auth.token')).toBe(false);
    await t.app.inject({ url: '/api/logout.php', headers: { host: 'localhost', cookie, 'x-request-type': 'client' } });
    const newPassword = 'Zonnebloem-Kanaal-1987!';
    const again = await post('/api/user.php', credentials, 'login-key-0001');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/password.php',
      headers: { host: 'localhost', cookie: sessionCookie(again), 'x-request-type': 'client' },
      payload: { old_password: demoPassword, password: newPassword, password_repeat: newPassword },
    });
    expect(change.statusCode).toBe(200);
    const replay = await post('/api/user.php', credentials, 'login-key-0001');
    expect(replay.statusCode).toBe(401);
    expect(replay.headers['idempotent-replay']).toBeUndefined();
  });

  it('a retried signup creates one account and one mail, and hands out no second session', async () => {
    const body = {
      email: 'eenmaal@example.com',
      name: 'Eenmaal',
      password: 'Zonnebloem-Kanaal-1987!',
      date_of_birth: '1990-01-01',
    };
    const first = await post('/api/signup.php', body, 'signup-key-0001');
    const retry = await post('/api/signup.php', body, 'signup-key-0001');
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error).toBe('account_exists');
    expect(retry.cookies.some((c) => c.name === 'auth.token')).toBe(false);
    await t.app.services.mail.sendQueuedMails();
    expect(t.smtp.messages.filter((mail) => JSON.stringify(mail.to).includes('eenmaal@example.com'))).toHaveLength(1);
    expect(await createAccountsRepository(t.database.db).findUserByEmail(1, 'eenmaal@example.com')).not.toBeNull();
  });

  it('keeps error answers too, but not failures of the server', async () => {
    const bad = { ...complaint, message: 'kort' };
    const first = await post('/api/complaints.php', bad, 'error-key-0001');
    const second = await post('/api/complaints.php', bad, 'error-key-0001');
    expect(first.statusCode).toBe(400);
    expect(second.statusCode).toBe(400);
    expect(second.headers['idempotent-replay']).toBe('true');
  });

  it('refuses a key used for another call or another body, and a malformed key', async () => {
    await post('/api/complaints.php', complaint, 'shared-key-0001');
    const other = await post('/api/password-reset.php', { email: 'x@example.com' }, 'shared-key-0001');
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('idempotency_key_reused');
    const otherBody = await post('/api/complaints.php', { ...complaint, name: 'Klaas' }, 'shared-key-0001');
    expect(otherBody.statusCode).toBe(409);
    expect(otherBody.json().error).toBe('idempotency_key_reused');
    const malformed = await post('/api/complaints.php', complaint, 'bad key!');
    expect(malformed.statusCode).toBe(400);
  });
});
