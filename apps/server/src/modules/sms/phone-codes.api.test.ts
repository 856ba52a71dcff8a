import { localeCookieName } from '@app/shared/i18n/locales';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

// The direct debit's mobile number (issue 16, item 8): a code by SMS, 'Code ongeldig' when wrong, limits in the database.
const start = new Date('2026-11-22T12:00:00Z');
let clock = start;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 2, now: () => clock });
});
afterAll(() => t?.close());

const minuteMs = 60_000;
const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };

function sendCode(cookie: string, phone: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/phone-code.php',
    headers: { ...headers, cookie },
    payload: JSON.stringify({ phone }),
  });
}

function verifyCode(cookie: string, phone: string, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/phone-code.php?verify=1',
    headers: { ...headers, cookie },
    payload: JSON.stringify({ phone, code }),
  });
}

/** The SMS the local box holds for a number, newest first. */
async function smsTo(phone: string): Promise<{ code: string; text: string }[]> {
  const response = await t.app.inject({
    url: `/dev/smsbox.json?to=${encodeURIComponent(phone)}`,
    headers: { host: 'localhost' },
  });
  return response.json().messages;
}

async function latestCode(phone: string): Promise<string> {
  const [sms] = await smsTo(phone);
  if (!sms) throw new Error(`no SMS to ${phone}`);
  return sms.code;
}

/** Any six digits but these. */
function otherCode(code: string, n = 0): string {
  return String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

let members = 0;
/** A new member, from an address of its own (each test its own member, so that limits and codes do not meet). */
async function newMember(language?: string) {
  members += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    headers: { ...headers, ...(language ? { cookie: `${localeCookieName}=${language}` } : {}) },
    payload: JSON.stringify({
      email: `sms-member-${members}@example.com`,
      name: 'Lena',
      password: 'sterk-genoeg-123',
      date_of_birth: '1991-01-01',
    }),
    remoteAddress: `198.51.100.${100 + members}`,
  });
  return sessionCookie(response);
}

