import { LRUCache } from 'lru-cache';
import { createRevocationTickets } from '../lib/revocation-tickets.ts';
import {
  blocksChangedChannel,
  isMemberCountsChanged,
  isPublishedMemberEvents,
  memberCountsChangedChannel,
  memberEventsChannel,
} from './channels.ts';
import type { EventBus } from './event-bus.ts';
import { publishWithRetry } from './publish-with-retry.ts';

/**
 * A count every page of a member shows (new likes, unread messages), kept per member so that a page load costs no
 * database round trip for it (ARCHITECTURE.md, "Member counts").
 *
 * What drops a member's count, here and on every process:
 * - any member event of theirs: every change the count follows stores one (a like received or withdrawn, a message,
 *   a conversation read or removed);
 * - `forgetCount`, for a change that stores no event (a like the member has now seen);
 * - a block made or lifted: every count, since the block's message names profiles, not users;
 * - a lost bus connection: every count, and none is kept while the bus is deaf (as in the session cache).
 *
 * A change that tells the member nothing, such as a liker's account deleted, shows within `refreshMs`. A read that
 * began before a drop of its member is not kept.
 */
export interface MemberCountCache {
  /** The member's count, kept or read with `read`. */
  findCount(userId: number, read: () => Promise<number>): Promise<number>;
  /** Drops the member's count here at once and on the other processes through the bus. Call after the commit. */
  forgetCount(userId: number): void;
}

export async function createMemberCountCache(options: {
  /** Which count this is: a change sent with `forgetCount` drops only this cache's entries. */
  name: string;
  bus: EventBus;
  now: () => Date;
  log: { warn(object: object, message: string): void };
  refreshMs?: number;
  maxEntries?: number;
}): Promise<MemberCountCache> {
  const { name, bus, now, log, refreshMs = 15_000, maxEntries = 20_000 } = options;
  const entries = new LRUCache<number, { count: number; fetchedAt: number }>({ max: maxEntries });
  const tickets = createRevocationTickets<number>(maxEntries * 2);

  function forget(userId: number) {
    tickets.revoke(userId);
    entries.delete(userId);
  }

  function forgetAll() {
    tickets.revokeAll();
    entries.clear();
  }

  await bus.subscribe(memberEventsChannel, (message) => {
    if (isPublishedMemberEvents(message)) for (const member of message.members) forget(member.user);
  });
  await bus.subscribe(memberCountsChangedChannel, (message) => {
    if (isMemberCountsChanged(message) && message.count === name) for (const user of message.users) forget(user);
  });
  await bus.subscribe(blocksChangedChannel, forgetAll);
  bus.onResync(forgetAll);

  return {
    async findCount(userId, read) {
      const time = now().getTime();
      const entry = bus.isListening() ? entries.get(userId) : undefined;
      if (entry && time - entry.fetchedAt < refreshMs) return entry.count;
      const ticket = tickets.ticket();
      const count = await read();
      if (bus.isListening() && tickets.isCurrent(ticket, userId)) entries.set(userId, { count, fetchedAt: time });
      return count;
    },
    forgetCount(userId) {
      forget(userId);
      // Not awaited: tried again while Redis refuses; should it never arrive, the others read anew within `refreshMs`.
      void publishWithRetry(bus, memberCountsChangedChannel, { count: name, users: [userId] }, log);
    },
  };
}
