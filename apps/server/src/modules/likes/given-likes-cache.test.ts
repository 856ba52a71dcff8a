import type { SessionUser } from '@app/shared/accounts/session-user';
import { describe, expect, it } from 'vitest';
import { memberEventsChannel, type PublishedMemberEvents } from '../../events/channels.ts';
import { createLocalEventBus, type EventBus } from '../../events/event-bus.ts';
import { createReadGate } from '../../test/read-gate.ts';
import { createSwitchableEventBus } from '../../test/switchable-event-bus.ts';
import { createGivenLikesCache, likeGivenEvent, likeTakenBackEvent } from './given-likes-cache.ts';

const t0 = new Date('2026-11-30T10:00:00Z');

/** A member whose user id is their profile id plus 1000. */
const member = (profileId: number) => ({ id: profileId + 1000, profile: { id: profileId } }) as SessionUser;

/** A likes table in memory whose whole-set reads can be held back, counting both kinds of read. */
function likesTable() {
  const given = new Map<number, number[]>();
  const reads = { given: 0, among: 0 };
  const gate = createReadGate();
  return {
    set: (liker: number, ids: number[]) => given.set(liker, ids),
    reads,
    hold: gate.hold,
    async readGiven(liker: number, limit: number) {
      reads.given += 1;
      const ids = (given.get(liker) ?? []).slice(0, limit);
      await gate.pass();
      return ids;
    },
    async readAmong(liker: number, ids: number[]) {
      reads.among += 1;
      return ids.filter((id) => given.get(liker)?.includes(id));
    },
  };
}

/** Lets the local bus deliver. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 0));

function cacheOn(
  table: ReturnType<typeof likesTable>,
  bus: EventBus,
  clock = { now: t0 },
  bounds: { maxLikes?: number; maxBytes?: number } = {},
) {
  return createGivenLikesCache({
    bus,
    now: () => clock.now,
    refreshMs: 10_000,
    readGiven: table.readGiven,
    readAmong: table.readAmong,
    ...bounds,
  });
}

/** A member event of this user as the member-event log publishes it after a commit. */
const eventOf = (userId: number, type: string = likeGivenEvent): PublishedMemberEvents => ({
  members: [
    {
      user: userId,
      events: [{ id: 1, prev: 0, type, payload: { profile: 9, match: false }, created_at: t0.toISOString() }],
    },
  ],
});

