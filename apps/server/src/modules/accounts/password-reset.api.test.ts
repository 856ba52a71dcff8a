import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../../seed/demo-site.ts';
import { deliverMailTo, mailLink } from '../../test/smtp-server.ts';
import { createTestAppWithSmtp, sessionCookie, type TestAppWithSmtp, testDatabaseKind } from '../../test/test-app.ts';

let t: TestAppWithSmtp;
let clock = new Date('2026-11-22T12:00:00Z');
beforeAll(async () => {
  t = await createTestAppWithSmtp({ profiles: 8, now: () => clock });
});
afterAll(() => t?.close());

const headers = { host: 'localhost:3000', 'x-request-type': 'client', 'content-type': 'application/json' };
const post = (url: string, body: object, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload: JSON.stringify(body) });

async function resetToken(email: string) {
  return mailLink(await deliverMailTo(t.app, t.smtp, email), '/reset-password/do')?.searchParams.get('token') ?? '';
}

describe(`password reset on ${testDatabaseKind()}`, () => {
  it('says when the address is unknown', async () => {
    const response = await post('/api/password-reset.php', { email: 'niemand@example.com' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('E-mailadres niet gevonden');
  });

  it('mails a link; the new password works, the old one and other sessions end, the link is single-use', async () => {
    const email = demoAccounts[1].email;
    const login = await post('/api/user.php', { email, password: demoPassword });
    const oldSession = sessionCookie(login);

    expect((await post('/api/password-reset.php', { email })).json()).toEqual({ sent: true });
    const token = await resetToken(email);
    expect(token).toMatch(/^[\w-]{43}$/);

    const differ = await post('/api/password-reset-do.php', {
      token,
      password: 'nieuw-wachtwoord-1',
      password_repeat: 'x',
    });
    expect(differ.statusCode).toBe(400);
    expect(differ.json().message).toBe('De opgegeven wachtwoorden zijn niet gelijk.');

    const done = await post('/api/password-reset-do.php', {
      token,
      password: 'nieuw-wachtwoord-1',
      password_repeat: 'nieuw-wachtwoord-1',
    });
    expect(done.statusCode).toBe(200);
    expect(done.cookies.find((c) => c.name === 'auth.token')?.value).toBeTruthy();

    expect(
      (await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost', cookie: oldSession } })).statusCode,
    ).toBe(403);
    expect((await post('/api/user.php', { email, password: demoPassword })).statusCode).toBe(401);
    expect((await post('/api/user.php', { email, password: 'nieuw-wachtwoord-1' })).statusCode).toBe(200);

    const reused = await post('/api/password-reset-do.php', {
      token,
      password: 'nog-een-wachtwoord-2',
      password_repeat: 'nog-een-wachtwoord-2',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');
  });

  it('a link expires after an hour', async () => {
    const email = demoAccounts[0].email;
    await post('/api/password-reset.php', { email });
    const token = await resetToken(email);
    clock = new Date(clock.getTime() + 61 * 60_000);
    const late = await post('/api/password-reset-do.php', {
      token,
      password: 'nieuw-wachtwoord-1',
      password_repeat: 'nieuw-wachtwoord-1',
    });
    expect(late.json().error).toBe('reset_link_invalid');
  });

  it('sends at most three reset mails a day', async () => {
    const email = demoAccounts[2].email;
    for (let i = 0; i < 3; i++) expect((await post('/api/password-reset.php', { email })).statusCode).toBe(200);
    const fourth = await post('/api/password-reset.php', { email });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe('Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.');
    clock = new Date(clock.getTime() + 24 * 60 * 60_000 + 1000);
    expect((await post('/api/password-reset.php', { email })).statusCode).toBe(200);
  });
});
