import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../../seed/demo-site.ts';
import { deliverMailTo, mailLink } from '../../test/smtp-server.ts';
import { createTestAppWithSmtp, sessionCookie, type TestAppWithSmtp, testDatabaseKind } from '../../test/test-app.ts';
import { createProfilesRepository } from '../profiles/profiles.repository.ts';
import { createAccountsRepository } from './accounts.repository.ts';

let t: TestAppWithSmtp;
let clock = new Date('2026-11-22T12:00:00Z');
beforeAll(async () => {
  t = await createTestAppWithSmtp({ profiles: 8, now: () => clock });
});
afterAll(() => t?.close());

const base = { host: 'localhost:3000', 'x-request-type': 'client', 'content-type': 'application/json' };
function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, body?: object) {
  return t.app.inject({
    method,
    url,
    headers: { ...base, ...(cookie ? { cookie } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}
async function login(email: string, password = demoPassword) {
  const response = await call('POST', '/api/user.php', '', { email, password });
  const value = response.cookies.find((c) => c.name === 'auth.token')?.value;
  return { status: response.statusCode, cookie: value ? `auth.token=${value}` : '' };
}
async function lastLink(to: string, path: string) {
  return mailLink(await deliverMailTo(t.app, t.smtp, to), path)?.searchParams.get('token') ?? '';
}
async function signupUser(email: string) {
  const response = await call('POST', '/api/signup.php', '', {
    email,
    name: email.split('@')[0],
    password: 'sterk-genoeg-123',
    date_of_birth: '1988-08-08',
  });
  return sessionCookie(response);
}

describe(`settings on ${testDatabaseKind()}`, () => {
  it('leaves promotions and news off for a new member until they opt in; every other type is on', async () => {
    const cookie = await signupUser('optin@example.com');
    const { notifications } = (await call('GET', '/api/account-settings.php', cookie)).json().settings;
    for (const channel of ['email', 'push'] as const) {
      expect(notifications[channel]).toEqual({
        new_conversations: true,
        new_messages: true,
        like: true,
        unread_message_reminders: true,
        promotions: false,
        weekly_updates: true,
        news: false,
        reminders: true,
      });
    }
    const optedIn = await call('PUT', '/api/account-settings.php', cookie, {
      notifications: { email: { promotions: true, news: true } },
    });
    expect(optedIn.json().settings.notifications.email).toMatchObject({ promotions: true, news: true });
    expect(optedIn.json().settings.notifications.push).toMatchObject({ promotions: false, news: false });
  });

  it('reads and changes notification choices and invisible mode', async () => {
    const { cookie } = await login(demoAccounts[0].email);
    const before = (await call('GET', '/api/account-settings.php', cookie)).json().settings;
    expect(before).toMatchObject({ email: demoAccounts[0].email, invisible: false });
    expect(Object.keys(before.notifications.email)).toHaveLength(8);

    const response = await call('PUT', '/api/account-settings.php', cookie, {
      invisible: true,
      notifications: { email: { promotions: true, new_messages: false }, push: { like: false } },
    });
    expect(response.statusCode).toBe(200);
    const after = response.json().settings;
    expect(after.invisible).toBe(true);
    expect(after.notifications.email).toMatchObject({ promotions: true, news: false, new_messages: false });
    expect(after.notifications.push.like).toBe(false);

    // Invisible members are not shown.
    const me = (await call('GET', '/api/user.php', cookie)).json().user;
    const shown = await createProfilesRepository(t.database.db).findShowcaseProfiles(1, 1000);
    expect(shown.some((profile) => profile.id === me.profile.id)).toBe(false);

    const bad = await call('PUT', '/api/account-settings.php', cookie, { notifications: { email: { spam: true } } });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/api/account-settings.php', '')).statusCode).toBe(403);
    await call('PUT', '/api/account-settings.php', cookie, { invisible: false });
  });

  it('keeps a message’s text out of pushes until the member chooses to show it, per member', async () => {
    const cookie = await signupUser('previews@example.com');
    const other = await signupUser('previews-other@example.com');
    expect((await call('GET', '/api/account-settings.php', cookie)).json().settings.push_previews).toBe(false);

    const on = await call('PUT', '/api/account-settings.php', cookie, { push_previews: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().settings).toMatchObject({ push_previews: true, invisible: false });
    expect((await call('GET', '/api/account-settings.php', cookie)).json().settings.push_previews).toBe(true);
    // Stored on the account: what the push sender reads.
    const accounts = createAccountsRepository(t.database.db);
    const stored = await accounts.findUserByEmail(1, 'previews@example.com');
    expect(stored?.pushPreviews).toBe(true);
    expect((await call('GET', '/api/account-settings.php', other)).json().settings.push_previews).toBe(false);

    // Other changes leave it alone; a value that is not a boolean changes nothing.
    await call('PUT', '/api/account-settings.php', cookie, { notifications: { push: { like: false } } });
    expect((await call('GET', '/api/account-settings.php', cookie)).json().settings.push_previews).toBe(true);
    const bad = await call('PUT', '/api/account-settings.php', cookie, { push_previews: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('validation_failed');
    const off = await call('PUT', '/api/account-settings.php', cookie, { push_previews: false });
    expect(off.json().settings.push_previews).toBe(false);
    expect((await accounts.findUserByEmail(1, 'previews@example.com'))?.pushPreviews).toBe(false);
  });

  it('changes the password after checking the old one, logging out other devices', async () => {
    const email = demoAccounts[1].email;
    const here = await login(email);
    const elsewhere = await login(email);
    const wrong = await call('POST', '/api/password.php', here.cookie, {
      old_password: 'niet-goed',
      password: 'nieuw-en-sterk-1',
      password_repeat: 'nieuw-en-sterk-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Controleer je oude wachtwoord.');
    const ok = await call('POST', '/api/password.php', here.cookie, {
      old_password: demoPassword,
      password: 'nieuw-en-sterk-1',
      password_repeat: 'nieuw-en-sterk-1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/user.php', here.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/user.php', elsewhere.cookie)).statusCode).toBe(403);
    expect((await login(email, 'nieuw-en-sterk-1')).status).toBe(200);
  });

  it('changes the e-mail address after confirmation from the new address', async () => {
    const cookie = await signupUser('oud@example.com');
    const password = 'sterk-genoeg-123';
    const invalid = await call('POST', '/api/mail-change.php', cookie, { email: 'nieuw@', password });
    expect(invalid.json().message).toBe('Nieuw e-mailadres invalide.');
    const taken = await call('POST', '/api/mail-change.php', cookie, { email: demoAccounts[0].email, password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Dit e-mailadres heeft al een account op deze site.');

    const requested = await call('POST', '/api/mail-change.php', cookie, { email: 'Nieuw@Example.com', password });
    expect(requested.statusCode).toBe(200);
    const token = await lastLink('nieuw@example.com', '/mail-change/do');
    expect(token).not.toBe('');
    expect((await call('GET', '/api/user.php', cookie)).json().user.email).toBe('oud@example.com');
    // Confirmed in the browser that asked for it: this session stays (mail-change.api.test.ts has the rest).
    expect((await call('POST', '/api/mail-change-do.php', cookie, { token })).statusCode).toBe(200);
    expect((await call('GET', '/api/user.php', cookie)).json().user.email).toBe('nieuw@example.com');
    const again = await call('POST', '/api/mail-change-do.php', '', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('mail_change_link_invalid');
  });

  it('deletes an account, lets it be reactivated within 14 days, and erases it for good after', async () => {
    const email = 'weg@example.com';
    const cookie = await signupUser(email);
    const wrong = await call('POST', '/api/delete-account.php', cookie, { reason: 'too_expensive', password: 'x' });
    expect(wrong.json().error).toBe('old_password_wrong');
    const noReason = await call('POST', '/api/delete-account.php', cookie, { reason: 'zomaar', password: 'x' });
    expect(noReason.json().message).toBe('Kies waarom je je account wilt verwijderen.');

    const deleted = await call('POST', '/api/delete-account.php', cookie, {
      reason: 'found_partner',
      password: 'sterk-genoeg-123',
    });
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', '/api/user.php', cookie)).statusCode).toBe(403);
    expect((await login(email, 'sterk-genoeg-123')).status).toBe(401);

    // Signing up again within 14 days sends a reactivation mail.
    const again = await call('POST', '/api/signup.php', '', {
      email,
      name: 'weg',
      password: 'sterk-genoeg-123',
      date_of_birth: '1988-08-08',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('account_reactivation_sent');

    const token = await lastLink(email, '/api/reactivate.php');
    const reactivated = await t.app.inject({
      url: `/api/reactivate.php?token=${token}`,
      headers: { host: 'localhost' },
    });
    expect(reactivated.headers.location).toBe('/activate/done');
    const back = await login(email, 'sterk-genoeg-123');
    expect(back.status).toBe(200);

    // Deleted again, and 14 days pass: the purge erases the personal data.
    await call('POST', '/api/delete-account.php', back.cookie, { reason: 'other', password: 'sterk-genoeg-123' });
    const accounts = createAccountsRepository(t.database.db);
    const user = (await accounts.findUserByEmail(1, email))!;
    clock = new Date(clock.getTime() + 13 * 24 * 60 * 60_000);
    expect(await t.app.services.accounts.settings.purgeDeletedAccounts()).toBe(0);
    clock = new Date(clock.getTime() + 2 * 24 * 60 * 60_000);
    expect(await t.app.services.accounts.settings.purgeDeletedAccounts()).toBe(1);
    expect(await accounts.findUserByEmail(1, email)).toBeNull();
    const erased = (await accounts.findUserById(user.id))!;
    expect(erased.email).toBe(`deleted-${user.id}@deleted.invalid`);
    expect(erased.purgedAt).not.toBeNull();
    expect(await t.app.services.accounts.settings.purgeDeletedAccounts()).toBe(0);
    const lateLink = await t.app.inject({ url: `/api/reactivate.php?token=${token}`, headers: { host: 'localhost' } });
    expect(lateLink.headers.location).toBe('/activate/error');

    // The address is free again.
    const fresh = await call('POST', '/api/signup.php', '', {
      email,
      name: 'weer',
      password: 'sterk-genoeg-123',
      date_of_birth: '1988-08-08',
    });
    expect(fresh.statusCode).toBe(200);
  });
});
