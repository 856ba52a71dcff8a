import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginMember, type TestApp, testDatabaseKind } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 40, demoLikes: true });
});
afterAll(() => t?.close());

type Like = { id: number; match: boolean };

async function findLikesOf(email: string) {
  const { cookie } = await loginMember(t.app, email);
  const response = await t.app.inject({ method: 'GET', url: '/api/likes.php', headers: { host: 'localhost', cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as { profiles: Like[]; liked_by: Like[]; locked: object[]; new_likes: number };
}

describe(`a fresh demo start on ${testDatabaseKind()}`, () => {
  it('gives demo@hartklop.test received likes (the newest new), given likes and matches', async () => {
    const likes = await findLikesOf('demo@hartklop.test');
    const received = likes.liked_by.length + likes.locked.length;
    expect(received).toBeGreaterThanOrEqual(8);
    expect(received).toBeLessThanOrEqual(15);
    expect(likes.new_likes).toBeGreaterThanOrEqual(2);
    expect(likes.new_likes).toBeLessThanOrEqual(4);
    expect(likes.profiles.length).toBeGreaterThanOrEqual(5);
    expect(likes.profiles.length).toBeLessThanOrEqual(10);
    const matches = likes.profiles.filter((profile) => profile.match).map((profile) => profile.id);
    expect(matches.length).toBeGreaterThanOrEqual(2);
    expect(matches.length).toBeLessThanOrEqual(3);
    // A free member: the likes beyond the first few are locked, but a match always shows its liker.
    expect(likes.locked.length).toBeGreaterThan(0);
    expect(likes.liked_by.filter((liker) => liker.match).map((liker) => liker.id)).toEqual(
      expect.arrayContaining(matches),
    );
  });

  it('gives the premium demo account its own likes, every liker open', async () => {
    const likes = await findLikesOf('premium@hartklop.test');
    expect(likes.locked).toEqual([]);
    expect(likes.liked_by.length).toBeGreaterThanOrEqual(8);
    expect(likes.liked_by.filter((liker) => liker.match).length).toBeGreaterThanOrEqual(2);
  });
});
