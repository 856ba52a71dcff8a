import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showPushState } from '../push/push-state.ts';
import { startPeriodicRefresh } from './periodic-refresh.ts';

let runs: number[];
let started: number;
const record = () => runs.push((Date.now() - started) / 1000);

beforeEach(() => {
  vi.useFakeTimers();
  started = Date.now();
  runs = [];
});
afterEach(() => {
  showPushState('unknown');
  vi.useRealTimers();
});

describe('the periodic refresh', () => {
  it('runs 5 s after the start, then every 60 s without push', () => {
    const stop = startPeriodicRefresh(record);
    vi.advanceTimersByTime(4_999);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(125_001);
    expect(runs).toEqual([5, 65, 125]);
    stop();
    vi.advanceTimersByTime(600_000);
    expect(runs).toHaveLength(3);
  });

  it('runs every 300 s while this device gets pushes, and every 60 s again once it stops', () => {
    const stop = startPeriodicRefresh(record);
    vi.advanceTimersByTime(1_000);
    // Known to be subscribed before the first run: still 5 s after the start.
    showPushState('subscribed');
    vi.advanceTimersByTime(600_000);
    expect(runs).toEqual([5, 305]);
    vi.advanceTimersByTime(4_000);
    expect(runs).toEqual([5, 305, 605]);
    // Switched off 100 s after the last run: the next one was due 60 s after it, so it runs at once.
    vi.advanceTimersByTime(100_000);
    showPushState('capable');
    vi.advanceTimersByTime(0);
    expect(runs).toEqual([5, 305, 605, 705]);
    vi.advanceTimersByTime(60_000);
    expect(runs).toEqual([5, 305, 605, 705, 765]);
    stop();
  });
});
