import { LRUCache } from 'lru-cache';
import { boundByCount } from './lru-count-bound.ts';

/**
 * Numbered revocations, so that a cache can refuse a database read that began before something it read was revoked:
 * take `ticket()` before the read, keep the result only if `isCurrent(ticket, ...keys)`. It remembers the last `max`
 * keys revoked; when it forgets one, every read older than that revocation counts as stale.
 */
export function createRevocationTickets<Key extends {}>(max: number) {
  let revocations = 0;
  let forgottenUpTo = 0;
  const revokedAt = new LRUCache<Key, number>({
    ...boundByCount(max),
    dispose: (at, _key, reason) => {
      if (reason === 'evict') forgottenUpTo = Math.max(forgottenUpTo, at);
    },
  });
  return {
    ticket: () => revocations,
    revoke(key: Key) {
      revocations += 1;
      revokedAt.set(key, revocations);
    },
    /** Everything is revoked (messages may have been missed): no read begun before now is kept. */
    revokeAll() {
      revocations += 1;
      forgottenUpTo = revocations;
    },
    isCurrent(ticket: number, ...keys: Key[]) {
      return ticket >= forgottenUpTo && keys.every((key) => (revokedAt.get(key) ?? 0) <= ticket);
    },
  };
}
