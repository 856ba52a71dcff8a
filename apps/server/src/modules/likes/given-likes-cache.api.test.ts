import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes } from '../../db/schema/likes.ts';
import { demoAccounts } from '../../seed/demo-site.ts';
import { createTestApp, loginMember, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

// The given-likes cache is on, as in production (tests otherwise read every page's hearts from the database).
let t: TestApp;
let clock = new Date('2026-11-30T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ profiles: 40, now: () => clock, config: { searchPageCacheSeconds: 30 } });
});
afterAll(() => t?.close());

const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, body?: object) =>
  t.app.inject({ method, url, headers: { ...headers, cookie }, ...(body ? { payload: JSON.stringify(body) } : {}) });

describe(`a member's hearts on pages of cards, kept per member, on ${testDatabaseKind()}`, () => {
  it('follow a like, a swipe and a like taken back at once, and each of several likes given in parallel', async () => {
    const { cookie, user } = await loginMember(t.app, demoAccounts[2].email);
    const swipe = (await call('GET', '/api/swipe.php', cookie)).json() as { profiles: { id: number }[] };
    const shown = swipe.profiles.map((profile) => profile.id);
    expect(shown.length).toBeGreaterThanOrEqual(8);
    const likedAmong = () => t.app.services.likes.findLikedAmong(user, shown);
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    const before = await likedAmong();
    const [first, second, ...rest] = shown.filter((id) => !before.includes(id)) as [number, number, ...number[]];

    expect((await call('POST', '/api/like.php', cookie, { profile: first })).statusCode).toBe(200);
    expect(sorted(await likedAmong())).toEqual(sorted([...before, first]));

    const swiped = await call('POST', '/api/swipe.php', cookie, { profile: second, answer: 'yes' });
    expect(swiped.statusCode).toBe(200);
    expect(sorted(await likedAmong())).toEqual(sorted([...before, first, second]));

    expect((await call('DELETE', '/api/like.php', cookie, { profile: first })).statusCode).toBe(200);
    expect(sorted(await likedAmong())).toEqual(sorted([...before, second]));

    const parallel = rest.slice(0, 5);
    const answers = await Promise.all([
      ...parallel.map((profile) => call('POST', '/api/like.php', cookie, { profile })),
      likedAmong(),
      likedAmong(),
    ]);
    for (const answer of answers.slice(0, parallel.length))
      expect((answer as { statusCode: number }).statusCode).toBe(200);
    expect(sorted(await likedAmong())).toEqual(sorted([...before, second, ...parallel]));
  });

  it('are kept: a like stored behind the service (no member event) shows only after the refresh time', async () => {
    const { cookie, user } = await loginMember(t.app, demoAccounts[1].email);
    const swipe = (await call('GET', '/api/swipe.php', cookie)).json() as { profiles: { id: number }[] };
    const shown = swipe.profiles.map((profile) => profile.id);
    const before = await t.app.services.likes.findLikedAmong(user, shown);
    const quiet = shown.find((id) => !before.includes(id))!;
    await t.database.db
      .insert(likes)
      .values({ likerProfileId: user.profile.id, likedProfileId: quiet, source: 'profile', createdAt: clock });
    expect(await t.app.services.likes.findLikedAmong(user, shown)).not.toContain(quiet);
    clock = new Date(clock.getTime() + 30_000);
    expect(await t.app.services.likes.findLikedAmong(user, shown)).toContain(quiet);
  });

  it('answers nothing for none shown, and nothing for a profile that is no one', async () => {
    const { user } = await loginMember(t.app, demoAccounts[0].email);
    expect(await t.app.services.likes.findLikedAmong(user, [])).toEqual([]);
    expect(await t.app.services.likes.findLikedAmong(user, [2_147_483_647])).toEqual([]);
  });
});
