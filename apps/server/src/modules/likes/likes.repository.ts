import { and, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { prepareQuery } from '../../db/prepared-query.ts';
import { users } from '../../db/schema/accounts.ts';
import { dailyAllowances, likes, swipeAnswers } from '../../db/schema/likes.ts';
import { photos, profiles } from '../../db/schema/profiles.ts';
import { findableBy, likeableBy, type ViewerId } from '../profiles/profile-visibility.ts';
import { mainPhotoJoin, memberCardColumns } from '../profiles/profiles.repository.ts';

export type LikeSource = (typeof likes.$inferInsert)['source'];
export type AllowanceKind = (typeof dailyAllowances.$inferInsert)['kind'];

/** A profile a member may like, with its login (null for a fictional profile) to tell of the like. */
export interface LikeTarget {
  id: number;
  fictional: boolean;
  userId: number | null;
}

/** A like in a list, with the card of the other member and the like the other way, if any. */
export interface LikeRow {
  likeId: number;
  likedAt: Date;
  seenAt: Date | null;
  source: LikeSource;
  /** The like the other way (a match), when there is one. */
  backId: number | null;
  backAt: Date | null;
  card: {
    id: number;
    name: string;
    birthDate: string;
    country: string;
    region: string | null;
    city: string | null;
    fictional: boolean;
    lastActiveAt: Date;
    photoKey: string | null;
  };
}

/** Whom a swipe or auto-like candidate must be (the member's own answers decide). */
export interface CandidateFilter {
  siteId: number;
  viewerProfileId: number;
  gender: string | null;
  /** Null: any of the site's countries. */
  country: string | null;
  bornAfter: string;
  bornOnOrBefore: string;
}

const placeholder = sql.placeholder;
/** Advisory lock key of a pair of profiles (ids fit 31 bits, so the pair fits a bigint): one like decision at a time. */
const pairLockKey = (a: number, b: number) => (BigInt(Math.min(a, b)) << 31n) + BigInt(Math.max(a, b));

/** Likes, swipe answers and daily allowances: the only code that touches those tables. */
export function createLikesRepository(db: Database) {
  const back = alias(likes, 'back');
  const rowColumns = {
    likeId: likes.id,
    likedAt: likes.createdAt,
    seenAt: likes.seenAt,
    source: likes.source,
    backId: back.id,
    backAt: back.createdAt,
    card: memberCardColumns,
  };

  /**
   * Given (the member likes them) or received (they like the member), newest first, visible ones only. The like back
   * is looked up per row in the pair index (a lateral join with a limit): as a plain join, the plan PostgreSQL keeps
   * for the prepared statement read all the member's likes the other way for every page (80 ms at 3,000 likes).
   */
  const listQuery = (direction: 'given' | 'received', before: boolean) =>
    prepareQuery(db, `likes_${direction}${before ? '_before' : ''}`, (db) => {
      const me = placeholder('me');
      const own = direction === 'given' ? likes.likerProfileId : likes.likedProfileId;
      const other = direction === 'given' ? likes.likedProfileId : likes.likerProfileId;
      const likeBack = db
        .select({ id: back.id, createdAt: back.createdAt })
        .from(back)
        .where(and(eq(back.likerProfileId, likes.likedProfileId), eq(back.likedProfileId, likes.likerProfileId)))
        .limit(1)
        .as('like_back');
      return db
        .select({ ...rowColumns, backId: likeBack.id, backAt: likeBack.createdAt })
        .from(likes)
        .innerJoin(profiles, eq(profiles.id, other))
        .leftJoin(photos, mainPhotoJoin)
        .leftJoinLateral(likeBack, sql`true`)
        .where(and(eq(own, me), findableBy(me), before ? lt(likes.id, placeholder('before')) : undefined))
        .orderBy(desc(likes.id))
        .limit(placeholder('limit'));
    });
  const listQueries = {
    given: listQuery('given', false),
    givenBefore: listQuery('given', true),
    received: listQuery('received', false),
    receivedBefore: listQuery('received', true),
  };
  // Matches are few beside likes; ordered by when they came about (the later like), paged by that like's id.
  const matchesQuery = prepareQuery(db, 'likes_matches', (db) => {
    const me = placeholder('me');
    const matchId = sql<number>`greatest(${likes.id}, ${back.id})`;
    return db
      .select({ ...rowColumns, matchId })
      .from(likes)
      .innerJoin(
        back,
        and(eq(back.likerProfileId, likes.likedProfileId), eq(back.likedProfileId, likes.likerProfileId)),
      )
      .innerJoin(profiles, eq(profiles.id, likes.likedProfileId))
      .leftJoin(photos, mainPhotoJoin)
      .where(and(eq(likes.likerProfileId, me), findableBy(me), sql`${matchId} < ${placeholder('before')}`))
      .orderBy(desc(matchId))
      .limit(placeholder('limit'));
  });
  /** The oldest received likes from visible likers, as `first_received` (the first few a free member sees). */
  const firstReceived = alias(likes, 'first_received');
  const oldestReceived = (db: Database, me: ViewerId) =>
    db
      .select({ id: firstReceived.id })
      .from(firstReceived)
      .innerJoin(profiles, eq(profiles.id, firstReceived.likerProfileId))
      .where(and(eq(firstReceived.likedProfileId, me), findableBy(me)))
      .orderBy(firstReceived.id)
      .limit(placeholder('first'));
  // Runs on every profile page a member opens: whether that member likes them, whether they may see it, and whether
  // they like that member, in one round trip. It starts from the member's profile and reads the oldest likes and
  // whether the viewer may find that member as columns, so a locked like, no like and a profile the viewer may not
  // find cost the same work. The `profiles` inside `oldestReceived` and `findableBy` is that subquery's own.
  const likesBetweenQuery = prepareQuery(db, 'likes_between', (db) => {
    const me = placeholder('me');
    return db
      .select({
        ...rowColumns,
        amongFirst: sql<boolean>`coalesce(${likes.id} = any(array(${oldestReceived(db, me)})), false)`,
        findable: sql<boolean>`${findableBy(me)}`,
      })
      .from(profiles)
      .leftJoin(likes, and(eq(likes.likerProfileId, profiles.id), eq(likes.likedProfileId, me)))
      .leftJoin(photos, mainPhotoJoin)
      .leftJoin(back, and(eq(back.likerProfileId, me), eq(back.likedProfileId, profiles.id)))
      .where(eq(profiles.id, placeholder('other')))
      .limit(1);
  });
  const oldestReceivedQuery = prepareQuery(db, 'likes_oldest_received', (db) => oldestReceived(db, placeholder('me')));
  const givenIdsQuery = prepareQuery(db, 'likes_given_ids', (db) =>
    db
      .select({ id: likes.likedProfileId })
      .from(likes)
      .where(eq(likes.likerProfileId, placeholder('me')))
      .limit(placeholder('limit')),
  );
  const likedAmongQuery = prepareQuery(db, 'likes_liked_among', (db) =>
    db
      .select({ id: likes.likedProfileId })
      .from(likes)
      // A placeholder is one parameter: node-postgres and PGlite send a JS array as an int[] (a JS array written
      // into the text would become a row `($2, $3)`, which `any` refuses, and a text per length).
      .where(
        and(
          eq(likes.likerProfileId, placeholder('me')),
          sql`${likes.likedProfileId} = any(${placeholder('ids')}::int[])`,
        ),
      ),
  );
  const newCountQuery = prepareQuery(db, 'likes_new_count', (db) => {
    const me = placeholder('me');
    const visibleNew = db
      .select({ one: sql`1` })
      .from(likes)
      .innerJoin(profiles, eq(profiles.id, likes.likerProfileId))
      .where(and(eq(likes.likedProfileId, me), isNull(likes.seenAt), findableBy(me)))
      .limit(placeholder('cap'))
      .as('visible_new');
    return db.select({ value: sql<number>`count(*)::int` }).from(visibleNew);
  });
  const targetQuery = prepareQuery(db, 'likes_target', (db) =>
    db
      .select({ id: profiles.id, fictional: profiles.fictional, userId: users.id })
      .from(profiles)
      .leftJoin(users, eq(users.profileId, profiles.id))
      .where(
        and(
          eq(profiles.siteId, placeholder('siteId')),
          eq(profiles.id, placeholder('id')),
          likeableBy(placeholder('me')),
        ),
      )
      .limit(1),
  );

  /**
   * Swipe candidates: the filter, likeable, with a photo, not answered (a 'Nee' counts 30 days) and not liked. A member
   * who swiped a lot answered the top cards, which the walk down the ids passes over; each card passed must cost a
   * look-up or two, never more:
   * - the answer and the like are subqueries PostgreSQL cannot turn into joins (`offset 0`), so each is one index
   *   look-up per card still in. As anti-joins, a member with many likes, whom the statistics took for one with few,
   *   had each card compared with all their likes (2,200 comparisons a card, 4 ms of 10);
   * - the main photo is a lateral join with a limit, looked up for the cards kept only: joined plainly, the photos of
   *   every card passed over were joined (3 ms of 8 at 1,500 answers).
   */
  const swipeQuery = prepareQuery(
    db,
    'swipe_candidates',
    (db) => {
      const me = placeholder('me');
      const mainPhotoKey = db
        .select({ storageKey: photos.storageKey })
        .from(photos)
        .where(mainPhotoJoin)
        .limit(1)
        .as('main_photo');
      return db
        .select({ ...memberCardColumns, photoKey: mainPhotoKey.storageKey })
        .from(profiles)
        .innerJoinLateral(mainPhotoKey, sql`true`)
        .where(
          and(
            eq(profiles.siteId, placeholder('siteId')),
            findableBy(me),
            sql`(${placeholder('gender')}::text is null or ${profiles.gender} = ${placeholder('gender')})`,
            sql`(${placeholder('country')}::text is null or ${profiles.country} = ${placeholder('country')})`,
            gt(profiles.birthDate, placeholder('bornAfter')),
            lte(profiles.birthDate, placeholder('bornOnOrBefore')),
            sql`not exists (select 1 from ${swipeAnswers} where ${swipeAnswers.profileId} = ${me} and ${swipeAnswers.targetProfileId} = ${profiles.id} and (${swipeAnswers.answer} = 'yes' or ${swipeAnswers.answeredAt} > ${placeholder('noSince')}) offset 0)`,
            sql`not exists (select 1 from ${likes} where ${likes.likerProfileId} = ${me} and ${likes.likedProfileId} = ${profiles.id} offset 0)`,
          ),
        )
        .orderBy(desc(profiles.id))
        .limit(placeholder('limit'));
    },
    { planEachRun: true },
  );

  return {
    /** Holds the pair until the transaction ends, so that two likes between them decide a match one after the other. */
    async lockPair(a: number, b: number) {
      await db.execute(sql`select pg_advisory_xact_lock(${pairLockKey(a, b).toString()}::bigint)`);
    },

    /** A profile of this site the member may like (likeableBy): listed, not themselves, no block either way. */
    async findLikeTarget(siteId: number, profileId: number, viewerProfileId: number): Promise<LikeTarget | null> {
      const [row] = await targetQuery({ siteId, id: profileId, me: viewerProfileId });
      return row ?? null;
    },

    /** Whether a profile is findable by a viewer (findableBy): whether the viewer is shown that profile's likes. */
    async isFindableBy(profileId: number, viewerProfileId: number): Promise<boolean> {
      const rows = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.id, profileId), findableBy(viewerProfileId)))
        .limit(1);
      return rows.length > 0;
    },

    /** The login of a profile; null for a fictional one. */
    async findUserIdOfProfile(profileId: number): Promise<number | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.profileId, profileId)).limit(1);
      return row?.id ?? null;
    },

    /** Stores a like; answers false when it existed already (one like per pair). */
    async insertLike(likerProfileId: number, likedProfileId: number, source: LikeSource, now: Date): Promise<boolean> {
      const rows = await db
        .insert(likes)
        .values({ likerProfileId, likedProfileId, source, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: likes.id });
      return rows.length > 0;
    },

    /** Answers whether the like was there. */
    async deleteLike(likerProfileId: number, likedProfileId: number): Promise<boolean> {
      const rows = await db
        .delete(likes)
        .where(and(eq(likes.likerProfileId, likerProfileId), eq(likes.likedProfileId, likedProfileId)))
        .returning({ id: likes.id });
      return rows.length > 0;
    },

    async hasLike(likerProfileId: number, likedProfileId: number): Promise<boolean> {
      const rows = await db
        .select({ id: likes.id })
        .from(likes)
        .where(and(eq(likes.likerProfileId, likerProfileId), eq(likes.likedProfileId, likedProfileId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Which of these profiles the member likes. */
    async findLikedAmong(likerProfileId: number, profileIds: number[]): Promise<number[]> {
      if (profileIds.length === 0) return [];
      // Every card list asks this (a page of search results): prepared once, with the ids as one array value.
      const rows = await likedAmongQuery({ me: likerProfileId, ids: profileIds });
      return rows.map((row) => row.id);
    },

    /** The profiles a member likes, at most `limit` of them (the given-likes cache keeps a member's whole set). */
    async findGivenLikeIds(likerProfileId: number, limit: number): Promise<number[]> {
      const rows = await givenIdsQuery({ me: likerProfileId, limit });
      return rows.map((row) => row.id);
    },

    /** The member opened the liker's profile: the like is no longer new. Answers whether it was. */
    async markLikeSeen(likerProfileId: number, likedProfileId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(likes)
        .set({ seenAt: now })
        .where(
          and(eq(likes.likerProfileId, likerProfileId), eq(likes.likedProfileId, likedProfileId), isNull(likes.seenAt)),
        )
        .returning({ id: likes.id });
      return rows.length > 0;
    },

    /** The newest likes the member gave or received (visible ones), before a like id when paging. */
    async findLikes(direction: 'given' | 'received', me: number, limit: number, beforeId?: number): Promise<LikeRow[]> {
      if (beforeId === undefined) return listQueries[direction]({ me, limit });
      return listQueries[direction === 'given' ? 'givenBefore' : 'receivedBefore']({ me, limit, before: beforeId });
    },

    /** The member's matches, newest first, with the cursor of each (the later like's id). */
    async findMatches(me: number, limit: number, beforeId?: number): Promise<(LikeRow & { matchId: number })[]> {
      return matchesQuery({ me, limit, before: beforeId ?? 2_147_483_647 });
    },

    /**
     * The likes between the member and another profile (null when there is no such profile): the like from it when
     * the member may find it, with whether it is among the member's `first` oldest visible received likes, and whether
     * the member likes it.
     */
    async findLikesBetween(
      me: number,
      otherProfileId: number,
      first: number,
    ): Promise<{ received: (LikeRow & { amongFirst: boolean }) | null; given: boolean } | null> {
      const [row] = await likesBetweenQuery({ me, other: otherProfileId, first });
      if (!row) return null;
      // The row is the profile's: the like's own columns are all set when there is one; `back` is the member's like.
      const received = row.findable && row.likeId !== null ? (row as LikeRow & { amongFirst: boolean }) : null;
      return { received, given: row.backId !== null };
    },

    /** The ids of the member's oldest received likes (visible ones): what a free member sees unblurred. */
    async findOldestReceivedIds(me: number, limit: number): Promise<number[]> {
      const rows = await oldestReceivedQuery({ me, first: limit });
      return rows.map((row) => row.id);
    },

    /** New received likes from visible likers, counted up to `cap`. */
    async countNewLikes(me: number, cap: number): Promise<number> {
      const [row] = await newCountQuery({ me, cap });
      return row?.value ?? 0;
    },

    async findSwipeCandidates(filter: CandidateFilter, noSince: Date, limit: number) {
      return swipeQuery({
        me: filter.viewerProfileId,
        siteId: filter.siteId,
        gender: filter.gender,
        country: filter.country,
        bornAfter: filter.bornAfter,
        bornOnOrBefore: filter.bornOnOrBefore,
        noSince: noSince.toISOString(),
        limit,
      });
    },

    async findSwipeAnswer(profileId: number, targetProfileId: number) {
      const [row] = await db
        .select({ answer: swipeAnswers.answer, answeredAt: swipeAnswers.answeredAt })
        .from(swipeAnswers)
        .where(and(eq(swipeAnswers.profileId, profileId), eq(swipeAnswers.targetProfileId, targetProfileId)));
      return row ?? null;
    },

    async saveSwipeAnswer(profileId: number, targetProfileId: number, answer: 'yes' | 'no', now: Date) {
      await db
        .insert(swipeAnswers)
        .values({ profileId, targetProfileId, answer, answeredAt: now })
        .onConflictDoUpdate({
          target: [swipeAnswers.profileId, swipeAnswers.targetProfileId],
          set: { answer, answeredAt: now },
        });
    },

    /**
     * Uses one of a day's allowance in one statement: the row's count goes up only while under the limit, so parallel
     * callers cannot pass it. Answers the count after the use, or null when the allowance is spent.
     */
    async useAllowance(profileId: number, kind: AllowanceKind, day: string, limit: number): Promise<number | null> {
      if (limit <= 0) return null;
      const rows = await db
        .insert(dailyAllowances)
        .values({ profileId, kind, day, used: 1 })
        .onConflictDoUpdate({
          target: [dailyAllowances.profileId, dailyAllowances.kind, dailyAllowances.day],
          set: { used: sql`${dailyAllowances.used} + 1` },
          setWhere: lt(dailyAllowances.used, limit),
        })
        .returning({ used: dailyAllowances.used });
      return rows[0]?.used ?? null;
    },

    async findAllowanceUsed(profileId: number, kind: AllowanceKind, day: string): Promise<number> {
      const [row] = await db
        .select({ used: dailyAllowances.used })
        .from(dailyAllowances)
        .where(
          and(eq(dailyAllowances.profileId, profileId), eq(dailyAllowances.kind, kind), eq(dailyAllowances.day, day)),
        );
      return row?.used ?? 0;
    },

    /** Allowances of days before this one are of no use any more. */
    async deleteAllowancesBefore(day: string) {
      await db.delete(dailyAllowances).where(lt(dailyAllowances.day, day));
    },

    /**
     * Fictional profiles that may like the member now: findable, with a photo, matching whom the member looks for,
     * not liking them yet, not liked by them (no match that way), not answered 'Nee'. The most recently active first.
     */
    async findAutoLikers(filter: CandidateFilter, limit: number) {
      const me = filter.viewerProfileId;
      return db
        .select({ id: profiles.id, name: profiles.name, photoKey: photos.storageKey })
        .from(profiles)
        .innerJoin(photos, mainPhotoJoin)
        .where(
          and(
            eq(profiles.siteId, filter.siteId),
            eq(profiles.fictional, true),
            findableBy(me),
            filter.gender ? eq(profiles.gender, filter.gender) : undefined,
            filter.country ? eq(profiles.country, filter.country) : undefined,
            sql`not exists (select 1 from ${likes} where (${likes.likerProfileId} = ${profiles.id} and ${likes.likedProfileId} = ${me}) or (${likes.likerProfileId} = ${me} and ${likes.likedProfileId} = ${profiles.id}))`,
            sql`not exists (select 1 from ${swipeAnswers} where ${swipeAnswers.profileId} = ${me} and ${swipeAnswers.targetProfileId} = ${profiles.id} and ${swipeAnswers.answer} = 'no')`,
          ),
        )
        .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
        .limit(limit);
    },
  };
}

export type LikesRepository = ReturnType<typeof createLikesRepository>;
