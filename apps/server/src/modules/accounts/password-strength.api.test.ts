import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { deliverMailTo, mailLink } from '../../test/smtp-server.ts';
import { createTestAppWithSmtp, sessionCookie, type TestAppWithSmtp, testDatabaseKind } from '../../test/test-app.ts';

// Signup, reset and password change refuse passwords that are on the breached-password list or easy to guess
// (zxcvbn, passwords.ts), with the member's own e-mail address and name counted as easy guesses.

let t: TestAppWithSmtp;
beforeAll(async () => {
  t = await createTestAppWithSmtp({ profiles: 4 });
});
afterAll(() => t?.close());

const tooCommon = {
  error: 'password_too_common',
  field: 'password',
  message:
    'Dit wachtwoord is te makkelijk te raden of komt voor in lijsten van gelekte wachtwoorden. Kies een ander wachtwoord.',
};

const strongPassword = 'Kastanje-Fluit-Grachtje-58';

/** Each passes the form's quick rule (8 characters, not the name or address) and is still easy to guess. */
const weakPasswords = (member: { email: string; name: string }) => [
  'Welkom01!', // a Dutch favourite
  'password123!', // the breached list with a common suffix
  '1q2w3e4r5t', // on the breached list as it is
  'wachtwoord2024', // a common Dutch word and a year
  member.email.split('@')[0]!, // the member's e-mail address without its domain
  `${member.name}1988!`, // the member's name and a year
];

let addressCounter = 0;
function post(url: string, body: object, extra: { cookie?: string; locale?: string } = {}) {
  const cookies = [extra.cookie, extra.locale ? `locale=${extra.locale}` : undefined].filter(Boolean);
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      host: 'localhost:3000',
      'x-request-type': 'client',
      'content-type': 'application/json',
      ...(cookies.length ? { cookie: cookies.join('; ') } : {}),
    },
    payload: JSON.stringify(body),
    remoteAddress: `198.51.100.${++addressCounter}`,
  });
}

const signupForm = (member: { email: string; name: string }, password: string) => ({
  ...member,
  password,
  date_of_birth: '1988-05-17',
});

async function rowCounts() {
  const [userRows] = await t.database.db.select({ n: count() }).from(users);
  const [profileRows] = await t.database.db.select({ n: count() }).from(profiles);
  return { users: userRows?.n, profiles: profileRows?.n };
}

async function storedHash(address: string) {
  const [row] = await t.database.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, address));
  return row?.passwordHash;
}

/** A member signed up with a strong password, logged in. */
async function newMember(member: { email: string; name: string }) {
  const response = await post('/api/signup.php', signupForm(member, strongPassword));
  expect(response.statusCode).toBe(200);
  return sessionCookie(response);
}

describe(`password strength on ${testDatabaseKind()}`, () => {
  it('signup refuses common and guessable passwords with the translated message and creates nothing', async () => {
    const member = { email: 'marieke.devries@example.com', name: 'Marieke' };
    const before = await rowCounts();
    for (const password of weakPasswords(member)) {
      const response = await post('/api/signup.php', signupForm(member, password));
      expect({ password, status: response.statusCode }).toEqual({ password, status: 400 });
      expect(response.json()).toEqual(tooCommon);
    }
    expect(await rowCounts()).toEqual(before);
    expect(await storedHash(member.email)).toBeUndefined();

    const english = await post('/api/signup.php', signupForm(member, 'Welkom01!'), { locale: 'en' });
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toBe(
      'This password is too easy to guess or appears in lists of leaked passwords. Choose a different password.',
    );

    expect((await post('/api/signup.php', signupForm(member, strongPassword))).statusCode).toBe(200);
    expect(await storedHash(member.email)).toBeTruthy();
  });

  it('password change refuses them and keeps the old password', async () => {
    const member = { email: 'joost.van-rijn@example.com', name: 'Joost' };
    const cookie = await newMember(member);
    const hashBefore = await storedHash(member.email);

    for (const password of weakPasswords(member)) {
      const response = await post(
        '/api/password.php',
        { old_password: strongPassword, password, password_repeat: password },
        { cookie },
      );
      expect({ password, status: response.statusCode }).toEqual({ password, status: 400 });
      expect(response.json()).toEqual(tooCommon);
    }
    expect(await storedHash(member.email)).toBe(hashBefore);
    expect((await post('/api/user.php', { email: member.email, password: strongPassword })).statusCode).toBe(200);

    // A wrong current password is still reported as such first.
    const wrongOld = await post(
      '/api/password.php',
      { old_password: 'niet-het-goede', password: 'Welkom01!', password_repeat: 'Welkom01!' },
      { cookie },
    );
    expect(wrongOld.json().error).toBe('old_password_wrong');
  });

  it('password reset refuses them, keeps the password and leaves the link usable for a strong one', async () => {
    const member = { email: 'fleur.bakker@example.com', name: 'Fleur' };
    await newMember(member);
    expect((await post('/api/password-reset.php', { email: member.email })).statusCode).toBe(200);
    const mail = await deliverMailTo(t.app, t.smtp, member.email);
    const token = mailLink(mail, '/reset-password/do')?.searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    const hashBefore = await storedHash(member.email);

    for (const password of weakPasswords(member)) {
      const response = await post('/api/password-reset-do.php', { token, password, password_repeat: password });
      expect({ password, status: response.statusCode }).toEqual({ password, status: 400 });
      expect(response.json()).toEqual(tooCommon);
      expect(response.cookies.find((c) => c.name === 'auth.token')).toBeUndefined();
    }
    expect(await storedHash(member.email)).toBe(hashBefore);

    const done = await post('/api/password-reset-do.php', {
      token,
      password: 'Lantaarn-Regenjas-Fiets-73',
      password_repeat: 'Lantaarn-Regenjas-Fiets-73',
    });
    expect(done.statusCode).toBe(200);
    expect(await storedHash(member.email)).not.toBe(hashBefore);
  });
});
