import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoSiteSettings } from '../../seed/demo-site.ts';
import { deliverMailTo, mailLink } from '../../test/smtp-server.ts';
import { createTestAppWithSmtp, sessionCookie, type TestAppWithSmtp, testDatabaseKind } from '../../test/test-app.ts';
import { createProfilesRepository } from '../profiles/profiles.repository.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';

let t: TestAppWithSmtp;
let clock = new Date('2026-11-22T12:00:00Z');

beforeAll(async () => {
  t = await createTestAppWithSmtp({ profiles: 4, now: () => clock });
  const sites = createSitesRepository(t.database.db);
  await sites.insertSite(
    { companyId: 1, settings: { ...demoSiteSettings, name: 'Alleen Via Partners', signups: 'with_trafficsource' } },
    ['partners.test'],
  );
  await sites.insertSite({ companyId: 1, settings: { ...demoSiteSettings, name: 'Gesloten', signups: 'none' } }, [
    'gesloten.test',
  ]);
});
afterAll(() => t?.close());

let addressCounter = 0;
function signup(body: object, options: { host?: string; cookie?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    headers: {
      host: options.host ?? 'localhost:3000',
      'x-request-type': 'client',
      'content-type': 'application/json',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    payload: JSON.stringify(body),
    remoteAddress: options.ip ?? `203.0.113.${++addressCounter}`,
  });
}

const form = (email: string) => ({
  email,
  name: 'Lotte',
  password: 'zomer-aan-zee-42',
  date_of_birth: '1992-04-12',
  signup_message: 'Hoi allemaal!',
});

const mailTo = (address: string) => deliverMailTo(t.app, t.smtp, address);

