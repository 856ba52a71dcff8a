import { describe, expect, it } from 'vitest';
import { blocksChangedChannel } from '../../events/channels.ts';
import { createLocalEventBus, type EventBus } from '../../events/event-bus.ts';
import { createReadGate } from '../../test/read-gate.ts';
import { createSwitchableEventBus } from '../../test/switchable-event-bus.ts';
import { createHiddenProfilesCache } from './hidden-profiles-cache.ts';
import type { HiddenProfile } from './search.repository.ts';

const t0 = new Date('2026-11-24T10:00:00Z');

const profile = (id: number): HiddenProfile => ({
  id,
  siteId: 1,
  gender: 'female',
  country: 'NL',
  region: null,
  birthDate: '1990-01-01',
  listed: true,
});

/** A database of blocks in memory whose reads can be held back, counting them. */
function blocksTable() {
  const hidden = new Map<number, number[]>();
  let reads = 0;
  const gate = createReadGate();
  return {
    set: (viewer: number, ids: number[]) => hidden.set(viewer, ids),
    reads: () => reads,
    hold: gate.hold,
    async read(viewer: number) {
      reads += 1;
      const ids = [viewer, ...(hidden.get(viewer) ?? [])];
      await gate.pass();
      return ids.map(profile);
    },
  };
}

/** Lets the local bus deliver. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 0));

async function cacheOn(table: ReturnType<typeof blocksTable>, bus: EventBus, clock = { now: t0 }) {
  return createHiddenProfilesCache({ bus, read: table.read, now: () => clock.now, refreshMs: 30_000 });
}

const ids = (profiles: HiddenProfile[]) => profiles.map((p) => p.id);

describe('the hidden-profiles cache of search', () => {
  it('reads a viewer once, then again after the refresh time', async () => {
    const table = blocksTable();
    const clock = { now: t0 };
    const cache = await cacheOn(table, createLocalEventBus(), clock);
    table.set(1, [7]);
    expect(ids(await cache.findHiddenProfiles(1))).toEqual([1, 7]);
    table.set(1, [7, 8]);
    expect(ids(await cache.findHiddenProfiles(1))).toEqual([1, 7]);
    expect(table.reads()).toBe(1);
    clock.now = new Date(t0.getTime() + 30_000);
    expect(ids(await cache.findHiddenProfiles(1))).toEqual([1, 7, 8]);
  });

  it('drops both members of a block change on every process that shares the bus', async () => {
    const bus = createLocalEventBus();
    const table = blocksTable();
    const [here, there] = [await cacheOn(table, bus), await cacheOn(table, bus)];
    await here.findHiddenProfiles(1);
    await there.findHiddenProfiles(2);
    table.set(1, [2]);
    table.set(2, [1]);
    await bus.publish(blocksChangedChannel, { profiles: [1, 2] });
    await delivered();
    expect(ids(await here.findHiddenProfiles(1))).toEqual([1, 2]);
    expect(ids(await there.findHiddenProfiles(2))).toEqual([2, 1]);
  });

  it('does not keep a read that started before a block change of its viewer', async () => {
    const bus = createLocalEventBus();
    const table = blocksTable();
    const cache = await cacheOn(table, bus);
    const release = table.hold();
    const slow = cache.findHiddenProfiles(1);
    table.set(1, [9]);
    await bus.publish(blocksChangedChannel, { profiles: [1, 9] });
    await delivered();
    release();
    expect(ids(await slow)).toEqual([1]);
    expect(ids(await cache.findHiddenProfiles(1))).toEqual([1, 9]);
  });

  it('keeps nothing while the bus is deaf, and forgets everything when it is back', async () => {
    const connection = createSwitchableEventBus();
    const table = blocksTable();
    const cache = await cacheOn(table, connection.bus);
    await cache.findHiddenProfiles(1);
    connection.setListening(false);
    await cache.findHiddenProfiles(1);
    await cache.findHiddenProfiles(1);
    expect(table.reads()).toBe(3);
    connection.setListening(true);
    table.set(1, [5]);
    connection.resync();
    expect(ids(await cache.findHiddenProfiles(1))).toEqual([1, 5]);
    expect(ids(await cache.findHiddenProfiles(1))).toEqual([1, 5]);
    expect(table.reads()).toBe(4);
  });

  it('reads a viewer with more hidden profiles than it keeps each time', async () => {
    const table = blocksTable();
    const cache = await createHiddenProfilesCache({
      bus: createLocalEventBus(),
      read: table.read,
      now: () => t0,
      maxProfiles: 2,
    });
    table.set(1, [7]);
    table.set(2, [7, 8]);
    await cache.findHiddenProfiles(1);
    await cache.findHiddenProfiles(1);
    await cache.findHiddenProfiles(2);
    await cache.findHiddenProfiles(2);
    expect(table.reads()).toBe(3);
  });
});
