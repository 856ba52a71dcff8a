import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

// The local SMS box answers this machine only, as the local mailbox does, in every environment: behind a proxy too.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0, config: { env: 'production', trustProxy: 1 } });
});
afterAll(() => t?.close());

const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };

async function sendCodeAs(email: string, phone: string) {
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    headers,
    payload: JSON.stringify({ email, name: 'Noor', password: 'sterk-genoeg-123', date_of_birth: '1990-02-02' }),
    remoteAddress: `198.51.100.${email.length}`,
  });
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/phone-code.php',
    headers: { ...headers, cookie: sessionCookie(signup) },
    payload: JSON.stringify({ phone }),
  });
  expect(answer.statusCode).toBe(200);
}

describe(`the local SMS box on ${testDatabaseKind()}`, () => {
  it('shows the SMS newest first with their codes, to loopback requests only', async () => {
    const empty = await t.app.inject({ url: '/dev/smsbox', headers: { host: 'localhost' } });
    expect(empty.body).toContain('<p>Er zijn nog geen sms-berichten.</p>');
    await sendCodeAs('noor@example.com', '06 11111111');
    await sendCodeAs('noortje@example.com', '06 22222222');

    const page = await t.app.inject({ url: '/dev/smsbox', headers: { host: 'localhost' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<h1>Lokale sms-box</h1>');
    expect(page.body.indexOf('+31622222222')).toBeGreaterThan(0);
    expect(page.body.indexOf('+31622222222')).toBeLessThan(page.body.indexOf('+31611111111'));

    const all = await t.app.inject({ url: '/dev/smsbox.json', headers: { host: 'localhost' } });
    const messages = all.json().messages;
    expect(messages.map((sms: { to: string }) => sms.to)).toEqual(['+31622222222', '+31611111111']);
    for (const sms of messages) {
      expect(sms.code).toMatch(/^[0-9]{6}$/);
      expect(sms.text.startsWith(`${sms.code} is je code voor Hartklop.`)).toBe(true);
      expect(page.body).toContain(`<td class="code">${sms.code}</td>`);
    }
    // `?to=+316…` as typed in an address bar, where + arrives as a space.
    const one = await t.app.inject({ url: '/dev/smsbox.json?to=+31611111111', headers: { host: 'localhost' } });
    expect(one.json().messages.map((sms: { to: string }) => sms.to)).toEqual(['+31611111111']);

    for (const remoteAddress of ['203.0.113.50', '10.0.0.8']) {
      for (const url of ['/dev/smsbox', '/dev/smsbox.json']) {
        const outside = await t.app.inject({ url, headers: { host: 'localhost' }, remoteAddress });
        expect(outside.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(outside.body).not.toContain('+316');
      }
    }
    // Through a proxy on this machine: the socket is loopback, the client is not.
    for (const url of ['/dev/smsbox', '/dev/smsbox.json']) {
      const proxied = await t.app.inject({
        url,
        headers: { host: 'localhost', 'x-forwarded-for': '203.0.113.7' },
        remoteAddress: '127.0.0.1',
      });
      expect(proxied.statusCode, url).toBe(404);
    }
    // A client claiming loopback in the header does not become one.
    const claimed = await t.app.inject({
      url: '/dev/smsbox',
      headers: { host: 'localhost', 'x-forwarded-for': '127.0.0.1' },
      remoteAddress: '203.0.113.8',
    });
    expect(claimed.statusCode).toBe(404);
  });
});
