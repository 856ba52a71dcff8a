import { describe, expect, it } from 'vitest';
import { createReadGate } from '../test/read-gate.ts';
import { createSwitchableEventBus } from '../test/switchable-event-bus.ts';
import { createBusDroppedCache } from './bus-dropped-cache.ts';
import { createLocalEventBus, type EventBus } from './event-bus.ts';

const t0 = new Date('2026-11-29T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

/** Values in memory, counting the reads, whose reads can be held back. */
function table() {
  const values = new Map<number, string>();
  let reads = 0;
  const gate = createReadGate();
  return {
    values,
    reads: () => reads,
    hold: gate.hold,
    reader: (key: number) => async () => {
      reads += 1;
      const value = values.get(key) ?? '';
      await gate.pass();
      return value;
    },
  };
}

function cacheOn(bus: EventBus, clock = { now: t0 }, keeps?: (value: string) => boolean) {
  return createBusDroppedCache<number, string>({
    bus,
    now: () => clock.now,
    refreshMs: 15_000,
    maxEntries: 100,
    keeps,
  });
}

describe('the bus-dropped cache', () => {
  it('answers a kept value without a read until it is due for a refresh, counted from the start of its read', async () => {
    const data = table();
    const clock = { now: t0 };
    const cache = cacheOn(createLocalEventBus(), clock);
    data.values.set(1, 'a');
    const release = data.hold();
    const slow = cache.find(1, data.reader(1));
    clock.now = at(5_000);
    release();
    expect(await slow).toBe('a');
    data.values.set(1, 'b');
    clock.now = at(14_999);
    expect(await cache.find(1, data.reader(1))).toBe('a');
    expect(data.reads()).toBe(1);
    clock.now = at(15_000);
    expect(await cache.find(1, data.reader(1))).toBe('b');
    expect(data.reads()).toBe(2);
  });

  it('forgets one key or all of them, and does not keep a read that began before its key was forgotten', async () => {
    const data = table();
    const cache = cacheOn(createLocalEventBus());
    data.values.set(1, 'a');
    data.values.set(2, 'x');
    await cache.find(1, data.reader(1));
    await cache.find(2, data.reader(2));
    data.values.set(1, 'b');
    cache.forget(1);
    expect(await cache.find(1, data.reader(1))).toBe('b');
    expect(await cache.find(2, data.reader(2))).toBe('x');
    expect(data.reads()).toBe(3);

    const release = data.hold();
    const slow = cache.find(3, data.reader(3));
    cache.forget(3);
    data.values.set(3, 'new');
    release();
    expect(await slow).toBe('');
    expect(await cache.find(3, data.reader(3))).toBe('new');

    data.values.set(2, 'y');
    cache.forgetAll();
    expect(await cache.find(2, data.reader(2))).toBe('y');
  });

  it('keeps only what `keeps` allows', async () => {
    const data = table();
    const cache = cacheOn(createLocalEventBus(), { now: t0 }, (value) => value.length <= 2);
    data.values.set(1, 'long value');
    await cache.find(1, data.reader(1));
    await cache.find(1, data.reader(1));
    expect(data.reads()).toBe(2);
  });

  it('keeps and answers nothing while the bus is deaf, not even a read that ends while it is, and drops all on resync', async () => {
    const switchable = createSwitchableEventBus();
    const data = table();
    const cache = cacheOn(switchable.bus);
    data.values.set(1, 'a');
    await cache.find(1, data.reader(1));
    switchable.setListening(false);
    await cache.find(1, data.reader(1));
    expect(data.reads()).toBe(2);

    // A read that began while the bus listened and ended while it was deaf.
    switchable.setListening(true);
    const release = data.hold();
    const slow = cache.find(2, data.reader(2));
    switchable.setListening(false);
    release();
    await slow;
    switchable.setListening(true);
    await cache.find(2, data.reader(2));
    expect(data.reads()).toBe(4);

    // The connection is back: what was kept before may have missed messages.
    switchable.resync();
    await cache.find(1, data.reader(1));
    await cache.find(1, data.reader(1));
    expect(data.reads()).toBe(5);
  });
});
