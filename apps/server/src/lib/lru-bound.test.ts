import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { boundedTo } from './lru-bound.ts';
import { createRevocationTickets } from './revocation-tickets.ts';

describe('boundedTo', () => {
  it('keeps at most that many entries, dropping the least recently used as evicted', () => {
    const evicted: string[] = [];
    const cache = new LRUCache<string, number>({
      ...boundedTo(3),
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
      ...boundedTo(2),
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

describe('createRevocationTickets bounded by boundedTo', () => {
  it('counts a read as stale once the revocation that could concern it is forgotten', () => {
    const tickets = createRevocationTickets<string>(2);
    const before = tickets.ticket();
    tickets.revoke('a');
    const afterA = tickets.ticket();
    expect(tickets.isCurrent(before, 'b')).toBe(true);
    expect(tickets.isCurrent(before, 'a')).toBe(false);
    tickets.revoke('b');
    tickets.revoke('c');
    // 'a' is forgotten now: no read begun before its revocation can be told apart any more.
    expect(tickets.isCurrent(before, 'x')).toBe(false);
    expect(tickets.isCurrent(afterA, 'x')).toBe(true);
    expect(tickets.isCurrent(afterA, 'b')).toBe(false);
  });
});
