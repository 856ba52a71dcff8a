import { LRUCache } from 'lru-cache';
import { boundByCount } from '../lib/lru-count-bound.ts';
import { createRevocationTickets } from '../lib/revocation-tickets.ts';
import type { EventBus } from './event-bus.ts';

/**
 * A bounded per-process cache of database reads whose entries the event bus drops on every process, under the rules
 * of the session cache (ARCHITECTURE.md, "Security"):
 * - an entry is read again after `refreshMs`, so a drop the bus lost lives no longer;
 * - `forget` drops an entry at once here; the caller's own bus message drops it on the other processes;
 * - a read that began before a drop of its key is not kept, so no slow read brings an old value back;
 * - while the bus is deaf nothing is kept or answered, and everything goes when it is back (messages may be lost).
 */
export function createBusDroppedCache<Key extends {}, Value>(options: {
  bus: EventBus;
  now: () => Date;
  refreshMs: number;
  maxEntries: number;
  /** Whether a value read may be kept (say, not one too large). */
  keeps?: (value: Value) => boolean;
  /**
   * Bounds the entries by their sizes (`of` each, `max` in all) instead of by their number; `maxEntries` then bounds
   * only the revocation tickets. A value larger than `max` is answered but never kept.
   */
  size?: { max: number; of: (value: Value) => number };
}) {
  const { bus, now, refreshMs, maxEntries, keeps = () => true, size } = options;
  const entries = new LRUCache<Key, { value: Value; fetchedAt: number }>(
    size ? { maxSize: size.max, sizeCalculation: (entry) => size.of(entry.value) } : boundByCount(maxEntries),
  );
  const tickets = createRevocationTickets<Key>(maxEntries * 2);

  function forgetAll() {
    tickets.revokeAll();
    entries.clear();
  }
  const stopResync = bus.onResync(forgetAll);

  return {
    /** The kept value of `key`, or `read`'s, kept when nothing dropped the key while it was read. */
    async find(key: Key, read: () => Promise<Value>): Promise<Value> {
      // The age is counted from the start of the read: a change made while it ran is at most `refreshMs` old.
      const time = now().getTime();
      const entry = bus.isListening() ? entries.get(key) : undefined;
      if (entry && time - entry.fetchedAt < refreshMs) return entry.value;
      const ticket = tickets.ticket();
      const value = await read();
      if (keeps(value) && bus.isListening() && tickets.isCurrent(ticket, key)) {
        entries.set(key, { value, fetchedAt: time });
      }
      return value;
    },
    forget(key: Key) {
      tickets.revoke(key);
      entries.delete(key);
    },
    forgetAll,
    close() {
      stopResync();
      entries.clear();
    },
  };
}
