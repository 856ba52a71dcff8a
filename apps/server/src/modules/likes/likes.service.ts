import { createHmac } from 'node:crypto';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { AppError } from '@app/shared/errors/app-error';
import {
  freeVisibleLikers,
  type LikeType,
  likesListLimit,
  swipeLikesPerDay,
  swipeNoDays,
} from '@app/shared/likes/like-constants';
import type {
  AutoLikeResponse,
  LikeProfile,
  Liker,
  LikesResponse,
  LockedLike,
  SwipeAnswerResponse,
  SwipeResponse,
} from '@app/shared/likes/likes';
import { ageOn, yearsBefore } from '@app/shared/profiles/age';
import type { MemberSearchQuery } from '@app/shared/search/member-search';
import { defaultSiteTimeZone } from '@app/shared/sites/site-settings';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { MemberCountCache } from '../../events/member-count-cache.ts';
import type { MemberEventLog } from '../../events/member-event-log.ts';
import type { MemberEventInput } from '../../events/member-events.repository.ts';
import { calendarDay, startOfNextDay } from '../../lib/calendar-day.ts';
import { toCardPhoto, toMemberCard } from '../profiles/member-card.ts';
import type { Site } from '../sites/sites.service.ts';
import { type GivenLikesCache, likeGivenEvent, likeTakenBackEvent } from './given-likes-cache.ts';
import type { CandidateFilter, LikeRow, LikeSource, LikesRepository } from './likes.repository.ts';

const defaultAutoLikesPerDay = 3;
/** New likes are counted up to here; the badge shows 99+ long before. */
const newLikesCountCap = 1_000;
const swipeBatchSize = 10;
const dayMs = 86_400_000;

/** A page of one likes list and the cursor of the page after it. */
export interface LikesPage {
  type: LikeType;
  likes: (Liker | LikeProfile)[];
  locked: LockedLike[];
  next_cursor: number | null;
}

