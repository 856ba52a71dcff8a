import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { memberEvents } from '../../db/schema/events.ts';
import { dailyAllowances, likes } from '../../db/schema/likes.ts';
import { photos, profiles } from '../../db/schema/profiles.ts';
import { demoAccounts } from '../../seed/demo-site.ts';
import { createTestApp, loginMember, signupMember, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

let t: TestApp;
let clock = new Date('2026-11-24T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ profiles: 60, now: () => clock });
});
afterAll(() => t?.close());

const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };

const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, cookie: string, body?: object, extra = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, cookie, ...extra },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

async function login(index: number) {
  const { cookie, user } = await loginMember(t.app, demoAccounts[index]!.email);
  return { cookie, user, profileId: user.profile.id, userId: user.id };
}

async function eventsOf(userId: number) {
  const rows = await t.database.db
    .select({ type: memberEvents.type, payload: memberEvents.payload })
    .from(memberEvents)
    .where(eq(memberEvents.userId, userId))
    .orderBy(asc(memberEvents.id));
  return rows.map((row) => ({ type: row.type, ...(row.payload as Record<string, unknown>) }));
}

const countLikes = () => t.database.db.$count(likes);

async function clearLikes() {
  await t.database.db.execute('delete from likes');
  await t.database.db.execute('delete from member_events');
  await t.database.db.execute('delete from swipe_answers');
  await t.database.db.execute('delete from daily_allowances');
}

