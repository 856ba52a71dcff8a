import { describe, expect, it } from 'vitest';
import { createSwitchableEventBus } from '../test/switchable-event-bus.ts';
import { blocksChangedChannel, memberEventsChannel, type PublishedMemberEvents } from './channels.ts';
import { createLocalEventBus, type EventBus } from './event-bus.ts';
import { createMemberCountCache } from './member-count-cache.ts';

const t0 = new Date('2026-11-29T10:00:00Z');
const log = { warn: () => {} };

/** Counts in memory, counting the reads, whose reads can be held back. */
function countsTable() {
  const counts = new Map<number, number>();
  let reads = 0;
  let holdBack: Promise<void> | undefined;
  return {
    set: (userId: number, count: number) => counts.set(userId, count),
    reads: () => reads,
    hold() {
      let release = () => {};
      holdBack = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    reader: (userId: number) => async () => {
      reads += 1;
      const count = counts.get(userId) ?? 0;
      await holdBack;
      return count;
    },
  };
}

/** Lets the local bus deliver. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 0));

async function cacheOn(bus: EventBus, clock = { now: t0 }, name = 'new-likes') {
  return createMemberCountCache({ name, bus, now: () => clock.now, log, refreshMs: 15_000 });
}

const eventsOf = (...users: number[]): PublishedMemberEvents => ({
  members: users.map((user) => ({
    user,
    events: [{ id: 1, prev: 0, type: 'like_received', payload: {}, created_at: t0.toISOString() }],
  })),
});

describe('the member count cache', () => {
  it('answers a kept count without a read until it is due for a refresh', async () => {
    const table = countsTable();
    const clock = { now: t0 };
    const cache = await cacheOn(createLocalEventBus(), clock);
    table.set(1, 3);
    expect(await cache.findCount(1, table.reader(1))).toBe(3);
    table.set(1, 4);
    clock.now = new Date(t0.getTime() + 14_999);
    expect(await cache.findCount(1, table.reader(1))).toBe(3);
    expect(table.reads()).toBe(1);
    clock.now = new Date(t0.getTime() + 15_000);
    expect(await cache.findCount(1, table.reader(1))).toBe(4);
    expect(table.reads()).toBe(2);
  });

  it("drops a member's count on their member events, on every process, and leaves the others'", async () => {
    const bus = createLocalEventBus();
    const table = countsTable();
    const here = await cacheOn(bus);
    const there = await cacheOn(bus);
    table.set(1, 1);
    table.set(2, 5);
    for (const cache of [here, there]) {
      expect(await cache.findCount(1, table.reader(1))).toBe(1);
      expect(await cache.findCount(2, table.reader(2))).toBe(5);
    }
    table.set(1, 2);
    table.set(2, 6);
    await bus.publish(memberEventsChannel, eventsOf(1));
    await delivered();
    for (const cache of [here, there]) {
      expect(await cache.findCount(1, table.reader(1))).toBe(2);
      expect(await cache.findCount(2, table.reader(2))).toBe(5);
    }
  });

  it('forgetCount drops the count at once here and through the bus on the others, of its own count only', async () => {
    const bus = createLocalEventBus();
    const table = countsTable();
    const here = await cacheOn(bus);
    const there = await cacheOn(bus);
    const otherCount = await cacheOn(bus, { now: t0 }, 'unread-messages');
    table.set(1, 2);
    for (const cache of [here, there, otherCount]) expect(await cache.findCount(1, table.reader(1))).toBe(2);
    table.set(1, 1);
    here.forgetCount(1);
    expect(await here.findCount(1, table.reader(1))).toBe(1);
    await delivered();
    expect(await there.findCount(1, table.reader(1))).toBe(1);
    expect(await otherCount.findCount(1, table.reader(1))).toBe(2);
  });

  it('drops every count when a block is made or lifted', async () => {
    const bus = createLocalEventBus();
    const table = countsTable();
    const cache = await cacheOn(bus);
    table.set(1, 1);
    table.set(2, 1);
    await cache.findCount(1, table.reader(1));
    await cache.findCount(2, table.reader(2));
    table.set(1, 0);
    table.set(2, 0);
    await bus.publish(blocksChangedChannel, { profiles: [101, 102] });
    await delivered();
    expect(await cache.findCount(1, table.reader(1))).toBe(0);
    expect(await cache.findCount(2, table.reader(2))).toBe(0);
  });

  it('does not keep a read that began before its member changed', async () => {
    const bus = createLocalEventBus();
    const table = countsTable();
    const cache = await cacheOn(bus);
    table.set(1, 3);
    const release = table.hold();
    const slow = cache.findCount(1, table.reader(1));
    cache.forgetCount(1);
    table.set(1, 2);
    release();
    expect(await slow).toBe(3);
    expect(await cache.findCount(1, table.reader(1))).toBe(2);
    expect(table.reads()).toBe(2);
  });

  it('keeps nothing while the bus is deaf and drops everything on a resync', async () => {
    const switchable = createSwitchableEventBus();
    const table = countsTable();
    const cache = await cacheOn(switchable.bus);
    table.set(1, 1);
    await cache.findCount(1, table.reader(1));
    switchable.setListening(false);
    await cache.findCount(1, table.reader(1));
    await cache.findCount(1, table.reader(1));
    expect(table.reads()).toBe(3);
    // The connection is back: what was kept before may have missed messages.
    switchable.setListening(true);
    switchable.resync();
    await cache.findCount(1, table.reader(1));
    await cache.findCount(1, table.reader(1));
    expect(table.reads()).toBe(4);
  });
});
