import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../../seed/demo-site.ts';
import { createTestApp, loginMember, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 4 });
});
afterAll(() => t?.close());

const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };

async function login(email: string) {
  const { cookie, user } = await loginMember(t.app, email);
  return { cookie, user, profileId: user.profile.id };
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, body?: object) =>
  t.app.inject({ method, url, headers: { ...headers, cookie }, ...(body ? { payload: JSON.stringify(body) } : {}) });

describe(`blocking and hidden members on ${testDatabaseKind()}`, () => {
  it('an invisible, unconfirmed or deleted member cannot be blocked by id, and is never named', async () => {
    const viewer = await login(demoAccounts[0].email);
    const hidden = await login(demoAccounts[1].email);
    expect((await call('PUT', '/api/account-settings.php', hidden.cookie, { invisible: true })).statusCode).toBe(200);

    const unconfirmed = await t.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers,
      payload: JSON.stringify({
        email: 'nieuw@example.com',
        name: 'Onbevestigd',
        password: 'Zonnebloem-Kanaal-1987!',
        date_of_birth: '1990-01-01',
      }),
    });
    const deleted = await login(demoAccounts[2].email);
    await call('POST', '/api/delete-account.php', deleted.cookie, { reason: 'too_expensive', password: demoPassword });

    for (const profileId of [hidden.profileId, unconfirmed.json().user.profile.id, deleted.profileId]) {
      const response = await call('POST', '/api/blocks.php', viewer.cookie, { profile_id: profileId });
      expect([profileId, response.statusCode]).toEqual([profileId, 404]);
      expect(response.body).not.toMatch(/Onbevestigd/);
    }
    expect((await call('GET', '/api/blocks.php', viewer.cookie)).json().blocked).toEqual([]);
  });

  it('a block of someone who later hides is kept but no longer names them', async () => {
    const viewer = await login(demoAccounts[0].email);
    const other = await login(demoAccounts[1].email);
    await call('PUT', '/api/account-settings.php', other.cookie, { invisible: false });
    const blocked = await call('POST', '/api/blocks.php', viewer.cookie, { profile_id: other.profileId });
    expect(blocked.json().blocked.map((row: { id: number }) => row.id)).toEqual([other.profileId]);
    await call('PUT', '/api/account-settings.php', other.cookie, { invisible: true });
    expect((await call('GET', '/api/blocks.php', viewer.cookie)).json().blocked).toEqual([]);
    await call('PUT', '/api/account-settings.php', other.cookie, { invisible: false });
    expect((await call('GET', '/api/blocks.php', viewer.cookie)).json().blocked).toHaveLength(1);
  });

  it('the main photo of an invisible member is not served to others, only to the member', async () => {
    const member = await login(demoAccounts[1].email);
    const photo = member.user.profile.main_image!;
    expect(photo).not.toBeNull();
    const path = new URL(photo.match, 'http://localhost').pathname;
    const visitor = () => t.app.inject({ url: path, headers: { host: 'localhost' } });
    expect((await visitor()).statusCode).toBe(200);
    await call('PUT', '/api/account-settings.php', member.cookie, { invisible: true });
    expect((await visitor()).statusCode).toBe(404);
    const own = await t.app.inject({ url: path, headers: { host: 'localhost', cookie: member.cookie } });
    expect(own.statusCode).toBe(200);
    await call('PUT', '/api/account-settings.php', member.cookie, { invisible: false });
  });
});
