import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../seed/demo-site.ts';
import { createTestApp, loginMember, type TestApp, testDatabaseKind } from '../test/test-app.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ profiles: 4 });
  cookie = (await loginMember(t.app, demoAccounts[0].email)).cookie;
});
afterAll(() => t?.close());

const language = (url: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { host: 'localhost', cookie, 'content-type': 'application/json', ...headers },
    payload: '{"language":"de"}',
  });

describe(`cross-site request forgery on ${testDatabaseKind()}`, () => {
  it('the client header is checked on the routed call, however the path is spelled', async () => {
    for (const url of ['/api/user.php', '/%61pi/user.php', '/api/user%2Ephp', 'http://localhost/api/user.php']) {
      const response = await language(url, {});
      expect([url, response.statusCode, response.json().error]).toEqual([url, 403, 'client_header_required']);
    }
    expect((await language('/api/user.php', { 'x-request-type': 'client' })).statusCode).toBe(200);
  });

  it('refuses a state-changing call the browser says came from another site', async () => {
    const client = { 'x-request-type': 'client' };
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const extra of crossSite) {
      const response = await language('/api/user.php', { ...client, ...extra });
      expect([extra, response.statusCode, response.json().error]).toEqual([extra, 403, 'cross_site_request']);
    }
    expect((await language('/api/user.php', { ...client, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await language('/api/user.php', { ...client, origin: 'http://localhost' })).statusCode).toBe(200);
    // Same site but another origin: Origin decides.
    const sibling = { ...client, 'sec-fetch-site': 'same-site' };
    expect((await language('/api/user.php', { ...sibling, origin: 'http://localhost' })).statusCode).toBe(200);
    expect((await language('/api/user.php', { ...sibling, origin: 'http://evil.localhost' })).statusCode).toBe(403);
  });
});
