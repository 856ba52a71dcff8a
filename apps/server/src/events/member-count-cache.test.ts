import type { SessionUser } from '@app/shared/accounts/session-user';
import { describe, expect, it } from 'vitest';
import { blocksChangedChannel, memberEventsChannel, type PublishedMemberEvents } from './channels.ts';
import { createLocalEventBus, type EventBus } from './event-bus.ts';
import { createMemberCountCache, type MemberCountName } from './member-count-cache.ts';

const t0 = new Date('2026-11-29T10:00:00Z');
const log = { warn: () => {} };

/** A member as a session gives them: user id `id`, profile id `id + 100`. */
const member = (id: number) => ({ id, profile: { id: id + 100 } }) as SessionUser;

/** Counts in memory by user id, counting the reads. */
function countsTable() {
  const counts = new Map<number, number>();
  let reads = 0;
  return {
    set: (userId: number, count: number) => counts.set(userId, count),
    reads: () => reads,
    read: async (user: SessionUser) => {
      reads += 1;
      return counts.get(user.id) ?? 0;
    },
  };
}

/** Lets the local bus deliver. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 0));

function cacheOn(bus: EventBus, table: ReturnType<typeof countsTable>, name: MemberCountName = 'new-likes') {
  return createMemberCountCache({ name, read: table.read, bus, now: () => t0, log, refreshMs: 15_000 });
}

const eventsOf = (...users: number[]): PublishedMemberEvents => ({
  members: users.map((user) => ({
    user,
    events: [{ id: 1, prev: 0, type: 'like_received', payload: {}, created_at: t0.toISOString() }],
  })),
});

describe('the member count cache', () => {
  it("drops a member's count on their member events, on every process, and leaves the others'", async () => {
    const bus = createLocalEventBus();
    const table = countsTable();
    const here = await cacheOn(bus, table);
    const there = await cacheOn(bus, table);
    table.set(1, 1);
    table.set(2, 5);
    for (const cache of [here, there]) {
      expect(await cache.findCount(member(1))).toBe(1);
      expect(await cache.findCount(member(2))).toBe(5);
    }
    table.set(1, 2);
    table.set(2, 6);
    await bus.publish(memberEventsChannel, eventsOf(1));
    await delivered();
    for (const cache of [here, there]) {
      expect(await cache.findCount(member(1))).toBe(2);
      expect(await cache.findCount(member(2))).toBe(5);
    }
    expect(table.reads()).toBe(6);
  });

  it('forgetCount drops the count at once here and through the bus on the others, of its own count only', async () => {
    const bus = createLocalEventBus();
    const table = countsTable();
    const here = await cacheOn(bus, table);
    const there = await cacheOn(bus, table);
    const unread = await cacheOn(bus, table, 'unread-messages');
    table.set(1, 2);
    for (const cache of [here, there, unread]) expect(await cache.findCount(member(1))).toBe(2);
    table.set(1, 1);
    here.forgetCount(1);
    expect(await here.findCount(member(1))).toBe(1);
    await delivered();
    expect(await there.findCount(member(1))).toBe(1);
    expect(await unread.findCount(member(1))).toBe(2);
    // Its own message coming back drops nothing here: 3 first reads, then one here and one there.
    expect(await here.findCount(member(1))).toBe(1);
    expect(table.reads()).toBe(5);
  });

  it('drops the counts of both members of a block made or lifted, and no other', async () => {
    const bus = createLocalEventBus();
    const table = countsTable();
    const cache = await cacheOn(bus, table);
    for (const id of [1, 2, 3]) {
      table.set(id, 1);
      await cache.findCount(member(id));
    }
    for (const id of [1, 2, 3]) table.set(id, 0);
    await bus.publish(blocksChangedChannel, { profiles: [101, 102] });
    await delivered();
    expect(await cache.findCount(member(1))).toBe(0);
    expect(await cache.findCount(member(2))).toBe(0);
    expect(await cache.findCount(member(3))).toBe(1);
  });

  it('with no lifetime keeps nothing: every page reads', async () => {
    const table = countsTable();
    const cache = await createMemberCountCache({
      name: 'new-likes',
      read: table.read,
      bus: createLocalEventBus(),
      now: () => t0,
      log,
      refreshMs: 0,
    });
    await cache.findCount(member(1));
    await cache.findCount(member(1));
    expect(table.reads()).toBe(2);
  });
});
