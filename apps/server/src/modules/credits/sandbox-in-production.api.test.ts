import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPackages, demoSiteSettings } from '../../seed/demo-site.ts';
import { createTestApp, sessionCookie, type TestApp, testDatabaseKind } from '../../test/test-app.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';
import { createShopRepository } from './shop.repository.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ profiles: 0, config: { env: 'production' } });
  const real = await createSitesRepository(t.database.db).insertSite(
    { companyId: 1, settings: { ...demoSiteSettings, name: 'Echt', domain: 'echt.test' } },
    ['echt.test'],
  );
  await createShopRepository(t.database.db).insertPackages(demoPackages.map((pkg) => ({ ...pkg, siteId: real.id })));
});
afterAll(() => t?.close());

async function orderOn(host: string) {
  const headers = { host, 'x-request-type': 'client', 'content-type': 'application/json', cookie: 'locale=nl' };
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    headers,
    payload: {
      email: `koper-${host.replace(/\W/g, '')}@example.com`,
      name: 'Koper',
      password: 'zomer-aan-zee-42',
      date_of_birth: '1990-05-05',
    },
  });
  if (signup.statusCode !== 200) throw new Error(signup.body);
  const cookie = `locale=nl; ${sessionCookie(signup)}`;
  const packages = await t.app.inject({ url: '/api/packages.php', headers: { ...headers, cookie } });
  return t.app.inject({
    method: 'POST',
    url: '/api/orders.php',
    headers: { ...headers, cookie },
    payload: { package: packages.json().packages[0].id, payment_method: 'creditcard' },
  });
}

describe(`the sandbox in production on ${testDatabaseKind()}`, () => {
  it('takes the demo site’s payments, and refuses a real site’s: it would give credits away', async () => {
    expect((await orderOn('localhost')).statusCode).toBe(200);
    const real = await orderOn('echt.test');
    expect(real.statusCode).toBe(503);
    expect(real.json().error).toBe('payment_provider_unavailable');
  });
});
