import type { SessionUser } from '@app/shared/accounts/session-user';
import { createBusDroppedCache } from '../../events/bus-dropped-cache.ts';
import { isPublishedMemberEvents, memberEventsChannel } from '../../events/channels.ts';
import type { EventBus } from '../../events/event-bus.ts';

/**
 * Per member, the profiles they like, so that a page of cards (search, home, first matches, the match finder's best
 * matches) shows its hearts without a database round trip (decision 035). Under the bus-dropped cache's rules
 * (bus-dropped-cache.ts): a like given or taken back stores a member event of the liker, which drops their entry on
 * every process through the bus; `forget` drops it here at once (called after the commit); an entry is read again
 * after `refreshMs` in any case. A member who likes more than `maxLikes` profiles is kept as such, and their pages ask
 * the database about the profiles they show.
 */
export interface GivenLikesCache {
  /** Which of these profiles the member likes. */
  findLikedAmong(user: SessionUser, profileIds: number[]): Promise<number[]>;
  /** Drops the member's entry here; the member event of their change drops it on the other processes. */
  forget(userId: number): void;
}

/** The member events of a liker that change what they like: the likes service stores them, this cache drops by them. */
export const likeGivenEvent = 'like_given';
export const likeTakenBackEvent = 'like_taken_back';
const givenLikeEvents = new Set([likeGivenEvent, likeTakenBackEvent]);

/** An entry's bytes, about: the ids, and the entry around them (the array, the cache's record and its slots). */
const entryBytes = (ids: Int32Array | null) => 400 + (ids ? ids.byteLength : 0);

export async function createGivenLikesCache(options: {
  bus: EventBus;
  now: () => Date;
  refreshMs: number;
  /** All the profiles a member likes, `limit` at most. */
  readGiven: (likerProfileId: number, limit: number) => Promise<number[]>;
  /** Which of these profiles a member likes, asked of the database. */
  readAmong: (likerProfileId: number, profileIds: number[]) => Promise<number[]>;
  maxLikes?: number;
  /** What the entries may take in all: 8 MB holds about 990 members with 2,000 likes, or 20,000 with none. */
  maxBytes?: number;
}): Promise<GivenLikesCache> {
  const { bus, now, refreshMs, readGiven, readAmong, maxLikes = 2_000, maxBytes = 8 * 1024 * 1024 } = options;
  // A member with `maxLikes` likes must fit, or they would read their whole set on every page.
  if (entryBytes(new Int32Array(maxLikes)) > maxBytes) throw new Error('given likes: maxBytes holds no full member');
  // Sorted ids; null: more than `maxLikes`, asked per page.
  const cache = createBusDroppedCache<number, Int32Array | null>({
    bus,
    now,
    refreshMs,
    // Sizes only the revocation tickets here: the entries are bounded by their bytes.
    maxEntries: 20_000,
    size: { max: maxBytes, of: entryBytes },
  });
  // Lives as long as the app, as its bus does: never unsubscribed.
  await bus.subscribe(memberEventsChannel, (message) => {
    if (!isPublishedMemberEvents(message)) return;
    for (const member of message.members) {
      if (member.events.some((event) => givenLikeEvents.has(event.type))) cache.forget(member.user);
    }
  });

  async function readGivenIds(likerProfileId: number): Promise<Int32Array | null> {
    const ids = await readGiven(likerProfileId, maxLikes + 1);
    return ids.length > maxLikes ? null : Int32Array.from(ids).sort();
  }

  return {
    async findLikedAmong(user, profileIds) {
      if (profileIds.length === 0) return [];
      // Nothing is kept while the bus is deaf: the shown profiles are asked, not the whole set.
      if (!bus.isListening()) return readAmong(user.profile.id, profileIds);
      const given = await cache.find(user.id, () => readGivenIds(user.profile.id));
      if (given === null) return readAmong(user.profile.id, profileIds);
      return profileIds.filter((id) => includesSorted(given, id));
    },
    forget: (userId) => cache.forget(userId),
  };
}

function includesSorted(ids: Int32Array, id: number): boolean {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = ids[middle]!;
    if (value === id) return true;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
