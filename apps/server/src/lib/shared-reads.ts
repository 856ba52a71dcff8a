import { LRUCache } from 'lru-cache';
import { boundByCount } from './lru-count-bound.ts';

/**
 * Reads shared by key for `ttlMs` (decision 017's search pages and showcases): a read under way is joined, not
 * repeated; a failed read is not kept, unless a newer read took its place meanwhile. The clock is read on every
 * look-up, so an injected one is obeyed at once.
 */
export function createSharedReads<Value>(options: { entries: number; ttlMs: number; now: () => number }) {
  const reads = new LRUCache<string, Promise<Value>>({
    ...boundByCount(options.entries),
    ttl: options.ttlMs,
    ttlResolution: 0,
    perf: { now: options.now },
  });
  return function readShared(key: string, read: () => Promise<Value>): Promise<Value> {
    const kept = reads.get(key);
    if (kept) return kept;
    const started = read();
    reads.set(key, started);
    started.catch(() => {
      if (reads.peek(key) === started) reads.delete(key);
    });
    return started;
  };
}
