import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes } from '../../db/schema/credits.ts';
import { demoAccounts, demoPassword, demoSiteSettings } from '../../seed/demo-site.ts';
import { createTestApp, sessionCookie, type TestApp, testDatabaseKind } from '../../test/test-app.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';

let t: TestApp;
const clock = new Date('2026-11-22T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ profiles: 4, now: () => clock });
  const sites = createSitesRepository(t.database.db);
  const company = await sites.insertCompany({
    name: 'Zuinig B.V.',
    address: 'Kade 1',
    kvk: '12345678',
    city: 'Utrecht',
    country: 'NL',
    supportPhone: '+31 30 000 0000',
    deleteDiscount: 0,
    added: new Date('2025-01-01T00:00:00Z'),
  });
  await sites.insertSite({ companyId: company.id, settings: { ...demoSiteSettings, name: 'Zuinig' } }, ['zuinig.test']);
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST', url: string, cookie: string, host = 'localhost:3000') {
  return t.app.inject({
    method,
    url,
    headers: { host, 'x-request-type': 'client', cookie: `locale=nl${cookie ? `; ${cookie}` : ''}` },
  });
}
async function login(email: string, host = 'localhost:3000', password = demoPassword) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { host, 'x-request-type': 'client', 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
  });
  return sessionCookie(response);
}
async function signupOn(host: string, email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    headers: { host, 'x-request-type': 'client', 'content-type': 'application/json' },
    payload: JSON.stringify({ email, name: 'Zuinig', password: 'sterk-genoeg-123', date_of_birth: '1988-08-08' }),
  });
  return sessionCookie(response);
}

describe(`discount codes on ${testDatabaseKind()}`, () => {
  it("gives a member who considers leaving the company's discount once, as a personal 30-day code", async () => {
    const cookie = await login(demoAccounts[0].email);
    const granted = await call('POST', '/api/delete-discount.php', cookie);
    expect(granted.statusCode).toBe(200);
    const code = granted.json().discountcode;
    expect(code).toMatchObject({
      value_percentage: 50,
      validity: 'once',
      status: 'active',
      expired: false,
      expires: '2026-12-22T12:00:00.000Z',
      country: null,
      paymentmethods: null,
    });
    expect(code.code).toMatch(/^BLIJF-[A-HJ-NP-Z2-9]{8}$/);

    // Asking again answers the same code: the offer cannot be collected twice.
    const again = (await call('POST', '/api/delete-discount.php', cookie)).json().discountcode;
    expect(again.code).toBe(code.code);
    const stored = await t.database.db
      .select({ code: discountCodes.code })
      .from(discountCodes)
      .where(eq(discountCodes.userId, code.user_id));
    expect(stored).toEqual([{ code: code.code }]);

    // The owner can look it up however it is typed; anyone else gets "not found".
    const lookedUp = await call('GET', `/api/discountcode.php?code=${code.code.toLowerCase()}`, cookie);
    expect(lookedUp.statusCode).toBe(200);
    expect(lookedUp.json().discountcode.code).toBe(code.code);
    const other = await call('GET', `/api/discountcode.php?code=${code.code}`, await login(demoAccounts[1].email));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({
      error: 'discount_code_not_found',
      message: 'Code niet gevonden',
      field: 'code',
    });

    await t.database.db.execute(
      sql`update discount_codes set expires_at = ${clock.toISOString()}::timestamptz where code = ${code.code}`,
    );
    const expired = await call('GET', `/api/discountcode.php?code=${code.code}`, cookie);
    expect(expired.json().discountcode.expired).toBe(true);

    await t.database.db.execute(sql`update discount_codes set status = 'used' where code = ${code.code}`);
    const used = await call('GET', `/api/discountcode.php?code=${code.code}`, cookie);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ error: 'discount_code_used', message: 'Code reeds gebruikt' });
  });

  it('answers unknown codes and visitors clearly', async () => {
    const cookie = await login(demoAccounts[0].email);
    const unknown = await call('GET', '/api/discountcode.php?code=BESTAAT-NIET', cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Code niet gevonden');
    expect((await call('GET', '/api/discountcode.php?code=', cookie)).json().message).toBe('Code niet gevonden');
    expect((await call('GET', '/api/discountcode.php?code=BLIJF-X', '')).statusCode).toBe(403);
    expect((await call('POST', '/api/delete-discount.php', '')).json().error).toBe('authentication_required');
  });

  it('offers nothing where the company has no delete discount', async () => {
    const cookie = await signupOn('zuinig.test', 'zuinig@example.com');
    const response = await call('POST', '/api/delete-discount.php', cookie, 'zuinig.test');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: 'discount_not_offered',
      message: 'Er is op dit moment geen korting beschikbaar.',
    });
  });
});
