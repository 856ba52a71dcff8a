import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('runs the load once for every caller, at the first call', async () => {
    let runs = 0;
    const find = loadOnce(async () => ++runs);
    expect(runs).toBe(0);
    expect(await Promise.all([find(), find(), find()])).toEqual([1, 1, 1]);
    expect(await find()).toBe(1);
    expect(runs).toBe(1);
  });

  it('forgets a failed load, whether it rejects or throws, and runs it again on the next call', async () => {
    let runs = 0;
    const find = loadOnce(async () => {
      runs += 1;
      if (runs === 1) throw new Error('first load fails');
      return runs;
    });
    await expect(find()).rejects.toThrow('first load fails');
    expect(await find()).toBe(2);
    expect(await find()).toBe(2);

    let syncRuns = 0;
    const findThrowing = loadOnce((() => {
      syncRuns += 1;
      if (syncRuns === 1) throw new Error('throws before any promise');
      return Promise.resolve(syncRuns);
    }) as () => Promise<number>);
    await expect(findThrowing()).rejects.toThrow('throws before any promise');
    expect(await findThrowing()).toBe(2);
  });
});
