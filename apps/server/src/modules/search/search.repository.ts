import { and, desc, eq, gt, inArray, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blocks } from '../../db/schema/moderation.ts';
import { photos, profiles } from '../../db/schema/profiles.ts';
import { listedProfile, notBlockedEitherWay } from '../profiles/profile-visibility.ts';
import { memberCardColumns } from '../profiles/profiles.repository.ts';

export interface SearchFilter {
  siteId: number;
  gender?: string;
  country?: string;
  region?: string;
  /** Birth dates in this range (inclusive bounds as YYYY-MM-DD). */
  bornAfter?: string;
  bornOnOrBefore?: string;
  /** The searching member, left out and with blocks both ways applied. */
  viewerProfileId?: number;
  excludeIds?: number[];
}

function conditions(filter: SearchFilter): SQL[] {
  const list: (SQL | undefined)[] = [
    eq(profiles.siteId, filter.siteId),
    listedProfile,
    filter.gender ? eq(profiles.gender, filter.gender) : undefined,
    filter.country ? eq(profiles.country, filter.country) : undefined,
    filter.region ? eq(profiles.region, filter.region) : undefined,
    filter.bornAfter ? gt(profiles.birthDate, filter.bornAfter) : undefined,
    filter.bornOnOrBefore ? lte(profiles.birthDate, filter.bornOnOrBefore) : undefined,
    filter.excludeIds?.length ? notInArray(profiles.id, filter.excludeIds) : undefined,
  ];
  if (filter.viewerProfileId !== undefined) {
    const viewer = filter.viewerProfileId;
    list.push(sql`${profiles.id} <> ${viewer}`);
    list.push(notBlockedEitherWay(viewer));
  }
  return list.filter((condition): condition is SQL => condition !== undefined);
}

export function createSearchRepository(db: Database) {
  return {
    /** One page, newest profiles first, after the keyset cursor (a profile id): no OFFSET, so deep pages cost the same. */
    async searchProfiles(filter: SearchFilter, beforeId: number | null, limit: number) {
      return db
        .select(memberCardColumns)
        .from(profiles)
        .leftJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true), eq(photos.status, 'active')))
        .where(and(...conditions(filter), beforeId !== null ? lt(profiles.id, beforeId) : undefined))
        .orderBy(desc(profiles.id))
        .limit(limit);
    },

    /** How many profiles match, counting no further than `cap` (an exact count of a million rows costs 100 ms). */
    async countProfiles(filter: SearchFilter, cap: number): Promise<number> {
      const matches = db
        .select({ one: sql`1` })
        .from(profiles)
        .where(and(...conditions(filter)))
        .limit(cap)
        .as('matches');
      const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(matches);
      return row?.value ?? 0;
    },

    /** Of the profiles matching a filter, how many a viewer does not get to see: themselves and blocks either way. */
    async countHiddenFromViewer(filter: SearchFilter, viewerProfileId: number): Promise<number> {
      // First the few ids involved, then a primary-key lookup of those: never a scan of the whole filter.
      const related = await db
        .select({ blocker: blocks.blockerProfileId, blocked: blocks.blockedProfileId })
        .from(blocks)
        .where(or(eq(blocks.blockerProfileId, viewerProfileId), eq(blocks.blockedProfileId, viewerProfileId)));
      const ids = new Set([viewerProfileId, ...related.flatMap((row) => [row.blocker, row.blocked])]);
      const [row] = await db
        .select({ value: sql<number>`count(*)::int` })
        .from(profiles)
        .where(and(...conditions({ ...filter, viewerProfileId: undefined }), inArray(profiles.id, [...ids])));
      return row?.value ?? 0;
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
