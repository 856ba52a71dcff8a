import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(() => t?.close());

describe(`the push worker on ${testDatabaseKind()}`, () => {
  it('is a script for the whole site that browsers check again on every update', async () => {
    const answer = await t.app.inject({ url: '/sw-push.js?v=2', headers: { host: 'localhost:3000' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['service-worker-allowed']).toBe('/');
    expect(answer.headers['cache-control']).toBe('no-cache');
    // A policy on the script would bind the worker's own requests.
    expect(answer.headers['content-security-policy']).toBeUndefined();
    expect(answer.body).toContain("addEventListener('push'");
    expect(answer.body).toContain('NEW_PUSH_MESSAGE');
    expect(answer.body).toContain('NEW_PUSH_CLICK');
  });

  it('is served to logged-out browsers too: a logged-out click still opens the site', async () => {
    const answer = await t.app.inject({
      url: '/sw-push.js',
      headers: { host: 'localhost:3000', cookie: 'auth.token=x' },
    });
    expect(answer.statusCode).toBe(200);
  });
});