/** Likes, matches, the swipe game and the auto-like. Every rule is checked here, whatever calls it. */
export async function createLikesService(deps: {
  repository: LikesRepository;
  events: MemberEventLog;
  work: UnitOfWork;
  now: () => Date;
  /** Signs locked likes' keys, so that a key cannot be traced back to its like (kept in app_secrets). */
  lockedKeySecret: string;
  /** Where a member's search starts: whom they look for, their country and ages around their own. */
  findSearchStart: (user: SessionUser) => Promise<MemberSearchQuery>;
  /** Keeps the new-likes count every page shows per member (member-count-cache.ts), read with `read`. */
  keepNewLikesCount: (read: (user: SessionUser) => Promise<number>) => Promise<MemberCountCache>;
  /** Keeps the profiles each member likes, for pages of cards (given-likes-cache.ts); without it each page asks. */
  givenLikes?: GivenLikesCache;
}) {
  const { repository, work } = deps;
  const newLikesCounts = await deps.keepNewLikesCount((user) =>
    repository.countNewLikes(user.profile.id, newLikesCountCap),
  );

  const timeZoneOf = (site: Site) => site.settings.time_zone ?? defaultSiteTimeZone;

  const toLikeImage = (site: Site, photoKey: string | null) => toCardPhoto(photoKey, site.settings.cdn_prefix);

  function toLikeProfile(site: Site, row: LikeRow, now: Date): LikeProfile {
    const matchedAt = row.backAt ? new Date(Math.max(row.backAt.getTime(), row.likedAt.getTime())) : null;
    return {
      id: row.card.id,
      main_image: toLikeImage(site, row.card.photoKey),
      name: row.card.name,
      age: ageOn(row.card.birthDate, now),
      country: row.card.country,
      region: row.card.region,
      fictional: row.card.fictional,
      liked_at: row.likedAt.toISOString(),
      match: row.backId !== null,
      matched_at: matchedAt ? matchedAt.toISOString() : null,
    };
  }

  function toLiker(site: Site, row: LikeRow, now: Date): Liker {
    return { ...toLikeProfile(site, row, now), like_new: row.seenAt === null };
  }

  /** A locked like's key: stable per like and member, telling nothing of the liker. */
  function lockedKey(user: SessionUser, row: LikeRow) {
    return createHmac('sha256', deps.lockedKeySecret)
      .update(`${user.profile.id}:${row.likeId}`)
      .digest('base64url')
      .slice(0, 22);
  }

  function toLocked(user: SessionUser, row: LikeRow): LockedLike {
    return {
      key: lockedKey(user, row),
      like_new: row.seenAt === null,
      liked_at: row.likedAt.toISOString(),
    };
  }

  function isUnlocked(user: SessionUser, row: LikeRow, amongFirst: boolean) {
    return user.paid_user || amongFirst || row.backId !== null || row.source === 'auto';
  }

  /**
   * Which received likes a member may open: all for premium; for a free member the first few likes they received,
   * every match and every auto-like (its call shows the liker anyway). The rest ask for premium.
   */
  async function findUnlockRule(user: SessionUser) {
    if (user.paid_user) return () => true;
    const firstIds = new Set(await repository.findOldestReceivedIds(user.profile.id, freeVisibleLikers));
    return (row: LikeRow) => isUnlocked(user, row, firstIds.has(row.likeId));
  }

  /**
   * The likes between the member and another profile, read with the unlock rule in one query: the like from it when
   * the member may find the profile and open the like, and whether the member likes it. Null when there is no such
   * profile.
   */
  async function findOpenLikesBetween(user: SessionUser, profileId: number) {
    const first = user.paid_user ? 0 : freeVisibleLikers;
    const pair = await repository.findLikesBetween(user.profile.id, profileId, first);
    if (!pair) return null;
    const { received, given } = pair;
    return { received: received && isUnlocked(user, received, received.amongFirst) ? received : null, given };
  }

  /** An open like the member has now seen: no longer new on every tab and device. A locked like stays new. */
  async function markSeenIfNew(user: SessionUser, received: LikeRow | null) {
    if (received && received.seenAt === null) {
      if (await repository.markLikeSeen(received.card.id, user.profile.id, deps.now())) {
        // No event tells of a like seen: its count is dropped once the change is stored.
        await work.afterCommit(() => newLikesCounts.forgetCount(user.id));
      }
    }
  }

  function splitReceived(site: Site, user: SessionUser, rows: LikeRow[], unlocked: (row: LikeRow) => boolean) {
    const now = deps.now();
    const likers: Liker[] = [];
    const locked: LockedLike[] = [];
    for (const row of rows) {
      if (unlocked(row)) likers.push(toLiker(site, row, now));
      else locked.push(toLocked(user, row));
    }
    return { likers, locked };
  }

  /** Beyond the member's own country and ages: whom they look for anywhere on the site, when those run out. */
  function widenCandidateFilter(filter: CandidateFilter): CandidateFilter {
    return { ...filter, country: null, bornAfter: '1900-01-01', bornOnOrBefore: yearsBefore(deps.now(), 18) };
  }

  async function findSwipeCandidates(filter: CandidateFilter) {
    const noSince = new Date(deps.now().getTime() - swipeNoDays * dayMs);
    const rows = await repository.findSwipeCandidates(filter, noSince, swipeBatchSize);
    if (rows.length >= swipeBatchSize) return rows;
    const more = await repository.findSwipeCandidates(
      widenCandidateFilter(filter),
      noSince,
      swipeBatchSize + rows.length,
    );
    const ids = new Set(rows.map((row) => row.id));
    return [...rows, ...more.filter((row) => !ids.has(row.id))].slice(0, swipeBatchSize);
  }

  async function findCandidateFilter(site: Site, user: SessionUser): Promise<CandidateFilter> {
    const start = await deps.findSearchStart(user);
    const now = deps.now();
    return {
      siteId: site.id,
      viewerProfileId: user.profile.id,
      gender: start.gender ?? null,
      country: start.country ?? user.profile.country,
      bornOnOrBefore: yearsBefore(now, start.min_age ?? 18),
      bornAfter: yearsBefore(now, (start.max_age ?? 99) + 1),
    };
  }

  /** The member's kept likes go once their change commits (their member event drops them on the other processes). */
  async function forgetGivenLikesAfterCommit(user: SessionUser) {
    const givenLikes = deps.givenLikes;
    if (givenLikes) await work.afterCommit(() => givenLikes.forget(user.id));
  }

  /** Stores a like (or finds it there) and tells both members; answers whether they now match. */
  async function storeLike(site: Site, user: SessionUser, profileId: number, source: LikeSource) {
    if (profileId === user.profile.id) {
      throw new AppError('validation_failed', 'a member cannot like themselves', { field: 'profile' });
    }
    return work.transaction(async () => {
      const target = await repository.findLikeTarget(site.id, profileId, user.profile.id);
      if (!target) throw new AppError('not_found', `no likeable profile ${profileId}`);
      await repository.lockPair(user.profile.id, target.id);
      const inserted = await repository.insertLike(user.profile.id, target.id, source, deps.now());
      const match = await repository.hasLike(target.id, user.profile.id);
      if (inserted) {
        await forgetGivenLikesAfterCommit(user);
        const events: MemberEventInput[] = [
          { userId: user.id, type: likeGivenEvent, payload: { profile: target.id, match } },
        ];
        const shown = target.userId !== null && (await repository.isFindableBy(user.profile.id, target.id));
        // Not who: a free member may not know yet (decision 018); their client reloads the likes to learn what it may.
        if (shown) events.push({ userId: target.userId!, type: 'like_received', payload: { match } });
        if (match) {
          events.push({ userId: user.id, type: 'match', payload: { profile: target.id } });
          if (shown) events.push({ userId: target.userId!, type: 'match', payload: { profile: user.profile.id } });
        }
        await deps.events.appendMemberEvents(events, deps.now());
      }
      return { match };
    });
  }

  function findSwipeDay(site: Site) {
    const now = deps.now();
    const zone = timeZoneOf(site);
    return { day: calendarDay(now, zone), resetsAt: startOfNextDay(now, zone).toISOString() };
  }

  return {
    /** Likes a member (idempotent: a second like changes nothing). Answers whether it is a match. */
    like: (site: Site, user: SessionUser, profileId: number) => storeLike(site, user, profileId, 'profile'),

    /** Takes a like back (idempotent). A match it ended is ended for both. */
    async unlike(user: SessionUser, profileId: number) {
      await work.transaction(async () => {
        await repository.lockPair(user.profile.id, profileId);
        const removed = await repository.deleteLike(user.profile.id, profileId);
        if (!removed) return;
        await forgetGivenLikesAfterCommit(user);
        const ended = await repository.hasLike(profileId, user.profile.id);
        const events: MemberEventInput[] = [
          { userId: user.id, type: likeTakenBackEvent, payload: { profile: profileId, match_ended: ended } },
        ];
        const otherUserId = await repository.findUserIdOfProfile(profileId);
        // Told only to whom the like was shown, and naming the liker only when a match ends (which named them).
        if (otherUserId !== null && (await repository.isFindableBy(user.profile.id, profileId))) {
          const payload = ended ? { profile: user.profile.id, match_ended: true } : { match_ended: false };
          events.push({ userId: otherUserId, type: 'like_withdrawn', payload });
        }
        await deps.events.appendMemberEvents(events, deps.now());
      });
      return { liked: false as const };
    },

    /** GET /api/likes.php: the newest given and received likes, the locked ones apart, and the new-likes count. */
    async findLikes(site: Site, user: SessionUser): Promise<LikesResponse> {
      const now = deps.now();
      const [given, received, unlocked, newLikes] = await Promise.all([
        repository.findLikes('given', user.profile.id, likesListLimit),
        repository.findLikes('received', user.profile.id, likesListLimit),
        findUnlockRule(user),
        repository.countNewLikes(user.profile.id, newLikesCountCap),
      ]);
      const { likers, locked } = splitReceived(site, user, received, unlocked);
      return {
        profiles: given.map((row) => toLikeProfile(site, row, now)),
        liked_by: likers,
        locked,
        new_likes: newLikes,
      };
    },

    /** One page of a likes list (/likes/{type}), newest first, by keyset. */
    async findLikesPage(
      site: Site,
      user: SessionUser,
      type: LikeType,
      limit: number,
      before?: number,
    ): Promise<LikesPage> {
      const now = deps.now();
      if (type === 'matches') {
        const rows = await repository.findMatches(user.profile.id, limit + 1, before);
        const page = rows.slice(0, limit);
        return {
          type,
          likes: page.map((row) => toLikeProfile(site, row, now)),
          locked: [],
          next_cursor: rows.length > limit ? page[page.length - 1]!.matchId : null,
        };
      }
      const rows = await repository.findLikes(type, user.profile.id, limit + 1, before);
      const page = rows.slice(0, limit);
      const next_cursor = rows.length > limit ? page[page.length - 1]!.likeId : null;
      if (type === 'given')
        return { type, likes: page.map((row) => toLikeProfile(site, row, now)), locked: [], next_cursor };
      const { likers, locked } = splitReceived(site, user, page, await findUnlockRule(user));
      return { type, likes: likers, locked, next_cursor };
    },

    /**
     * The viewer opened a member's profile: a like from them is no longer new (on every tab and device). Not a locked
     * like: its mark going away would tell a free member who it was.
     */
    async markLikeSeen(user: SessionUser, likerProfileId: number) {
      await markSeenIfNew(user, (await findOpenLikesBetween(user, likerProfileId))?.received ?? null);
    },

    /**
     * A member opens a profile's page or its like (`/likes/m/{id}`): the like from it when the member may open it (no
     * longer new from now on, as `markLikeSeen`), and whether the member likes it, in one query. A profile they blocked
     * is still theirs to see: their own like of it shows, the other's does not.
     */
    async openLikesWith(
      site: Site,
      user: SessionUser,
      profileId: number,
    ): Promise<{ liked: boolean; likedBy: Liker | null }> {
      const pair = await findOpenLikesBetween(user, profileId);
      if (!pair) return { liked: false, likedBy: null };
      await markSeenIfNew(user, pair.received);
      return { liked: pair.given, likedBy: pair.received ? toLiker(site, pair.received, deps.now()) : null };
    },

    /** Which of these profiles the member likes (to fill the like buttons of cards). */
    findLikedAmong: (user: SessionUser, profileIds: number[]) =>
      deps.givenLikes
        ? deps.givenLikes.findLikedAmong(user, profileIds)
        : repository.findLikedAmong(user.profile.id, profileIds),

    /** The new-likes count of the badge on every page: kept per member (member-count-cache.ts). */
    countNewLikes: (user: SessionUser) => newLikesCounts.findCount(user),

    /** GET /api/swipe.php: the next cards and the 'Ja' answers left today. */
    async findSwipeCards(site: Site, user: SessionUser): Promise<SwipeResponse> {
      const now = deps.now();
      const { day, resetsAt } = findSwipeDay(site);
      const [rows, used] = await Promise.all([
        findCandidateFilter(site, user).then(findSwipeCandidates),
        repository.findAllowanceUsed(user.profile.id, 'swipe_like', day),
      ]);
      return {
        profiles: rows.map((row) => toMemberCard(row, site.settings.cdn_prefix, now)),
        likes_left: Math.max(0, swipeLikesPerDay - used),
        likes_reset_at: resetsAt,
      };
    },

    /**
     * POST /api/swipe.php: 'Nee' keeps the profile out of the game for 30 days; 'Ja' is a like and uses one of the
     * day's 4, counted in the database in the same transaction (the fifth is refused and changes nothing). A 'Ja' to
     * a profile already liked costs nothing.
     */
    async answerSwipe(
      site: Site,
      user: SessionUser,
      profileId: number,
      answer: 'yes' | 'no',
    ): Promise<SwipeAnswerResponse> {
      const { day, resetsAt } = findSwipeDay(site);
      return work.transaction(async () => {
        const target = await repository.findLikeTarget(site.id, profileId, user.profile.id);
        if (!target) throw new AppError('not_found', `no swipeable profile ${profileId}`);
        // Before asking whether it is liked already: two answers to the same card use one allowance at most.
        await repository.lockPair(user.profile.id, profileId);
        let match = false;
        if (answer === 'yes' && !(await repository.hasLike(user.profile.id, profileId))) {
          const used = await repository.useAllowance(user.profile.id, 'swipe_like', day, swipeLikesPerDay);
          if (used === null) {
            throw new AppError('swipe_limit_reached', `swipe likes spent on ${day}`, {
              limit: swipeLikesPerDay,
              resets_at: resetsAt,
            });
          }
          match = (await storeLike(site, user, profileId, 'swipe')).match;
        } else if (answer === 'yes') {
          match = await repository.hasLike(profileId, user.profile.id);
        }
        await repository.saveSwipeAnswer(user.profile.id, profileId, answer, deps.now());
        const used = await repository.findAllowanceUsed(user.profile.id, 'swipe_like', day);
        return { match, likes_left: Math.max(0, swipeLikesPerDay - used), likes_reset_at: resetsAt };
      });
    },

    /**
     * GET /api/auto-like.php: a fictional profile likes the member now, within the site's daily number; null when
     * none may (limit reached, or no fitting profile left). Stored like any like, so every list shows it, labelled.
     */
    async autoLike(site: Site, user: SessionUser): Promise<AutoLikeResponse> {
      const filter = await findCandidateFilter(site, user);
      const limit = site.settings.auto_likes_per_day ?? defaultAutoLikesPerDay;
      const spent = new Error('auto-likes spent today');
      return work
        .transaction(async () => {
          let candidates = await repository.findAutoLikers(filter, 20);
          if (candidates.length === 0) candidates = await repository.findAutoLikers(widenCandidateFilter(filter), 20);
          if (candidates.length === 0) return { profile: null };
          const chosen = candidates[Math.floor(Math.random() * candidates.length)]!;
          await repository.lockPair(user.profile.id, chosen.id);
          // The liker is fictional, without a login: no member event of theirs, and no given likes kept for them.
          if (!(await repository.insertLike(chosen.id, user.profile.id, 'auto', deps.now()))) return { profile: null };
          // Counted after the like is stored, so that only a like given uses the allowance; a spent one rolls it back.
          const day = calendarDay(deps.now(), timeZoneOf(site));
          if ((await repository.useAllowance(user.profile.id, 'auto_like', day, limit)) === null) throw spent;
          await deps.events.appendMemberEvents(
            [{ userId: user.id, type: 'like_received', payload: { match: false } }],
            deps.now(),
          );
          return {
            profile: {
              id: chosen.id,
              name: chosen.name,
              fictional: true as const,
              main_image: toLikeImage(site, chosen.photoKey)!,
            },
          };
        })
        .catch((error: unknown) => {
          if (error === spent) return { profile: null };
          throw error;
        });
    },

    /** Drops allowances of days that are over in every time zone (two days back in UTC). */
    deleteOldAllowances: () =>
      repository.deleteAllowancesBefore(calendarDay(new Date(deps.now().getTime() - 2 * dayMs), 'UTC')),
  };
}

export type LikesService = Awaited<ReturnType<typeof createLikesService>>;
