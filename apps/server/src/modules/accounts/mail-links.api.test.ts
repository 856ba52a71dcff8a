import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../../seed/demo-site.ts';
import { deliverMailTo, mailLink } from '../../test/smtp-server.ts';
import { createTestAppWithSmtp, sessionCookie, type TestAppWithSmtp, testDatabaseKind } from '../../test/test-app.ts';

const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };
const strongPassword = 'Zonnebloem-Kanaal-1987!';

function post(t: TestAppWithSmtp, url: string, body: object, extra: Record<string, string> = {}, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...extra, ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
}

describe(`links in mails on ${testDatabaseKind()}`, () => {
  let t: TestAppWithSmtp;
  beforeAll(async () => {
    t = await createTestAppWithSmtp({ profiles: 4 });
  });
  afterAll(() => t?.close());

  it('come from the site’s configured domain, whatever Host or X-Forwarded-Host the request names', async () => {
    const email = demoAccounts[0].email;
    const poisoned = await post(t, '/api/password-reset.php', { email }, { host: 'localhost:@evil.example' });
    expect(poisoned.statusCode).toBe(404);
    expect(poisoned.json().error).toBe('site_not_found');
    expect(await deliverMailTo(t.app, t.smtp, email)).toBeUndefined();

    const forwarded = await post(t, '/api/password-reset.php', { email }, { 'x-forwarded-host': 'evil.example' });
    expect(forwarded.statusCode).toBe(200);
    const link = mailLink(await deliverMailTo(t.app, t.smtp, email), '/reset-password/do')!;
    expect(link.origin).toBe(`http://localhost:${t.config.port}`);
  });

  it('all outstanding reset links die when one is used, or when the password changes', async () => {
    const email = demoAccounts[1].email;
    const links: URL[] = [];
    for (let i = 0; i < 2; i++) {
      expect((await post(t, '/api/password-reset.php', { email })).statusCode).toBe(200);
      links.push(mailLink(await deliverMailTo(t.app, t.smtp, email), '/reset-password/do')!);
    }
    const use = (link: URL, password: string) =>
      post(t, '/api/password-reset-do.php', {
        token: link.searchParams.get('token'),
        password,
        password_repeat: password,
      });
    expect((await use(links[0]!, strongPassword)).statusCode).toBe(200);
    const second = await use(links[1]!, `${strongPassword}x`);
    expect([second.statusCode, second.json().error]).toEqual([400, 'reset_link_invalid']);

    expect((await post(t, '/api/password-reset.php', { email })).statusCode).toBe(200);
    const pending = mailLink(await deliverMailTo(t.app, t.smtp, email), '/reset-password/do')!;
    const login = await post(t, '/api/user.php', { email, password: strongPassword });
    const change = await post(
      t,
      '/api/password.php',
      { old_password: strongPassword, password: `${strongPassword}2`, password_repeat: `${strongPassword}2` },
      {},
      sessionCookie(login),
    );
    expect(change.statusCode).toBe(200);
    expect((await use(pending, `${strongPassword}3`)).json().error).toBe('reset_link_invalid');
  });

  it('a deleted account’s reactivation mail is sent at most three times a day', async () => {
    const email = demoAccounts[2].email;
    const cookie = sessionCookie(await post(t, '/api/user.php', { email, password: demoPassword }));
    const deleted = await post(
      t,
      '/api/delete-account.php',
      { reason: 'too_expensive', password: demoPassword },
      {},
      cookie,
    );
    expect(deleted.statusCode).toBe(200);
    const signup = { email, name: 'Terug', password: strongPassword, date_of_birth: '1990-01-01' };
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await post(t, '/api/signup.php', signup)).json().error);
    // The deletion mailed one already; two more signups may ask for it again.
    expect(answers).toEqual([
      'account_reactivation_sent',
      'account_reactivation_sent',
      'rate_limited',
      'rate_limited',
      'rate_limited',
    ]);
    await t.app.services.mail.sendQueuedMails();
    const mails = t.smtp.messages.filter((mail) => JSON.stringify(mail.to).includes(email));
    expect(mails.filter((mail) => mail.text?.includes('/api/reactivate.php'))).toHaveLength(3);
  });
});

describe(`links in mails in production on ${testDatabaseKind()}`, () => {
  let t: TestAppWithSmtp;
  beforeAll(async () => {
    t = await createTestAppWithSmtp({ profiles: 1, config: { env: 'production', trustProxy: 1 } });
    // A real site, not the demo that `npm start` serves on this machine.
    await t.database.db.execute('update sites set is_demo = false');
  });
  afterAll(() => t?.close());

  it('are https links on the site’s domain (the demo site’s are on this machine)', async () => {
    const email = demoAccounts[0].email;
    // Behind a trusted proxy, X-Forwarded-Host picks the site, but never the host of a link.
    const forwarded = { host: 'localhost', 'x-forwarded-host': 'hartklop.test:@evil.example' };
    expect((await post(t, '/api/password-reset.php', { email }, forwarded)).statusCode).toBe(404);
    const viaProxy = { host: 'internal:8080', 'x-forwarded-host': 'localhost', 'x-forwarded-proto': 'http' };
    expect((await post(t, '/api/password-reset.php', { email }, viaProxy)).statusCode).toBe(200);
    const link = mailLink(await deliverMailTo(t.app, t.smtp, email), '/reset-password/do')!;
    expect(link.origin).toBe('https://hartklop.test');
  });
});
