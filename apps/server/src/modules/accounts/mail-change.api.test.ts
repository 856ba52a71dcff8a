import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../seed/demo-site.ts';
import { deliverMailTo, mailLink } from '../../test/smtp-server.ts';
import { createTestAppWithSmtp, sessionCookie, type TestAppWithSmtp, testDatabaseKind } from '../../test/test-app.ts';
import { createAccountsRepository } from './accounts.repository.ts';

// Issue 11 item 13: a mail change needs the current password, ends the member's other sessions, and the old address
// hears of it with a link that undoes it and locks the account down.

let t: TestAppWithSmtp;
let clock = new Date('2026-11-22T12:00:00Z');
beforeAll(async () => {
  t = await createTestAppWithSmtp({ profiles: 8, now: () => clock });
});
afterAll(() => t?.close());

const password = 'sterk-genoeg-123';
const base = { host: 'localhost:3000', 'x-request-type': 'client', 'content-type': 'application/json' };
// Each test comes from its own address, so that per-address limits (signups, logins) stay out of the way.
let client = 10;
let address = '10.0.0.10';

function call(method: 'GET' | 'POST', url: string, cookie: string, body?: object) {
  return t.app.inject({
    method,
    url,
    remoteAddress: address,
    headers: { ...base, ...(cookie ? { cookie } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}
async function login(email: string, secret = password) {
  const response = await call('POST', '/api/user.php', '', { email, password: secret });
  const value = response.cookies.find((c) => c.name === 'auth.token')?.value;
  return { status: response.statusCode, cookie: value ? `auth.token=${value}` : '' };
}
async function loggedIn(cookie: string) {
  return (await call('GET', '/api/user.php', cookie)).statusCode === 200;
}
async function signup(email: string, locale = 'nl') {
  address = `10.0.0.${++client}`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    remoteAddress: address,
    headers: { ...base, cookie: `locale=${locale}` },
    payload: JSON.stringify({ email, name: email.split('@')[0], password, date_of_birth: '1988-08-08' }),
  });
  expect(response.statusCode).toBe(200);
  return sessionCookie(response);
}
async function mailTo(to: string) {
  return deliverMailTo(t.app, t.smtp, to);
}
async function linkToken(to: string, path: string) {
  return mailLink(await mailTo(to), path)?.searchParams.get('token') ?? '';
}
async function emailOf(email: string) {
  return createAccountsRepository(t.database.db).findUserByEmail(1, email);
}
async function requestAndConfirm(cookie: string, newEmail: string, confirmCookie = cookie) {
  expect((await call('POST', '/api/mail-change.php', cookie, { email: newEmail, password })).statusCode).toBe(200);
  const token = await linkToken(newEmail, '/mail-change/do');
  expect(token).not.toBe('');
  const confirmed = await call('POST', '/api/mail-change-do.php', confirmCookie, { token });
  expect(confirmed.statusCode).toBe(200);
  return token;
}

describe(`mail change on ${testDatabaseKind()}`, () => {
  it('needs the current password; without it nothing is mailed and taken addresses are not revealed', async () => {
    const cookie = await signup('zonder-ww@example.com');
    const missing = await call('POST', '/api/mail-change.php', cookie, { email: 'ander-1@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'old_password_wrong', message: 'Controleer je oude wachtwoord.' });
    const empty = await call('POST', '/api/mail-change.php', cookie, { email: 'ander-1@example.com', password: '' });
    expect(empty.json().error).toBe('old_password_wrong');
    const wrong = await call('POST', '/api/mail-change.php', cookie, {
      email: 'ander-1@example.com',
      password: 'niet-het-goede',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Controleer je oude wachtwoord.');
    // A stolen session cannot find out which addresses have an account.
    const probe = await call('POST', '/api/mail-change.php', cookie, {
      email: demoAccounts[0].email,
      password: 'niet-het-goede',
    });
    expect(probe.json().error).toBe('old_password_wrong');

    expect(await mailTo('ander-1@example.com')).toBeUndefined();
    expect((await emailOf('zonder-ww@example.com'))?.email).toBe('zonder-ww@example.com');
    expect(await loggedIn(cookie)).toBe(true);
  });

  it('ends the other sessions on confirmation and mails the old address a notice with an undo link', async () => {
    const here = await signup('oud-adres@example.com');
    const phone = await login('oud-adres@example.com');
    const tablet = await login('oud-adres@example.com');
    expect(await loggedIn(phone.cookie)).toBe(true);

    // A second pending change dies when the first is confirmed.
    expect(
      (await call('POST', '/api/mail-change.php', here, { email: 'tweede-keus@example.com', password })).statusCode,
    ).toBe(200);
    const secondToken = await linkToken('tweede-keus@example.com', '/mail-change/do');

    const token = await requestAndConfirm(here, 'nieuw-adres@example.com');
    expect(await loggedIn(here)).toBe(true);
    expect(await loggedIn(phone.cookie)).toBe(false);
    expect(await loggedIn(tablet.cookie)).toBe(false);
    expect((await call('GET', '/api/user.php', here)).json().user.email).toBe('nieuw-adres@example.com');

    const notice = await mailTo('oud-adres@example.com');
    expect(notice?.subject).toBe('Je e-mailadres bij Hartklop is gewijzigd');
    expect(notice?.text).toContain('ni***@e***.com');
    expect(notice?.text).not.toContain('nieuw-adres@example.com');
    const undo = mailLink(notice, '/mail-change/undo');
    expect(undo?.origin).toBe('http://localhost:3000');
    expect(notice?.html).toContain(undo!.toString().replace(/&/g, '&#38;'));

    // Single use, and of its own kind only.
    expect((await call('POST', '/api/mail-change-do.php', here, { token })).json().error).toBe(
      'mail_change_link_invalid',
    );
    const second = await call('POST', '/api/mail-change-do.php', here, { token: secondToken });
    expect(second.json().error).toBe('mail_change_link_invalid');
    const wrongKind = await call('POST', '/api/mail-change-undo.php', '', { token });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json()).toMatchObject({
      error: 'mail_change_undo_invalid',
      message: 'Deze link is verlopen of al gebruikt.',
    });
    const undoToken = undo!.searchParams.get('token')!;
    expect((await call('POST', '/api/mail-change-do.php', '', { token: undoToken })).json().error).toBe(
      'mail_change_link_invalid',
    );
  });

  it('a confirmation link opened logged out ends every session', async () => {
    const here = await signup('uitgelogd@example.com');
    const other = await login('uitgelogd@example.com');
    await requestAndConfirm(here, 'uitgelogd-nieuw@example.com', '');
    expect(await loggedIn(here)).toBe(false);
    expect(await loggedIn(other.cookie)).toBe(false);
    expect((await login('uitgelogd-nieuw@example.com')).status).toBe(200);

    // Opened while logged in as somebody else: that session is not the member's, so it stays; the member's end.
    const mine = await login('uitgelogd-nieuw@example.com');
    const someoneElse = await signup('iemand-anders@example.com');
    await requestAndConfirm(mine.cookie, 'uitgelogd-derde@example.com', someoneElse);
    expect(await loggedIn(mine.cookie)).toBe(false);
    expect(await loggedIn(someoneElse)).toBe(true);
  });

  it('undo puts the old address back, ends every session, voids the password and every link, and leads to a reset', async () => {
    const owner = await signup('eigenaar@example.com');
    // The attacker knows the password, logs in elsewhere and moves the account to an address of theirs.
    const attacker = await login('eigenaar@example.com');
    await requestAndConfirm(attacker.cookie, 'kaper@example.com');
    expect(await loggedIn(owner)).toBe(false);
    expect(await loggedIn(attacker.cookie)).toBe(true);
    // ... and prepares more: a reset link and another change, both mailed to the attacker.
    expect((await call('POST', '/api/password-reset.php', '', { email: 'kaper@example.com' })).statusCode).toBe(200);
    const attackerReset = await linkToken('kaper@example.com', '/reset-password/do');
    expect(
      (await call('POST', '/api/mail-change.php', attacker.cookie, { email: 'kaper-2@example.com', password }))
        .statusCode,
    ).toBe(200);
    const attackerChange = await linkToken('kaper-2@example.com', '/mail-change/do');

    const undoToken = await linkToken('eigenaar@example.com', '/mail-change/undo');
    expect(undoToken).not.toBe('');
    const undone = await call('POST', '/api/mail-change-undo.php', '', { token: undoToken });
    expect(undone.statusCode).toBe(200);
    const resetToken = undone.json().reset_token as string;
    expect(resetToken).toMatch(/^[\w-]{20,}$/);

    expect((await emailOf('eigenaar@example.com'))?.id).toBeDefined();
    expect(await emailOf('kaper@example.com')).toBeNull();
    expect(await loggedIn(attacker.cookie)).toBe(false);
    expect((await login('eigenaar@example.com')).status).toBe(401);
    expect((await login('kaper@example.com')).status).toBe(401);
    const staleReset = await call('POST', '/api/password-reset-do.php', '', {
      token: attackerReset,
      password: 'van-de-kaper-123',
      password_repeat: 'van-de-kaper-123',
    });
    expect(staleReset.json().error).toBe('reset_link_invalid');
    expect((await call('POST', '/api/mail-change-do.php', '', { token: attackerChange })).json().error).toBe(
      'mail_change_link_invalid',
    );
    // The undo link is single use.
    const again = await call('POST', '/api/mail-change-undo.php', '', { token: undoToken });
    expect(again.json().error).toBe('mail_change_undo_invalid');

    // The answer's token opens /reset-password/do: the owner chooses a new password and is in again.
    const reset = await call('POST', '/api/password-reset-do.php', '', {
      token: resetToken,
      password: 'weer-van-mij-456',
      password_repeat: 'weer-van-mij-456',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user.email).toBe('eigenaar@example.com');
    expect((await login('eigenaar@example.com', 'weer-van-mij-456')).status).toBe(200);
  });

  it('undo while logged in as the member drops that cookie too', async () => {
    const here = await signup('met-cookie@example.com');
    await requestAndConfirm(here, 'met-cookie-nieuw@example.com');
    const undoToken = await linkToken('met-cookie@example.com', '/mail-change/undo');
    const undone = await call('POST', '/api/mail-change-undo.php', here, { token: undoToken });
    expect(undone.statusCode).toBe(200);
    const cleared = undone.cookies.find((c) => c.name === 'auth.token');
    expect(cleared?.value ?? '').toBe('');
    expect(await loggedIn(here)).toBe(false);
  });

  it('the notice is in the member’s language, and the undo link expires after 7 days', async () => {
    const here = await signup('english@example.com', 'en');
    await requestAndConfirm(here, 'english-new@example.com');
    const notice = await mailTo('english@example.com');
    expect(notice?.subject).toBe('Your e-mail address at Hartklop has been changed');
    expect(notice?.text).toContain('en***@e***.com');
    const undoToken = mailLink(notice, '/mail-change/undo')?.searchParams.get('token') ?? '';

    clock = new Date(clock.getTime() + 7 * 24 * 60 * 60_000 + 60_000);
    const late = await call('POST', '/api/mail-change-undo.php', '', { token: undoToken });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('mail_change_undo_invalid');
    expect((await emailOf('english-new@example.com'))?.email).toBe('english-new@example.com');
  });

  it('the old address stays the owner’s while the undo link lives: an intruder cannot take it to block the undo', async () => {
    const here = await signup('bezet@example.com');
    await requestAndConfirm(here, 'bezet-nieuw@example.com');
    const undoToken = await linkToken('bezet@example.com', '/mail-change/undo');
    const taker = await t.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      remoteAddress: '10.0.9.9',
      headers: base,
      payload: JSON.stringify({ email: 'bezet@example.com', name: 'Indringer', password, date_of_birth: '1988-08-08' }),
    });
    expect([taker.statusCode, taker.json().error]).toEqual([409, 'account_exists']);

    const undone = await call('POST', '/api/mail-change-undo.php', '', { token: undoToken });
    expect(undone.statusCode).toBe(200);
    expect(await loggedIn(here)).toBe(false);
    expect((await emailOf('bezet@example.com'))?.email).toBe('bezet@example.com');
    expect((await login('bezet-nieuw@example.com')).status).not.toBe(200);
  });
});