describe(`likes and matches on ${testDatabaseKind()}`, () => {
  it('likes once per pair, answers the match when liked back, and takes a like back', async () => {
    await clearLikes();
    const a = await login(0);
    const b = await login(1);

    const first = await call('POST', '/api/like.php', a.cookie, { profile: b.profileId });
    expect([first.statusCode, first.json()]).toEqual([200, { match: false }]);
    const again = await call('POST', '/api/like.php', a.cookie, { profile: b.profileId });
    expect(again.json()).toEqual({ match: false });
    expect(await countLikes()).toBe(1);

    const back = await call('POST', '/api/like.php', b.cookie, { profile: a.profileId });
    expect(back.json()).toEqual({ match: true });

    const aLikes = (await call('GET', '/api/likes.php', a.cookie)).json();
    expect(aLikes.profiles.map((p: { id: number; match: boolean }) => [p.id, p.match])).toEqual([[b.profileId, true]]);
    expect(
      aLikes.liked_by.map((p: { id: number; like_new: boolean; match: boolean }) => [p.id, p.like_new, p.match]),
    ).toEqual([[b.profileId, true, true]]);
    expect(aLikes.new_likes).toBe(1);

    const unlike = await call('DELETE', '/api/like.php', a.cookie, { profile: b.profileId });
    expect([unlike.statusCode, unlike.json()]).toEqual([200, { liked: false }]);
    expect((await call('DELETE', '/api/like.php', a.cookie, { profile: b.profileId })).statusCode).toBe(200);
    const bLikes = (await call('GET', '/api/likes.php', b.cookie)).json();
    expect(bLikes.profiles.map((p: { id: number; match: boolean }) => [p.id, p.match])).toEqual([[a.profileId, false]]);
    expect(bLikes.liked_by).toEqual([]);

    expect(await eventsOf(a.userId)).toEqual([
      { type: 'like_given', profile: b.profileId, match: false },
      { type: 'like_received', match: true },
      { type: 'match', profile: b.profileId },
      { type: 'like_taken_back', profile: b.profileId, match_ended: true },
    ]);
    expect(await eventsOf(b.userId)).toEqual([
      // Not who: the liked member may be a free member for whom this like is locked.
      { type: 'like_received', match: false },
      { type: 'like_given', profile: a.profileId, match: true },
      { type: 'match', profile: a.profileId },
      { type: 'like_withdrawn', profile: a.profileId, match_ended: true },
    ]);
  });

  it('tells which of several cards the member likes (the like buttons of a page of cards)', async () => {
    await clearLikes();
    const a = await login(0);
    const b = await login(1);
    const c = await login(2);
    await call('POST', '/api/like.php', a.cookie, { profile: b.profileId });
    await call('POST', '/api/like.php', a.cookie, { profile: c.profileId });
    const liked = await t.app.services.likes.findLikedAmong(a.user, [b.profileId, c.profileId, 2_000_000]);
    expect(liked.sort((x, y) => x - y)).toEqual([b.profileId, c.profileId].sort((x, y) => x - y));
    expect(await t.app.services.likes.findLikedAmong(a.user, [b.profileId])).toEqual([b.profileId]);
    expect(await t.app.services.likes.findLikedAmong(b.user, [a.profileId, c.profileId])).toEqual([]);
    expect(await t.app.services.likes.findLikedAmong(a.user, [])).toEqual([]);
  });

  it('answers the spec shape: profiles with id and main_image.match, liked_by with id and like_new', async () => {
    await clearLikes();
    const a = await login(0);
    const b = await login(1);
    await call('POST', '/api/like.php', b.cookie, { profile: a.profileId });
    await call('POST', '/api/like.php', a.cookie, { profile: b.profileId });
    const body = (await call('GET', '/api/likes.php', a.cookie)).json();
    expect(Object.keys(body).sort()).toEqual(['liked_by', 'locked', 'new_likes', 'profiles']);
    const [profile] = body.profiles;
    expect(profile).toMatchObject({ id: b.profileId, fictional: false, match: true });
    expect(profile.main_image === null || typeof profile.main_image.match === 'string').toBe(true);
    expect(body.liked_by[0]).toMatchObject({ id: b.profileId, like_new: true });
    expect(Object.keys(body.liked_by[0]).sort()).toEqual([
      'age',
      'country',
      'fictional',
      'id',
      'like_new',
      'liked_at',
      'main_image',
      'match',
      'matched_at',
      'name',
      'region',
    ]);
  });

  it("clears like_new when the liked member opens the liker's profile through /api/member.php", async () => {
    await clearLikes();
    const a = await login(0);
    const b = await login(1);
    await call('POST', '/api/like.php', b.cookie, { profile: a.profileId });
    expect((await call('GET', '/api/likes.php', a.cookie)).json().new_likes).toBe(1);
    // The liker opening the liked member's profile changes nothing for the liked member.
    await call('GET', `/api/member.php?id=${a.profileId}`, b.cookie);
    expect((await call('GET', '/api/likes.php', a.cookie)).json().new_likes).toBe(1);
    expect((await call('GET', `/api/member.php?id=${b.profileId}`, a.cookie)).statusCode).toBe(200);
    const after = (await call('GET', '/api/likes.php', a.cookie)).json();
    expect(after.new_likes).toBe(0);
    expect(after.liked_by[0].like_new).toBe(false);
  });

  it('refuses yourself, unknown and blocked members either way, and visitors', async () => {
    await clearLikes();
    const a = await login(0);
    const b = await login(1);
    expect((await call('POST', '/api/like.php', a.cookie, { profile: a.profileId })).statusCode).toBe(400);
    expect((await call('POST', '/api/like.php', a.cookie, { profile: 2_000_000_000 })).statusCode).toBe(404);
    expect((await call('POST', '/api/like.php', a.cookie, { profile: 'x' })).statusCode).toBe(400);
    const visitor = await call('POST', '/api/like.php', '', { profile: b.profileId });
    expect([visitor.statusCode, visitor.json().error]).toEqual([403, 'authentication_required']);

    await call('POST', '/api/like.php', b.cookie, { profile: a.profileId });
    await call('POST', '/api/blocks.php', a.cookie, { profile_id: b.profileId });
    expect((await call('POST', '/api/like.php', a.cookie, { profile: b.profileId })).statusCode).toBe(404);
    expect((await call('POST', '/api/like.php', b.cookie, { profile: a.profileId })).statusCode).toBe(404);
    expect((await call('GET', '/api/likes.php', a.cookie)).json().liked_by).toEqual([]);
    expect((await call('GET', '/api/likes.php', b.cookie)).json().profiles).toEqual([]);
    await call('DELETE', '/api/blocks.php', a.cookie, { profile_id: b.profileId });
    expect((await call('GET', '/api/likes.php', a.cookie)).json().liked_by).toHaveLength(1);
  });

  it("holds an unconfirmed member's likes until they activate", async () => {
    await clearLikes();
    const a = await login(0);
    const cookie = await signupMember(t.app, 'nieuwe-liker@example.com', 'Nieuwe Liker');
    const liked = await call('POST', '/api/like.php', cookie, { profile: a.profileId });
    expect(liked.json()).toEqual({ match: false });
    expect((await call('GET', '/api/likes.php', a.cookie)).json()).toMatchObject({ liked_by: [], new_likes: 0 });
    expect(await eventsOf(a.userId)).toEqual([]);
    await t.database.db.execute("update users set status = 'active' where email = 'nieuwe-liker@example.com'");
    await t.database.db.execute(
      "update profiles set status = 'active' where id = (select profile_id from users where email = 'nieuwe-liker@example.com')",
    );
    expect((await call('GET', '/api/likes.php', a.cookie)).json().new_likes).toBe(1);
  });

  it('writes no like and no event when the like fails inside its transaction', async () => {
    await clearLikes();
    const a = await login(0);
    const b = await login(1);
    await t.database.db.execute(
      "create or replace function fail_event() returns trigger language plpgsql as $$ begin raise exception 'event refused'; end $$",
    );
    await t.database.db.execute(
      'create trigger fail_event before insert on member_events for each row execute function fail_event()',
    );
    try {
      const failed = await call('POST', '/api/like.php', a.cookie, { profile: b.profileId });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.database.db.execute('drop trigger fail_event on member_events');
    }
    expect(await countLikes()).toBe(0);
    expect(await eventsOf(a.userId)).toEqual([]);
  });

  it('a retried like with the same Idempotency-Key answers the first answer and writes once', async () => {
    await clearLikes();
    const a = await login(0);
    const b = await login(1);
    await call('POST', '/api/like.php', b.cookie, { profile: a.profileId });
    const key = { 'idempotency-key': 'like-retry-1' };
    const first = await call('POST', '/api/like.php', a.cookie, { profile: b.profileId }, key);
    const second = await call('POST', '/api/like.php', a.cookie, { profile: b.profileId }, key);
    expect([first.json(), second.json()]).toEqual([{ match: true }, { match: true }]);
    expect((await eventsOf(a.userId)).filter((event: { type: string }) => event.type === 'match')).toHaveLength(1);
  });

  it('two members liking each other at the same moment both end in one match, told to both', async () => {
    await clearLikes();
    const a = await login(0);
    const b = await login(1);
    const answers = await Promise.all([
      call('POST', '/api/like.php', a.cookie, { profile: b.profileId }),
      call('POST', '/api/like.php', b.cookie, { profile: a.profileId }),
    ]);
    expect(answers.map((answer) => answer.json().match).sort()).toEqual([false, true]);
    expect((await eventsOf(a.userId)).filter((event: { type: string }) => event.type === 'match')).toHaveLength(1);
    expect((await eventsOf(b.userId)).filter((event: { type: string }) => event.type === 'match')).toHaveLength(1);
  });
});