describe(`phone codes on ${testDatabaseKind()}`, () => {
  it('sends a code by SMS in the member’s language, stores only its hash, and confirms the number once', async () => {
    clock = start;
    const cookie = await newMember();
    const sent = await sendCode(cookie, '06 12345678');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      phone: '+31612345678',
      expires_at: new Date(start.getTime() + 10 * minuteMs).toISOString(),
    });
    const [sms] = await smsTo('+31612345678');
    expect(sms!.code).toMatch(/^[0-9]{6}$/);
    expect(sms!.text).toBe(`${sms!.code} is je code voor Hartklop. Deze is 10 minuten geldig. Deel hem met niemand.`);
    const stored = await rows<{ code_hash: string }>(
      sql`select code_hash from phone_codes where phone = '+31612345678'`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.code_hash).not.toContain(sms!.code);

    clock = new Date(start.getTime() + 3 * minuteMs);
    const verified = await verifyCode(cookie, '+31 6 1234 5678', ` ${sms!.code.slice(0, 3)} ${sms!.code.slice(3)} `);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ phone: '+31612345678', verified_at: clock.toISOString() });

    const again = await verifyCode(cookie, '06 12345678', sms!.code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'sms_code_invalid', message: 'Code ongeldig', field: 'code' });
  });

  it('writes the SMS in the member’s language', async () => {
    clock = start;
    const cookie = await newMember('de');
    expect((await sendCode(cookie, '+49 151 23456789')).json().phone).toBe('+4915123456789');
    const [sms] = await smsTo('+4915123456789');
    expect(sms!.text).toBe(
      `${sms!.code} ist dein Code für Hartklop. Er ist 10 Minuten gültig. Gib ihn an niemanden weiter.`,
    );
  });

  it('answers a wrong code with ‘Code ongeldig’ and still takes the right one after it', async () => {
    clock = start;
    const cookie = await newMember();
    await sendCode(cookie, '0612000001');
    const code = await latestCode('+31612000001');
    const wrong = await verifyCode(cookie, '0612000001', otherCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'sms_code_invalid', message: 'Code ongeldig', field: 'code' });
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/phone-code.php?verify=1',
      headers: { ...headers, cookie: `${cookie}; ${localeCookieName}=en` },
      payload: JSON.stringify({ phone: '0612000001', code: otherCode(code, 1) }),
    });
    expect(english.json().message).toBe('Invalid code');
    expect((await verifyCode(cookie, '0612000001', code)).statusCode).toBe(200);
  });

  it('takes no code that has expired: 10 minutes to the second', async () => {
    clock = start;
    const cookie = await newMember();
    await sendCode(cookie, '0612000002');
    clock = new Date(start.getTime() + 10 * minuteMs - 1_000);
    expect((await verifyCode(cookie, '0612000002', await latestCode('+31612000002'))).statusCode).toBe(200);

    clock = start;
    await sendCode(cookie, '0612000002');
    clock = new Date(start.getTime() + 10 * minuteMs);
    const late = await verifyCode(cookie, '0612000002', await latestCode('+31612000002'));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'sms_code_invalid', message: 'Code ongeldig' });
  });

  it('compares at most 5 of 20 parallel wrong guesses; then the code is dead until a new one is sent', async () => {
    clock = start;
    const cookie = await newMember();
    await sendCode(cookie, '0612000003');
    const code = await latestCode('+31612000003');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => verifyCode(cookie, '0612000003', otherCode(code, i))),
    );
    const errors = answers.map((answer) => answer.json().error);
    expect(errors.filter((error) => error === 'sms_code_invalid')).toHaveLength(5);
    expect(errors.filter((error) => error === 'sms_code_attempts')).toHaveLength(15);
    const refused = answers.find((answer) => answer.json().error === 'sms_code_attempts')!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Je hebt te vaak een verkeerde code ingevuld. Vraag een nieuwe sms-code aan.');
    const [stored] = await rows<{ attempts: number }>(
      sql`select attempts from phone_codes where phone = '+31612000003'`,
    );
    expect(stored!.attempts).toBe(5);

    const right = await verifyCode(cookie, '0612000003', code);
    expect(right.json().error).toBe('sms_code_attempts');

    await sendCode(cookie, '0612000003');
    const fresh = await latestCode('+31612000003');
    expect((await verifyCode(cookie, '0612000003', code === fresh ? otherCode(fresh) : code)).json().error).toBe(
      'sms_code_invalid',
    );
    expect((await verifyCode(cookie, '0612000003', fresh)).statusCode).toBe(200);
  });

  it('lets one member’s parallel sends pass 5 times a day, and a number receive 5 a day whoever asks', async () => {
    clock = start;
    const first = await newMember();
    const answers = await Promise.all(Array.from({ length: 12 }, () => sendCode(first, '0612000004')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.map((answer) => [answer.statusCode, answer.json().error])).toEqual(
      Array(7).fill([429, 'sms_send_limit']),
    );
    expect(refused[0]!.json().message).toBe('Er zijn te veel sms-codes aangevraagd. Probeer het over 24 uur opnieuw.');
    expect(await smsTo('+31612000004')).toHaveLength(5);

    // The number has had its five: another member cannot send it more, but can send to another number.
    const second = await newMember();
    expect((await sendCode(second, '0612000004')).json().error).toBe('sms_send_limit');
    expect((await sendCode(second, '0612000005')).statusCode).toBe(200);
    expect(await smsTo('+31612000004')).toHaveLength(5);

    // A member's five, to as many numbers, in parallel.
    const third = await newMember();
    const spread = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sendCode(third, `06130000${String(i).padStart(2, '0')}`)),
    );
    expect(spread.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(spread.filter((answer) => answer.json().error === 'sms_send_limit')).toHaveLength(3);

    // A day after the fifth send the limits start again.
    clock = new Date(start.getTime() + 24 * 60 * minuteMs);
    expect((await sendCode(first, '0612000004')).statusCode).toBe(200);
  });

  it('does not let another member verify with your code, nor spend your tries', async () => {
    clock = start;
    const owner = await newMember();
    const other = await newMember();
    await sendCode(owner, '0612000006');
    const code = await latestCode('+31612000006');
    for (let i = 0; i < 6; i++) {
      const answer = await verifyCode(other, '0612000006', code);
      expect(answer.json()).toMatchObject({ error: 'sms_code_invalid', message: 'Code ongeldig' });
    }
    // Even with a code of their own for the same number, the owner's digits are not theirs.
    await sendCode(other, '0612000006');
    const theirs = await latestCode('+31612000006');
    if (theirs !== code) expect((await verifyCode(other, '0612000006', code)).json().error).toBe('sms_code_invalid');
    expect((await verifyCode(owner, '0612000006', code)).statusCode).toBe(200);
  });

  it('refuses numbers that are not mobile numbers of the site’s countries, and sends nothing', async () => {
    clock = start;
    const cookie = await newMember();
    for (const phone of ['020 1234567', '+33 6 12 34 56 78', '06 1234567', 'bel me maar', '', '+']) {
      const answer = await sendCode(cookie, phone);
      expect(answer.statusCode, phone).toBe(400);
      expect(answer.json(), phone).toEqual({
        error: 'phone_invalid',
        message:
          'Vul een geldig mobiel nummer in. Is het een buitenlands nummer, zet dan de landcode ervoor (zoals +32).',
        field: 'phone',
      });
    }
    expect(await smsTo('+33612345678')).toEqual([]);
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from rate_limits where key like 'sms:member:%'`,
    );
    expect((await sendCode(cookie, '+32 470 12 34 56')).json().phone).toBe('+32470123456');
    const [after] = await rows<{ n: number }>(
      sql`select count(*)::int as n from rate_limits where key like 'sms:member:%'`,
    );
    expect(after!.n).toBe(count!.n + 1);
  });

  it('checks the request: login, a code only with ?verify=1, six digits', async () => {
    clock = start;
    const cookie = await newMember();
    const loggedOut = await sendCode('', '0612000007');
    expect([loggedOut.statusCode, loggedOut.json().error]).toEqual([403, 'authentication_required']);
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/phone-code.php',
      headers: { host: 'localhost', cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ phone: '0612000007' }),
    });
    expect(noHeader.json().error).toBe('client_header_required');
    const codeWithoutVerify = await t.app.inject({
      method: 'POST',
      url: '/api/phone-code.php',
      headers: { ...headers, cookie },
      payload: JSON.stringify({ phone: '0612000007', code: '123456' }),
    });
    expect(codeWithoutVerify.json()).toMatchObject({ error: 'validation_failed', field: 'code' });
    const verifyWithoutCode = await t.app.inject({
      method: 'POST',
      url: '/api/phone-code.php?verify=1',
      headers: { ...headers, cookie },
      payload: JSON.stringify({ phone: '0612000007' }),
    });
    expect(verifyWithoutCode.json()).toMatchObject({ error: 'sms_code_invalid', field: 'code' });
    for (const code of ['12345', '1234567', '12a456', '']) {
      expect((await verifyCode(cookie, '0612000007', code)).json(), code).toMatchObject({
        error: 'sms_code_invalid',
        message: 'Code ongeldig',
      });
    }
    const otherQuery = await t.app.inject({
      method: 'POST',
      url: '/api/phone-code.php?verify=yes',
      headers: { ...headers, cookie },
      payload: JSON.stringify({ phone: '0612000007', code: '123456' }),
    });
    expect(otherQuery.json().error).toBe('validation_failed');
    // None of it sent anything.
    expect(await smsTo('+31612000007')).toEqual([]);
  });

  it('forgets codes a day after they expire (sms.cleanup)', async () => {
    clock = start;
    const cookie = await newMember();
    await sendCode(cookie, '0612000008');
    const count = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from phone_codes where phone = '+31612000008'`))[0]!.n;
    clock = new Date(start.getTime() + 10 * minuteMs + 23 * 60 * minuteMs);
    await t.app.services.jobs.enqueue('sms.cleanup', {});
    await t.app.services.jobs.runDue('sms.cleanup');
    expect(await count()).toBe(1);
    clock = new Date(start.getTime() + 10 * minuteMs + 24 * 60 * minuteMs + 1_000);
    await t.app.services.jobs.enqueue('sms.cleanup', {});
    await t.app.services.jobs.runDue('sms.cleanup');
    expect(await count()).toBe(0);
  });
});
