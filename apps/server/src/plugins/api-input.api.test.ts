import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../seed/demo-site.ts';
import { createTestApp, loginMember, type TestApp, testDatabaseKind } from '../test/test-app.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ profiles: 2 });
  cookie = (await loginMember(t.app, demoAccounts[0].email)).cookie;
});
afterAll(() => t?.close());

const call = (options: InjectOptions & { member?: boolean }) =>
  t.app.inject({
    ...options,
    headers: {
      host: 'localhost',
      'x-request-type': 'client',
      ...(options.payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.member ? { cookie } : {}),
      ...(options.headers as Record<string, string>),
    },
  });

const complaint = {
  name: 'Jan de Vries',
  email: 'jan@example.com',
  category: 'other',
  message: 'Dit is een klacht van meer dan twintig tekens.',
};

describe(`API input on ${testDatabaseKind()}`, () => {
  it('refuses a NUL character anywhere in a body or query, naming the field', async () => {
    const inText = await call({
      method: 'POST',
      url: '/api/complaints.php',
      payload: { ...complaint, name: 'Ja\u0000n' },
    });
    expect(inText.statusCode).toBe(400);
    expect(inText.json()).toMatchObject({ error: 'validation_failed', field: 'name' });
    const inKey = await call({ method: 'POST', url: '/api/complaints.php', payload: { ...complaint, 'x\u0000': 1 } });
    expect(inKey.json()).toMatchObject({ error: 'validation_failed', field: 'x\\0' });
    const inQuery = await call({ url: '/api/regions.php?country=N%00L' });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toMatchObject({ error: 'validation_failed', field: 'country' });
  });

  it('refuses a query key given twice where the call takes one value, naming the key', async () => {
    const response = await call({ url: '/api/member.php?id=2&id=3' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed', field: 'id' });
  });

  it('answers the error code a schema names, else validation_failed with the path of the field', async () => {
    const tooShort = await call({
      method: 'POST',
      url: '/api/complaints.php',
      payload: { ...complaint, message: 'kort' },
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({ error: 'complaint_too_short', field: 'message' });
    expect(tooShort.json().message).toBeTruthy();
    const unknownKey = await call({
      method: 'POST',
      url: '/api/complaints.php',
      payload: { ...complaint, is_admin: 1 },
    });
    expect(unknownKey.json()).toMatchObject({ error: 'validation_failed', field: 'is_admin' });
    const nested = await call({
      method: 'PUT',
      url: '/api/account-settings.php',
      member: true,
      payload: { notifications: { email: { news: 'ja' } } },
    });
    expect(nested.json()).toMatchObject({ error: 'validation_failed', field: 'notifications.email.news' });
    const badId = await call({ url: '/api/member.php?id=01' });
    expect(badId.json()).toMatchObject({ error: 'validation_failed', field: 'id' });
  });

  it('takes a missing body as {}, but not a JSON null', async () => {
    const none = await call({ method: 'PUT', url: '/api/account-settings.php', member: true });
    expect(none.statusCode).toBe(200);
    expect(none.json().settings.email).toBe(demoAccounts[0].email);
    const asNull = await call({ method: 'PUT', url: '/api/account-settings.php', member: true, payload: 'null' });
    expect(asNull.statusCode).toBe(400);
    expect(asNull.json()).toMatchObject({ error: 'validation_failed', field: 'input' });
  });

  it('refuses a NUL character also on calls that take no input', async () => {
    const query = await call({ method: 'POST', url: '/api/activation-mail.php?q=a%00', member: true });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ error: 'validation_failed', field: 'q' });
    const body = await call({
      method: 'POST',
      url: '/api/activation-mail.php',
      member: true,
      payload: { x: 'a\u0000' },
    });
    expect(body.json()).toMatchObject({ error: 'validation_failed', field: 'x' });
  });
});