describe(`what a free member sees of who likes them, on ${testDatabaseKind()}`, () => {
  it('opens the first 3 likes and matches; the others are locked, without id, name or the clear photo', async () => {
    await clearLikes();
    const free = await login(0);
    const others = await t.database.db
      .select({ id: profiles.id, name: profiles.name })
      .from(profiles)
      .where(
        and(eq(profiles.status, 'active'), eq(profiles.invisible, false), sql`${profiles.id} <> ${free.profileId}`),
      )
      .orderBy(asc(profiles.id))
      .limit(5);
    for (const [index, other] of others.entries()) {
      await t.database.db.insert(likes).values({
        likerProfileId: other.id,
        likedProfileId: free.profileId,
        source: 'profile',
        createdAt: new Date(Date.UTC(2026, 10, 20, 10, index)),
      });
    }
    const body = (await call('GET', '/api/likes.php', free.cookie)).json();
    expect(body.liked_by.map((liker: { id: number }) => liker.id).sort()).toEqual(
      others
        .slice(0, 3)
        .map((other) => other.id)
        .sort(),
    );
    expect(body.locked).toHaveLength(2);
    expect(body.new_likes).toBe(5);
    for (const locked of body.locked) expect(Object.keys(locked).sort()).toEqual(['key', 'like_new', 'liked_at']);
    const text = JSON.stringify(body);
    for (const hidden of others.slice(3)) expect(text).not.toContain(`"id":${hidden.id},`);
    // Nor does any photo of theirs appear: a photo's file name is the same on their card in the search.
    const hiddenPhotos = await t.database.db
      .select({ key: photos.storageKey })
      .from(photos)
      .where(
        inArray(
          photos.profileId,
          others.slice(3).map((other) => other.id),
        ),
      );
    for (const photo of hiddenPhotos) expect(text).not.toContain(photo.key);

    // Opening a locked liker's profile leaves the like new: its mark going away would tell who it was.
    const lockedLiker = others[4]!;
    expect((await call('GET', `/api/member.php?id=${lockedLiker.id}`, free.cookie)).statusCode).toBe(200);
    const still = (await call('GET', '/api/likes.php', free.cookie)).json();
    expect([still.new_likes, still.locked.map((like: { like_new: boolean }) => like.like_new)]).toEqual([
      5,
      [true, true],
    ]);
    // The keys of locked likes are signed: the same like keeps its key, and it is no hash of guessable numbers.
    expect(still.locked.map((like: { key: string }) => like.key)).toEqual(
      body.locked.map((like: { key: string }) => like.key),
    );
    const site = (await t.app.services.sites.findSiteByHost('localhost'))!;
    const openLikesWith = (profileId: number) => t.app.services.likes.openLikesWith(site, free.user, profileId);
    const countNew = async () => (await call('GET', '/api/likes.php', free.cookie)).json().new_likes;
    // The profile page's question, in one query: the locked like stays hidden, and new.
    expect(await openLikesWith(lockedLiker.id)).toEqual({ liked: false, likedBy: null });
    const unchanged = (await call('GET', '/api/likes.php', free.cookie)).json();
    expect([unchanged.new_likes, unchanged.locked.map((like: { like_new: boolean }) => like.like_new)]).toEqual([
      5,
      [true, true],
    ]);
    // One of the first likes is open, and opening its liker's profile page clears its mark; so does /api/member.php.
    const firstLiker = others[0]!;
    expect(await openLikesWith(firstLiker.id)).toMatchObject({ liked: false, likedBy: { id: firstLiker.id } });
    expect(await countNew()).toBe(4);
    expect((await call('GET', `/api/member.php?id=${others[1]!.id}`, free.cookie)).statusCode).toBe(200);
    expect(await countNew()).toBe(3);

    // Liking a locked liker back makes a match, which opens it.
    expect((await call('POST', '/api/like.php', free.cookie, { profile: lockedLiker.id })).json()).toEqual({
      match: true,
    });
    const after = (await call('GET', '/api/likes.php', free.cookie)).json();
    expect(after.liked_by.map((liker: { id: number }) => liker.id)).toContain(lockedLiker.id);
    expect(after.locked).toHaveLength(1);
    expect(await openLikesWith(lockedLiker.id)).toMatchObject({ liked: true, likedBy: { id: lockedLiker.id } });
    expect(await countNew()).toBe(2);

    // A premium member sees every liker.
    await t.database.db.update(users).set({ paidUser: true }).where(eq(users.id, free.userId));
    try {
      const premium = await login(0);
      const all = (await call('GET', '/api/likes.php', premium.cookie)).json();
      expect([all.liked_by.length, all.locked.length]).toEqual([5, 0]);
    } finally {
      await t.database.db.update(users).set({ paidUser: false }).where(eq(users.id, free.userId));
    }

    // The first likes are the first from likers the member may see: with the oldest liker hidden, the fourth opens,
    // in the list and on its own alike, and opening it marks it seen.
    await t.database.db.update(profiles).set({ invisible: true }).where(eq(profiles.id, firstLiker.id));
    try {
      const fourth = others[3]!;
      const listed = (await call('GET', '/api/likes.php', free.cookie)).json();
      expect(listed.liked_by.map((liker: { id: number }) => liker.id)).toContain(fourth.id);
      expect(await openLikesWith(fourth.id)).toMatchObject({ liked: false, likedBy: { id: fourth.id } });
      expect(await countNew()).toBe(1);
      expect(await openLikesWith(firstLiker.id)).toEqual({ liked: false, likedBy: null });
    } finally {
      await t.database.db.update(profiles).set({ invisible: false }).where(eq(profiles.id, firstLiker.id));
    }

    // Profiles the member may not find (hidden now): the member's own like still shows, the other's does not, and a
    // new like from one stays new.
    const third = others[2]!;
    await t.database.db
      .update(profiles)
      .set({ invisible: true })
      .where(inArray(profiles.id, [lockedLiker.id, third.id]));
    try {
      expect(await openLikesWith(lockedLiker.id)).toEqual({ liked: true, likedBy: null });
      expect(await openLikesWith(third.id)).toEqual({ liked: false, likedBy: null });
      const [like] = await t.database.db
        .select({ seenAt: likes.seenAt })
        .from(likes)
        .where(and(eq(likes.likerProfileId, third.id), eq(likes.likedProfileId, free.profileId)));
      expect(like).toEqual({ seenAt: null });
    } finally {
      await t.database.db
        .update(profiles)
        .set({ invisible: false })
        .where(inArray(profiles.id, [lockedLiker.id, third.id]));
    }
  });
});