describe('the given-likes cache of pages with cards', () => {
  it('reads a member’s likes once, answers which shown profiles they like, and reads again after the refresh', async () => {
    const table = likesTable();
    const clock = { now: t0 };
    const cache = await cacheOn(table, createLocalEventBus(), clock);
    table.set(1, [7, 8]);
    expect(await cache.findLikedAmong(member(1), [5, 7, 8, 9])).toEqual([7, 8]);
    table.set(1, [7, 8, 9]);
    expect(await cache.findLikedAmong(member(1), [9, 8])).toEqual([8]);
    expect(table.reads).toEqual({ given: 1, among: 0 });
    clock.now = new Date(t0.getTime() + 10_000);
    expect(await cache.findLikedAmong(member(1), [9, 8])).toEqual([9, 8]);
    expect(table.reads).toEqual({ given: 2, among: 0 });
  });

  it('asks nothing for no profiles', async () => {
    const table = likesTable();
    const cache = await cacheOn(table, createLocalEventBus());
    expect(await cache.findLikedAmong(member(1), [])).toEqual([]);
    expect(table.reads).toEqual({ given: 0, among: 0 });
  });

  it('drops a member here at once with forget, and on every process through a member event of theirs', async () => {
    const bus = createLocalEventBus();
    const table = likesTable();
    const [here, there] = [await cacheOn(table, bus), await cacheOn(table, bus)];
    table.set(1, [7]);
    table.set(2, [7]);
    await here.findLikedAmong(member(1), [7, 8]);
    await there.findLikedAmong(member(1), [7, 8]);
    await there.findLikedAmong(member(2), [7, 8]);
    table.set(1, [7, 8]);
    here.forget(member(1).id);
    expect(await here.findLikedAmong(member(1), [7, 8])).toEqual([7, 8]);
    expect(await there.findLikedAmong(member(1), [7, 8])).toEqual([7]);
    await bus.publish(memberEventsChannel, eventOf(member(1).id, likeTakenBackEvent));
    await delivered();
    expect(await there.findLikedAmong(member(1), [7, 8])).toEqual([7, 8]);
    // Another member's event drops nothing of theirs, nor does an event that changes no like of theirs.
    table.set(2, []);
    await bus.publish(memberEventsChannel, eventOf(member(2).id, 'message'));
    await bus.publish(memberEventsChannel, eventOf(member(2).id, 'like_received'));
    await delivered();
    expect(await there.findLikedAmong(member(2), [7, 8])).toEqual([7]);
  });

  it('does not keep a read that started before a drop of its member', async () => {
    const bus = createLocalEventBus();
    const table = likesTable();
    const cache = await cacheOn(table, bus);
    table.set(1, [7]);
    const release = table.hold();
    const slow = cache.findLikedAmong(member(1), [7, 8]);
    table.set(1, [7, 8]);
    await bus.publish(memberEventsChannel, eventOf(member(1).id));
    await delivered();
    release();
    expect(await slow).toEqual([7]);
    expect(await cache.findLikedAmong(member(1), [7, 8])).toEqual([7, 8]);
  });

  it('keeps nothing while the bus is deaf, and forgets everything when it is back', async () => {
    const connection = createSwitchableEventBus();
    const table = likesTable();
    const cache = await cacheOn(table, connection.bus);
    table.set(1, [7]);
    await cache.findLikedAmong(member(1), [7]);
    connection.setListening(false);
    table.set(1, []);
    // Deaf, the profiles shown are asked, not the whole set.
    expect(await cache.findLikedAmong(member(1), [7])).toEqual([]);
    expect(table.reads).toEqual({ given: 1, among: 1 });
    connection.setListening(true);
    table.set(1, [7]);
    connection.resync();
    expect(await cache.findLikedAmong(member(1), [7])).toEqual([7]);
    expect(await cache.findLikedAmong(member(1), [7])).toEqual([7]);
    expect(table.reads).toEqual({ given: 2, among: 1 });
  });

  it('asks the database about the shown profiles for a member with more likes than it keeps', async () => {
    const table = likesTable();
    const cache = await cacheOn(table, createLocalEventBus(), { now: t0 }, { maxLikes: 2 });
    table.set(1, [7, 8, 9]);
    table.set(2, [7, 8]);
    expect(await cache.findLikedAmong(member(1), [9, 10])).toEqual([9]);
    expect(await cache.findLikedAmong(member(1), [7])).toEqual([7]);
    expect(await cache.findLikedAmong(member(2), [8, 9])).toEqual([8]);
    expect(await cache.findLikedAmong(member(2), [7])).toEqual([7]);
    expect(table.reads).toEqual({ given: 2, among: 2 });
  });

  it('keeps members within its bytes, the least recently used going first, and answers the same either way', async () => {
    const table = likesTable();
    // Room for two members with a few likes (400 bytes an entry, 4 a like).
    const cache = await cacheOn(table, createLocalEventBus(), { now: t0 }, { maxBytes: 840, maxLikes: 10 });
    table.set(1, [7, 8]);
    table.set(2, [8, 9]);
    table.set(3, [9]);
    expect(await cache.findLikedAmong(member(1), [7, 9])).toEqual([7]);
    expect(await cache.findLikedAmong(member(2), [7, 9])).toEqual([9]);
    expect(await cache.findLikedAmong(member(1), [8])).toEqual([8]);
    expect(await cache.findLikedAmong(member(3), [9])).toEqual([9]);
    expect(table.reads.given).toBe(3);
    // Member 2 went, the least recently used; 1 and 3 stay.
    expect(await cache.findLikedAmong(member(1), [7])).toEqual([7]);
    expect(await cache.findLikedAmong(member(3), [8])).toEqual([]);
    expect(table.reads.given).toBe(3);
    expect(await cache.findLikedAmong(member(2), [8])).toEqual([8]);
    expect(table.reads.given).toBe(4);
  });

  it('refuses bounds that hold no member with as many likes as it keeps', async () => {
    await expect(cacheOn(likesTable(), createLocalEventBus(), { now: t0 }, { maxBytes: 1_000 })).rejects.toThrow();
  });

  it('finds any id among many kept, and none that is not there', async () => {
    const table = likesTable();
    const cache = await cacheOn(table, createLocalEventBus());
    const liked = Array.from({ length: 1_999 }, (_, index) => 2_147_483_000 - index * 1_000_003);
    table.set(1, liked);
    const shown = [...liked.slice(0, 12), 5, 2_147_483_647, -1, 0, ...liked.slice(-12)];
    expect(await cache.findLikedAmong(member(1), shown)).toEqual([...liked.slice(0, 12), ...liked.slice(-12)]);
  });
});