describe(`signup and activation on ${testDatabaseKind()}`, () => {
  it('creates an unconfirmed account, logs it in, and mails a single-use activation link', async () => {
    const response = await signup(form('lotte@example.com'));
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user.status).toBe('not_confirmed');
    expect(user.profile).toMatchObject({ name: 'Lotte', status: 'disabled', main_image: null });
    const cookie = response.cookies.find((c) => c.name === 'auth.token')!;
    expect(cookie.httpOnly).toBe(true);

    // Unconfirmed members are not shown to others.
    const showcase = await createProfilesRepository(t.database.db).findShowcaseProfiles(1, 1000);
    expect(showcase.some((profile) => profile.name === 'Lotte')).toBe(false);

    const mail = await mailTo('lotte@example.com');
    expect(mail?.subject).toBe('Bevestig je e-mailadres voor Hartklop');
    expect(mail?.from?.text).toContain('Hartklop');
    expect(mail?.html).toContain('support@hartklop.test');
    expect(mail?.text).toContain('Hallo Lotte,');
    const link = mailLink(mail, '/api/activate.php')!;
    expect(link.host).toBe('localhost:3000');

    const activation = await t.app.inject({ url: link.pathname + link.search, headers: { host: 'localhost:3000' } });
    expect(activation.statusCode).toBe(303);
    expect(activation.headers.location).toBe('/activate/done');
    const me = await t.app.inject({
      url: '/api/user.php',
      headers: { host: 'localhost', cookie: `auth.token=${cookie.value}` },
    });
    // The site's free credits arrive with the confirmed address (decision 019), once, through the ledger.
    expect(user.credits).toBe(0);
    expect(me.json().user).toMatchObject({ status: 'active', profile: { status: 'active' }, credits: 15 });
    const entries = (await t.database.db.execute(
      sql`select delta, reason, balance_after from credit_entries where user_id = ${user.id}`,
    )) as unknown as { rows: object[] };
    expect(entries.rows).toEqual([{ delta: 15, reason: 'signup', balance_after: 15 }]);

    const again = await t.app.inject({ url: link.pathname + link.search, headers: { host: 'localhost' } });
    expect(again.headers.location).toBe('/activate/error');
    const garbage = await t.app.inject({ url: '/api/activate.php?token=nope', headers: { host: 'localhost' } });
    expect(garbage.headers.location).toBe('/activate/error');
  });

  it('an activation link expires after 7 days', async () => {
    await signup(form('laat@example.com'));
    const link = mailLink(await mailTo('laat@example.com'), '/api/activate.php')!;
    clock = new Date(clock.getTime() + 7 * 24 * 60 * 60_000 + 1000);
    const response = await t.app.inject({ url: link.pathname + link.search, headers: { host: 'localhost' } });
    expect(response.headers.location).toBe('/activate/error');
  });

  it('writes the mail in the language of the new member', async () => {
    await signup(form('lena@example.com'), { cookie: 'locale=de' });
    const mail = await mailTo('lena@example.com');
    expect(mail?.subject).not.toBe('Bevestig je e-mailadres voor Hartklop');
    expect(mail?.subject).toContain('Hartklop');
  });

  it.each([
    [
      { name: 'lotte2@example.com', email: 'lotte2@example.com' },
      'name_is_email',
      'Je profielnaam moet anders zijn dan je e-mailadres',
    ],
    [{ name: '@lotte' }, 'name_starts_with_at', 'Je profielnaam mag niet beginnen met een @'],
    [{ date_of_birth: '' }, 'date_of_birth_required', 'Vul uw geboortedatum in (18+ jaar)'],
    [{ date_of_birth: '2010-01-01' }, 'date_of_birth_required', 'Vul uw geboortedatum in (18+ jaar)'],
    [{ date_of_birth: '1990-13-40' }, 'date_of_birth_invalid', 'Ongeldige geboortedatum.'],
    [{ email: 'lotte@@example' }, 'invalid_email', 'Ongeldige e-mail'],
    [{ password: 'abc' }, 'password_too_weak', undefined],
  ])('refuses %j with the spec text and creates nothing', async (change, error, message) => {
    const before = t.smtp.messages.length;
    const response = await signup({ ...form('check@example.com'), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(error);
    if (message) expect(response.json().message).toBe(message);
    expect(response.cookies.find((c) => c.name === 'auth.token')).toBeUndefined();
    await t.app.services.mail.sendQueuedMails();
    expect(t.smtp.messages.length).toBe(before);
  });

  it('prompts to log in when the address has an account', async () => {
    const response = await signup({ ...form(demoAccounts[0].email.toUpperCase()) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'account_exists',
      message: 'Er is al een account met dit e-mailadres. Log in met je wachtwoord.',
    });
  });

  it("follows the site's signups setting", async () => {
    const closed = await signup(form('a@example.com'), { host: 'gesloten.test' });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe('Aanmelden is momenteel invite-only.');

    const withoutSource = await signup(form('b@example.com'), { host: 'partners.test' });
    expect(withoutSource.json().error).toBe('signup_invite_only');
    const withSource = await signup(
      { ...form('b@example.com'), tracking: { network: 'partner-7', sub1: 'banner' } },
      { host: 'partners.test' },
    );
    expect(withSource.statusCode).toBe(200);
  });

  it('keeps the target member of a targeted signup, and drops a target others may not see', async () => {
    const profiles = createProfilesRepository(t.database.db);
    const [visible, hidden] = await profiles.findShowcaseProfiles(1, 2);
    await t.database.db.execute(sql`update profiles set invisible = true where id = ${hidden!.id}`);
    try {
      const targeted = await signup({ ...form('doel@example.com'), target_profile_id: visible!.id });
      expect(targeted.statusCode).toBe(200);
      expect(targeted.json().user.signup_target_id).toBe(visible!.id);

      const gone = await signup({ ...form('weg@example.com'), target_profile_id: hidden!.id });
      expect(gone.statusCode).toBe(200);
      expect(gone.json().user.signup_target_id).toBeNull();

      const bad = await signup({ ...form('fout@example.com'), target_profile_id: 'abc' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('target_profile_id');
    } finally {
      await t.database.db.execute(sql`update profiles set invisible = false where id = ${hidden!.id}`);
    }
  });

  it('limits signups per address', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 5; i++) expect((await signup(form(`many${i}@example.com`), { ip })).statusCode).toBe(200);
    expect((await signup(form('many5@example.com'), { ip })).statusCode).toBe(429);
  });

  it('sends the activation mail again on request, not once active', async () => {
    const created = await signup(form('opnieuw@example.com'));
    const cookie = sessionCookie(created);
    const headers = { host: 'localhost', cookie, 'x-request-type': 'client' };
    expect((await t.app.inject({ method: 'POST', url: '/api/activation-mail.php', headers })).json()).toEqual({
      sent: true,
    });
    const latest = await mailTo('opnieuw@example.com');
    expect(t.smtp.messages.filter((mail) => JSON.stringify(mail.to).includes('opnieuw@example.com'))).toHaveLength(2);
    const link = mailLink(latest, '/api/activate.php')!;
    await t.app.inject({ url: link.pathname + link.search, headers: { host: 'localhost' } });
    const after = await t.app.inject({ method: 'POST', url: '/api/activation-mail.php', headers });
    expect(after.statusCode).toBe(409);
    expect(after.json().error).toBe('already_activated');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/activation-mail.php',
      headers: { host: 'localhost', 'x-request-type': 'client' },
    });
    expect(anonymous.statusCode).toBe(403);
  });

  it('has no local mailbox when an SMTP server is configured', async () => {
    expect((await t.app.inject({ url: '/dev/mailbox', headers: { host: 'localhost' } })).statusCode).toBe(404);
  });
});
