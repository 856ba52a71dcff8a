import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabaseKind } from '../../test/test-app.ts';
import { createComplaintsRepository } from './complaints.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(() => t?.close());

const valid = {
  name: 'Anna de Vries',
  email: 'anna@example.com',
  category: 'fake_profile',
  profile: 'Sophie_nl',
  message: 'Dit profiel gebruikt de foto’s van iemand anders.',
};

function post(body: unknown, headers: Record<string, string> = {}, remoteAddress = '203.0.113.5') {
  return t.app.inject({
    method: 'POST',
    url: '/api/complaints.php',
    headers: { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
    remoteAddress,
  });
}

describe(`complaints on ${testDatabaseKind()}`, () => {
  it('stores a complaint and answers its reference', async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(200);
    const { reference } = response.json().complaint;
    expect(reference).toMatch(/^K-\d{6}$/);
    const stored = await createComplaintsRepository(t.database.db).findComplaintById(Number(reference.slice(2)));
    expect(stored).toMatchObject({ name: 'Anna de Vries', category: 'fake_profile', locale: 'nl', status: 'open' });
  });

  it.each([
    [{ ...valid, name: 'A' }, 'name_required', 'name', 'Vul je naam in (minimaal 2 tekens).'],
    [{ ...valid, email: 'anna@' }, 'invalid_email', 'email', 'Ongeldige e-mail'],
    [{ ...valid, category: 'spam' }, 'category_required', 'category', 'Kies waar je klacht over gaat.'],
    [{ ...valid, message: 'te kort' }, 'complaint_too_short', 'message', 'Beschrijf je klacht in minimaal 20 tekens.'],
    [{ ...valid, message: 'x'.repeat(5001) }, 'text_too_long', 'message', 'Deze tekst is te lang.'],
    [{ ...valid, extra: 1 }, 'validation_failed', 'extra', 'De invoer is ongeldig (extra).'],
  ])('refuses bad input with a translated message and stores nothing (%#)', async (body, error, field, message) => {
    const before = await countAll();
    const response = await post(body, {}, '198.51.100.1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, message, field });
    expect(await countAll()).toBe(before);
  });

  it('answers bad JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/complaints.php',
      headers: { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_failed');
  });

  it('translates errors for the visitor language', async () => {
    const response = await post({ ...valid, email: 'x' }, { cookie: 'locale=en' }, '198.51.100.2');
    expect(response.json().message).toBe('Invalid e-mail');
  });

  it('needs the client header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/complaints.php',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: JSON.stringify(valid),
    });
    expect(response.statusCode).toBe(403);
  });

  it('limits complaints per address per hour', async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < 5; i++) expect((await post(valid, {}, address)).statusCode).toBe(200);
    const sixth = await post(valid, {}, address);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe('rate_limited');
    expect((await post(valid, {}, '192.0.2.78')).statusCode).toBe(200);
  });
});

async function countAll(): Promise<number> {
  const repository = createComplaintsRepository(t.database.db);
  return repository.countComplaintsFromIpSince(1, '198.51.100.1', new Date(0));
}
