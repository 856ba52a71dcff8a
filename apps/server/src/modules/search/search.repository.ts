import { and, desc, eq, gt, inArray, lt, lte, not, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blocks } from '../../db/schema/moderation.ts';
import { photos, profiles } from '../../db/schema/profiles.ts';
import { findableBy } from '../profiles/profile-visibility.ts';
import { memberCardColumns } from '../profiles/profiles.repository.ts';

export interface SearchFilter {
  siteId: number;
  gender?: string;
  country?: string;
  region?: string;
  /** Birth dates in this range (inclusive bounds as YYYY-MM-DD). */
  bornAfter?: string;
  bornOnOrBefore?: string;
  /** The searching member: whom they find follows the visibility policy (findableBy). */
  viewerProfileId?: number;
  excludeIds?: number[];
}

function conditions(filter: SearchFilter): SQL[] {
  const list: (SQL | undefined)[] = [
    eq(profiles.siteId, filter.siteId),
    findableBy(filter.viewerProfileId ?? null),
    filter.gender ? eq(profiles.gender, filter.gender) : undefined,
    filter.country ? eq(profiles.country, filter.country) : undefined,
    filter.region ? eq(profiles.region, filter.region) : undefined,
    filter.bornAfter ? gt(profiles.birthDate, filter.bornAfter) : undefined,
    filter.bornOnOrBefore ? lte(profiles.birthDate, filter.bornOnOrBefore) : undefined,
    filter.excludeIds?.length ? notInArray(profiles.id, filter.excludeIds) : undefined,
  ];
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

    /**
     * Of the profiles a visitor finds with a filter, how many this viewer does not (the policy's findableBy: the
     * viewer and blocks either way), so that a total shared by all viewers can be made theirs.
     */
    async countHiddenFromViewer(filter: SearchFilter, viewerProfileId: number): Promise<number> {
      // First the few ids the policy can hide (the viewer and those in a block with them), then a primary-key lookup
      // of those: never a scan of the whole filter.
      const related = await db
        .select({ blocker: blocks.blockerProfileId, blocked: blocks.blockedProfileId })
        .from(blocks)
        .where(or(eq(blocks.blockerProfileId, viewerProfileId), eq(blocks.blockedProfileId, viewerProfileId)));
      const ids = new Set([viewerProfileId, ...related.flatMap((row) => [row.blocker, row.blocked])]);
      const [row] = await db
        .select({ value: sql<number>`count(*)::int` })
        .from(profiles)
        .where(
          and(
            ...conditions({ ...filter, viewerProfileId: undefined }),
            inArray(profiles.id, [...ids]),
            not(findableBy(viewerProfileId)),
          ),
        );
      return row?.value ?? 0;
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
