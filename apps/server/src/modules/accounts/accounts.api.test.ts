import { sessionUserSchema } from '@app/shared/accounts/session-user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../../seed/demo-site.ts';
import { createTestApp, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

let t: TestApp;
const clock = new Date('2026-11-22T12:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ profiles: 8, now: () => clock });
});
afterAll(() => t?.close());

const [free, premium] = demoAccounts;

function login(email: string, password: string, remoteAddress = '203.0.113.10', headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ email, password }),
    remoteAddress,
  });
}

function sessionCookie(response: Awaited<ReturnType<typeof login>>) {
  const cookie = response.cookies.find((c) => c.name === 'auth.token');
  return cookie ? `auth.token=${cookie.value}` : '';
}

describe(`the user calls on ${testDatabaseKind()}`, () => {
  it('logs in, sets the auth. session cookie, and answers the user', async () => {
    const response = await login(free.email, demoPassword);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'auth.token')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.maxAge).toBe(30 * 24 * 60 * 60);
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { user } = response.json();
    sessionUserSchema.strict().parse(user);
    expect(user).toMatchObject({ paid_user: false, credits: 0, status: 'active' });
    expect(user.profile.main_image.match).toMatch(/^\/cdn\/photos\/[a-f0-9]{24}_match\.jpg$/);
  });

  it('matches the e-mail address case-insensitively', async () => {
    expect((await login(premium.email.toUpperCase(), demoPassword)).statusCode).toBe(200);
  });

  it('GET /api/user.php answers the user of the session, and 403 authentication_required without one', async () => {
    const cookie = sessionCookie(await login(premium.email, demoPassword));
    const me = await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost', cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ paid_user: true, credits: 120 });

    const anonymous = await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost' } });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toEqual({ error: 'authentication_required', message: 'Log in om verder te gaan.' });

    const forged = await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost', cookie: 'auth.token=x' } });
    expect(forged.statusCode).toBe(403);
  });

  it('a session works on every host of its site', async () => {
    const cookie = sessionCookie(await login(free.email, demoPassword));
    const elsewhere = await t.app.inject({ url: '/api/user.php', headers: { host: 'hartklop.test', cookie } });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail alike, with the spec text', async () => {
    const wrongPassword = await login(free.email, 'not-the-password', '203.0.113.20');
    const unknown = await login('nobody@example.com', demoPassword, '203.0.113.20');
    for (const response of [wrongPassword, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'login_failed', message: 'Login mislukt, probeer opnieuw' });
      expect(response.cookies.find((c) => c.name === 'auth.token')).toBeUndefined();
    }
  });

  it('refuses a malformed login with a translated message', async () => {
    const response = await login('not-an-email', 'x');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_email');
    const withoutHeader = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: free.email, password: demoPassword }),
    });
    expect(withoutHeader.statusCode).toBe(403);
  });

  it('PUT /api/user.php stores the language', async () => {
    const cookie = sessionCookie(await login(free.email, demoPassword));
    const headers = { host: 'localhost', cookie, 'x-request-type': 'client', 'content-type': 'application/json' };
    const response = await t.app.inject({ method: 'PUT', url: '/api/user.php', headers, payload: '{"language":"fi"}' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.language).toBe('fi');
    const bad = await t.app.inject({ method: 'PUT', url: '/api/user.php', headers, payload: '{"language":"xx"}' });
    expect(bad.statusCode).toBe(400);
    const me = await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost', cookie } });
    expect(me.json().user.language).toBe('fi');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' },
      payload: '{"language":"fi"}',
    });
    expect(anonymous.statusCode).toBe(403);
  });

  it('GET /api/logout.php ends the session, only with the client header', async () => {
    const cookie = sessionCookie(await login(free.email, demoPassword));
    // A link or image on another site cannot log the member out: JSON callers get 403, a navigation a page that asks.
    const forged = await t.app.inject({ url: '/api/logout.php', headers: { host: 'localhost', cookie } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe('client_header_required');
    const navigation = await t.app.inject({
      url: '/api/logout.php',
      headers: { host: 'localhost', cookie, accept: 'text/html' },
    });
    expect(navigation.statusCode).toBe(303);
    expect(navigation.headers.location).toBe('/logout');
    expect((await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost', cookie } })).statusCode).toBe(200);

    const out = await t.app.inject({
      url: '/api/logout.php',
      headers: { host: 'localhost', cookie, 'x-request-type': 'client' },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    const cleared = out.cookies.find((c) => c.name === 'auth.token');
    expect(cleared?.value).toBe('');
    const me = await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost', cookie } });
    expect(me.statusCode).toBe(403);
  });
});
