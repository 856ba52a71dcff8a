import { TestClock } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { createWakeTimers } from './wake-timers.ts';

const start = Date.parse('2026-06-01T10:00:00Z');
const at = (seconds: number) => new Date(start + seconds * 1000);

describe('wake timers', () => {
  it('wakes a kind at each time it was given, earliest first, whatever the order they came in', async () => {
    const clock = new TestClock(start);
    const woken: [string, number][] = [];
    const timers = createWakeTimers(clock, (kind) => woken.push([kind, (clock.now() - start) / 1000]));
    timers.add('reminder', at(300));
    timers.add('reminder', at(60));
    timers.add('mail', at(120));
    timers.add('reminder', at(60));

    await clock.tick(59_000);
    expect(woken).toEqual([]);
    await clock.tick(1_000);
    expect(woken).toEqual([['reminder', 60]]);
    await clock.tick(240_000);
    expect(woken).toEqual([
      ['reminder', 60],
      ['mail', 120],
      ['reminder', 300],
    ]);
    expect(timers.pending()).toBe(0);
  });

  it('leaves past times, times over a day away and a stopped queue to the safety poll', async () => {
    const clock = new TestClock(start);
    const woken: string[] = [];
    const timers = createWakeTimers(clock, (kind) => woken.push(kind));
    timers.add('mail', at(0));
    timers.add('mail', at(-5));
    timers.add('mail', at(86_401));
    expect(timers.pending()).toBe(0);

    timers.add('mail', at(10));
    timers.clear();
    await clock.tick(20_000);
    expect(woken).toEqual([]);
  });
});