describe(`the swipe game on ${testDatabaseKind()}`, () => {
  it("allows 4 'Ja' a day in the site's time zone, refuses the fifth, and gives 4 again after local midnight", async () => {
    await clearLikes();
    clock = new Date('2026-11-24T10:00:00Z');
    const a = await login(1);
    const game = (await call('GET', '/api/swipe.php', a.cookie)).json();
    expect(game.likes_left).toBe(4);
    expect(game.likes_reset_at).toBe('2026-11-24T23:00:00.000Z');
    expect(game.profiles.length).toBeGreaterThanOrEqual(5);
    const ids: number[] = game.profiles.map((profile: { id: number }) => profile.id);
    for (const [index, id] of ids.slice(0, 4).entries()) {
      const answer = await call('POST', '/api/swipe.php', a.cookie, { profile: id, answer: 'yes' });
      expect([answer.statusCode, answer.json().likes_left]).toEqual([200, 3 - index]);
    }
    const fifth = await call('POST', '/api/swipe.php', a.cookie, { profile: ids[4], answer: 'yes' });
    expect([fifth.statusCode, fifth.json().error]).toEqual([429, 'swipe_limit_reached']);
    expect(fifth.json().message).toMatch(/4/);
    const given = (await call('GET', '/api/likes.php', a.cookie)).json().profiles.map((p: { id: number }) => p.id);
    expect(given.sort()).toEqual(ids.slice(0, 4).sort());
    // 'Nee' is never limited, and keeps the profile out of the game.
    expect((await call('POST', '/api/swipe.php', a.cookie, { profile: ids[4], answer: 'no' })).statusCode).toBe(200);
    const next = (await call('GET', '/api/swipe.php', a.cookie)).json();
    const nextIds = next.profiles.map((profile: { id: number }) => profile.id);
    expect(nextIds).not.toContain(ids[0]);
    expect(nextIds).not.toContain(ids[4]);
    expect(next.likes_left).toBe(0);

    clock = new Date('2026-11-24T22:59:00Z'); // 23:59 in Amsterdam: still the same day
    expect((await call('POST', '/api/swipe.php', a.cookie, { profile: ids[5], answer: 'yes' })).statusCode).toBe(429);
    clock = new Date('2026-11-24T23:00:00Z'); // midnight in Amsterdam
    const newDay = await call('POST', '/api/swipe.php', a.cookie, { profile: ids[5], answer: 'yes' });
    expect([newDay.statusCode, newDay.json().likes_left]).toEqual([200, 3]);

    // Two days on, the daily clean-up drops the count of the day that is over everywhere, and keeps the next one's.
    clock = new Date('2026-11-27T01:00:00Z');
    expect(await t.database.db.$count(dailyAllowances)).toBe(2);
    await t.app.services.likes.deleteOldAllowances();
    expect(await t.database.db.$count(dailyAllowances)).toBe(1);
  });

  it('holds the limit when many answers arrive at once', async () => {
    await clearLikes();
    clock = new Date('2026-11-25T10:00:00Z');
    const a = await login(1);
    const ids: number[] = (await call('GET', '/api/swipe.php', a.cookie))
      .json()
      .profiles.map((p: { id: number }) => p.id);
    const answers = await Promise.all(
      ids.slice(0, 8).map((id) => call('POST', '/api/swipe.php', a.cookie, { profile: id, answer: 'yes' })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(statuses.length - 4);
    expect(await countLikes()).toBe(4);
  });

  it('leaves out the members one liked from their profile, and a Nee of more than 30 days ago no longer', async () => {
    await clearLikes();
    clock = new Date('2026-11-25T10:00:00Z');
    const a = await login(1);
    const ids: number[] = (await call('GET', '/api/swipe.php', a.cookie))
      .json()
      .profiles.map((p: { id: number }) => p.id);
    await call('POST', '/api/like.php', a.cookie, { profile: ids[0] });
    await call('POST', '/api/swipe.php', a.cookie, { profile: ids[1], answer: 'no' });
    const shown = async (cookie: string) =>
      (await call('GET', '/api/swipe.php', cookie)).json().profiles.map((p: { id: number }) => p.id);
    expect(await shown(a.cookie)).not.toEqual(expect.arrayContaining([ids[0]]));
    expect(await shown(a.cookie)).not.toEqual(expect.arrayContaining([ids[1]]));
    // The 'Nee' given 31 days ago: the card comes back; the like keeps the other out.
    await t.database.db.execute(sql`update swipe_answers set answered_at = ${new Date('2026-10-25T10:00:00Z')}`);
    expect(await shown(a.cookie)).toEqual(expect.arrayContaining([ids[1]]));
    expect(await shown(a.cookie)).not.toEqual(expect.arrayContaining([ids[0]]));
  });
});

describe(`the swipe game's allowance under retries, on ${testDatabaseKind()}`, () => {
  it("parallel 'Ja' answers to the same card use one allowance and give one like", async () => {
    await clearLikes();
    clock = new Date('2026-11-28T10:00:00Z');
    const a = await login(1);
    const [first] = (await call('GET', '/api/swipe.php', a.cookie)).json().profiles;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', '/api/swipe.php', a.cookie, { profile: first.id, answer: 'yes' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await countLikes()).toBe(1);
    expect((await call('GET', '/api/swipe.php', a.cookie)).json().likes_left).toBe(3);
  });
});

describe(`the auto-like on ${testDatabaseKind()}`, () => {
  it('needs the client header, as every call that changes state', async () => {
    await clearLikes();
    const a = await login(0);
    const bare = await t.app.inject({
      method: 'GET',
      url: '/api/auto-like.php',
      headers: { host: 'localhost', cookie: a.cookie },
    });
    expect([bare.statusCode, bare.json().error]).toEqual([403, 'client_header_required']);
    expect(await countLikes()).toBe(0);
  });

  it('likes the member from a fictional profile, shown in the likes, within the daily number', async () => {
    await clearLikes();
    clock = new Date('2026-11-26T10:00:00Z');
    const a = await login(0);
    const seen = new Set<number>();
    for (let index = 0; index < 3; index++) {
      const answer = (await call('GET', '/api/auto-like.php', a.cookie)).json();
      if (answer.profile === null) break;
      expect(answer.profile).toMatchObject({
        fictional: true,
        main_image: { match: expect.stringMatching(/^\/cdn\//) },
      });
      seen.add(answer.profile.id);
    }
    expect(seen.size).toBeGreaterThan(0);
    const likes = (await call('GET', '/api/likes.php', a.cookie)).json();
    const likers = likes.liked_by.map((liker: { id: number; fictional: boolean }) => [liker.id, liker.fictional]);
    expect(likers.sort()).toEqual([...seen].map((id) => [id, true]).sort());
    if (seen.size === 3) expect((await call('GET', '/api/auto-like.php', a.cookie)).json()).toEqual({ profile: null });
  });

  it('never auto-likes from a profile the member blocked, answered Nee or liked', async () => {
    await clearLikes();
    clock = new Date('2026-11-27T10:00:00Z');
    const a = await login(0);
    const fictional = await t.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.fictional, true)))
      .orderBy(asc(profiles.id));
    const [blocked, refused, liked] = fictional.map((row) => row.id);
    await call('POST', '/api/blocks.php', a.cookie, { profile_id: blocked });
    await call('POST', '/api/swipe.php', a.cookie, { profile: refused, answer: 'no' });
    await call('POST', '/api/like.php', a.cookie, { profile: liked });
    for (let index = 0; index < 3; index++) {
      const answer = (await call('GET', '/api/auto-like.php', a.cookie)).json();
      if (answer.profile) expect([blocked, refused, liked]).not.toContain(answer.profile.id);
    }
    await call('DELETE', '/api/blocks.php', a.cookie, { profile_id: blocked });
  });
});
