import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { boundByCount } from './lru-count-bound.ts';

describe('boundByCount', () => {
  it('bounds by size, one an entry, reserving nothing', () => {
    const cache = new LRUCache<string, number>(boundByCount(3));
    expect(cache.max).toBe(0);
    expect(cache.maxSize).toBe(3);
  });

  it('keeps at most that many entries, dropping the least recently used as evicted', () => {
    const evicted: string[] = [];
    const cache = new LRUCache<string, number>({
      ...boundByCount(3),
      dispose: (_value, key, reason) => evicted.push(`${key}:${reason}`),
    });
    for (const key of ['a', 'b', 'c']) cache.set(key, 1);
    cache.get('a');
    cache.set('d', 1);
    cache.set('e', 1);
    expect([...cache.keys()].sort()).toEqual(['a', 'd', 'e']);
    expect(evicted).toEqual(['b:evict', 'c:evict']);
  });

  it('keeps lifetimes working as they do with `max`', () => {
    let now = 1_000;
    const cache = new LRUCache<string, number>({
      ...boundByCount(2),
      ttl: 100,
      ttlResolution: 0,
      perf: { now: () => now },
    });
    cache.set('a', 1);
    now = 1_099;
    expect(cache.get('a')).toBe(1);
    now = 1_101;
    expect(cache.get('a')).toBeUndefined();
  });
});
