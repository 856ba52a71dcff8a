import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(() => t?.close());

describe('the local mailbox (no SMTP server configured)', () => {
  it('receives mails and shows them to loopback requests only', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' },
      payload: JSON.stringify({
        email: 'bram@example.com',
        name: 'Bram',
        password: 'fietsen-in-de-regen',
        date_of_birth: '1985-09-09',
      }),
      remoteAddress: '203.0.113.9',
    });
    expect(response.statusCode).toBe(200);
    await t.app.services.mail.sendQueuedMails();

    const list = await t.app.inject({ url: '/dev/mailbox', headers: { host: 'localhost' } });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('bram@example.com');
    const json = await t.app.inject({ url: '/dev/mailbox.json?to=bram@example.com', headers: { host: 'localhost' } });
    const [mail] = json.json().mails;
    expect(mail.text).toContain('/api/activate.php?token=');
    const one = await t.app.inject({ url: `/dev/mailbox/${mail.id}`, headers: { host: 'localhost' } });
    expect(one.body).toContain('<html');

    for (const remoteAddress of ['203.0.113.50', '10.0.0.8']) {
      const outside = await t.app.inject({ url: '/dev/mailbox', headers: { host: 'localhost' }, remoteAddress });
      expect(outside.statusCode).toBe(404);
      const outsideJson = await t.app.inject({
        url: '/dev/mailbox.json',
        headers: { host: 'localhost' },
        remoteAddress,
      });
      expect(outsideJson.statusCode).toBe(404);
    }
  });
});
