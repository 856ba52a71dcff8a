import { describe, expect, it } from 'vitest';
import { createSharedReads } from './shared-reads.ts';

describe('createSharedReads', () => {
  it('joins a read under way and keeps its answer for the lifetime, by the given clock', async () => {
    let now = 1_000;
    let reads = 0;
    const readShared = createSharedReads<number>({ entries: 10, ttlMs: 100, now: () => now });
    const read = async () => ++reads;
    expect(await Promise.all([readShared('a', read), readShared('a', read)])).toEqual([1, 1]);
    now = 1_099;
    expect(await readShared('a', read)).toBe(1);
    expect(await readShared('b', read)).toBe(2);
    now = 1_101;
    expect(await readShared('a', read)).toBe(3);
  });

  it('drops a failed read, but not a newer one that took its place', async () => {
    const readShared = createSharedReads<string>({ entries: 10, ttlMs: 1_000, now: () => 1_000 });
    await expect(readShared('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await readShared('a', async () => 'second')).toBe('second');
    expect(await readShared('a', async () => 'third')).toBe('second');
  });
});
