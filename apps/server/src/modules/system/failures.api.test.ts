import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestApps, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  // Warm the site cache, then take the database away.
  await t.app.inject({ url: '/api/settings.php', headers: { host: 'localhost' } });
  await t.database.close();
  openTestApps.delete(t); // no ledger to sum without a database
});
afterAll(async () => {
  await t.app.close();
  await t.dropDatabase();
});

describe('when the database is gone', () => {
  it('/readyz answers 503 and /healthz still answers', async () => {
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('an unexpected failure answers 500 with the general text and no internals', async () => {
    const response = await t.app.inject({ url: '/api/companyinfo.php', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'internal_error',
      message: 'Er is een fout opgetreden, probeer het later opnieuw.',
    });
  });
});
