import { randomUUID } from 'node:crypto';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { LRUCache } from 'lru-cache';
import { boundByCount } from '../lib/lru-count-bound.ts';
import { createBusDroppedCache } from './bus-dropped-cache.ts';
import { blocksChangedChannel, isBlocksChanged, isPublishedMemberEvents, memberEventsChannel } from './channels.ts';
import type { EventBus } from './event-bus.ts';
import { type Log, publishWithRetry } from './publish-with-retry.ts';

/** The counts kept: each module keeps its own. */
export type MemberCountName = 'new-likes' | 'unread-messages';

/** A kept count changed in a way that stored no member event (a like now seen): every process drops it. */
const countsChangedChannel = 'member.counts';

interface CountsChanged {
  count: MemberCountName;
  users: number[];
  /** The process that sent it, which dropped the counts already. */
  origin: string;
}

function isCountsChanged(message: unknown): message is CountsChanged {
  if (typeof message !== 'object' || message === null) return false;
  const { count, users, origin } = message as Partial<Record<keyof CountsChanged, unknown>>;
  return (
    typeof count === 'string' &&
    typeof origin === 'string' &&
    Array.isArray(users) &&
    users.every((id) => Number.isSafeInteger(id))
  );
}

/**
 * A count every page of a member shows (new likes, unread messages), kept per member so that a page load costs no
 * database round trip for it (decision 028), under the bus-dropped cache's rules (bus-dropped-cache.ts).
 *
 * What drops a member's count, here at once and on every process through the bus:
 * - any member event of theirs: a like received or withdrawn, a message, a conversation read or removed;
 * - `forgetCount`, which code that changes the count without storing an event calls after its commit (a like seen);
 * - a block made or lifted between them and someone.
 * A change that stores nothing for the member, a liker's profile listed or unlisted (activated, hidden, deleted),
 * shows within `refreshMs`.
 */
export interface MemberCountCache {
  findCount(user: SessionUser): Promise<number>;
  /** Drops the member's count here at once and on the other processes through the bus. Call after the commit. */
  forgetCount(userId: number): void;
  close(): void;
}

export async function createMemberCountCache(options: {
  name: MemberCountName;
  read: (user: SessionUser) => Promise<number>;
  bus: EventBus;
  now: () => Date;
  log: Log;
  /** 0: nothing is kept, every page reads the count. */
  refreshMs: number;
  maxEntries?: number;
}): Promise<MemberCountCache> {
  const { name, read, bus, now, log, refreshMs, maxEntries = 20_000 } = options;
  if (refreshMs <= 0) return { findCount: read, forgetCount: () => {}, close: () => {} };
  const cache = createBusDroppedCache<number, number>({ bus, now, refreshMs, maxEntries });
  // A block names profiles: the users whose counts are kept, by their profile.
  const userOfProfile = new LRUCache<number, number>(boundByCount(maxEntries));
  const origin = randomUUID();

  const unsubscribers = [
    await bus.subscribe(memberEventsChannel, (message) => {
      if (isPublishedMemberEvents(message)) for (const member of message.members) cache.forget(member.user);
    }),
    await bus.subscribe(countsChangedChannel, (message) => {
      if (!isCountsChanged(message) || message.count !== name || message.origin === origin) return;
      for (const user of message.users) cache.forget(user);
    }),
    await bus.subscribe(blocksChangedChannel, (message) => {
      if (!isBlocksChanged(message)) return;
      for (const profileId of message.profiles) {
        const user = userOfProfile.get(profileId);
        if (user !== undefined) cache.forget(user);
      }
    }),
  ];

  return {
    findCount(user) {
      userOfProfile.set(user.profile.id, user.id);
      return cache.find(user.id, () => read(user));
    },
    forgetCount(userId) {
      cache.forget(userId);
      // Not awaited: tried again while Redis refuses; should it never arrive, the others read anew within `refreshMs`.
      void publishWithRetry(bus, countsChangedChannel, { count: name, users: [userId], origin }, log);
    },
    close() {
      for (const unsubscribe of unsubscribers) unsubscribe();
      cache.close();
    },
  };
}
