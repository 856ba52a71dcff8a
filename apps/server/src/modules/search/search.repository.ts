import { and, desc, eq, gt, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { prepareQuery, prepareQueryVariants } from '../../db/prepared-query.ts';
import { blocks } from '../../db/schema/moderation.ts';
import { photos, profiles } from '../../db/schema/profiles.ts';
import { findableBy } from '../profiles/profile-visibility.ts';
import { mainPhotoJoin, memberCardColumns } from '../profiles/profiles.repository.ts';

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
}

/**
 * A profile the policy hides from this viewer whatever else it is (themselves, blocks either way), with what filters
 * test: listed or not, so that the service can tell whether a visitor's page or total holds it.
 */
export interface HiddenProfile {
  id: number;
  siteId: number;
  gender: string | null;
  country: string;
  region: string | null;
  birthDate: string;
  /** Listed (findable by a visitor): only a listed profile is in a shared page or total. */
  listed: boolean;
}

/** Which of the optional filter parts a query uses: each combination is a statement of its own. */
interface FilterParts extends Record<string, boolean> {
  gender: boolean;
  country: boolean;
  region: boolean;
  bornAfter: boolean;
  bornOnOrBefore: boolean;
  viewer: boolean;
}

function filterParts(filter: SearchFilter): FilterParts {
  return {
    gender: filter.gender !== undefined,
    country: filter.country !== undefined,
    region: filter.region !== undefined,
    bornAfter: filter.bornAfter !== undefined,
    bornOnOrBefore: filter.bornOnOrBefore !== undefined,
    viewer: filter.viewerProfileId !== undefined,
  };
}

/** The placeholders' values of a filter (those of parts not in use are never read). */
function filterValues(filter: SearchFilter) {
  return {
    siteId: filter.siteId,
    gender: filter.gender,
    country: filter.country,
    region: filter.region,
    bornAfter: filter.bornAfter,
    bornOnOrBefore: filter.bornOnOrBefore,
    viewer: filter.viewerProfileId,
  };
}

const placeholder = sql.placeholder;

function conditions(parts: FilterParts): SQL[] {
  const list: (SQL | undefined)[] = [
    eq(profiles.siteId, placeholder('siteId')),
    findableBy(parts.viewer ? placeholder('viewer') : null),
    parts.gender ? eq(profiles.gender, placeholder('gender')) : undefined,
    parts.country ? eq(profiles.country, placeholder('country')) : undefined,
    parts.region ? eq(profiles.region, placeholder('region')) : undefined,
    parts.bornAfter ? gt(profiles.birthDate, placeholder('bornAfter')) : undefined,
    parts.bornOnOrBefore ? lte(profiles.birthDate, placeholder('bornOnOrBefore')) : undefined,
  ];
  return list.filter((condition): condition is SQL => condition !== undefined);
}

export function createSearchRepository(db: Database) {
  // Built once per combination of filter parts, but planned with each search's values: how selective a filter is
  // decides between walking an index newest-first and reading a few matching rows (db/prepared-query.ts).
  const planEachRun = { planEachRun: true };
  const pageQuery = prepareQueryVariants(
    db,
    'search_page',
    (db, parts: FilterParts & { before: boolean }) =>
      db
        .select(memberCardColumns)
        .from(profiles)
        .leftJoin(photos, mainPhotoJoin)
        .where(and(...conditions(parts), parts.before ? lt(profiles.id, placeholder('before')) : undefined))
        .orderBy(desc(profiles.id))
        .limit(placeholder('limit')),
    planEachRun,
  );
  const countQuery = prepareQueryVariants(
    db,
    'search_count',
    (db, parts: FilterParts) => {
      const matches = db
        .select({ one: sql`1` })
        .from(profiles)
        .where(and(...conditions(parts)))
        .limit(placeholder('cap'))
        .as('matches');
      return db.select({ value: sql<number>`count(*)::int` }).from(matches);
    },
    planEachRun,
  );
  // The few profiles the policy hides from this viewer beyond a visitor's view: the viewer and those in a block with them,
  // found by two index look-ups and read by primary key. With what a filter tests, so that the service can take
  // them off a shared page or total without asking the database again.
  const hiddenQuery = prepareQuery(db, 'search_hidden_profiles', (db) => {
    const viewer = placeholder('viewer');
    const hideable = sql`array(select ${viewer}::int
        union select ${blocks.blockedProfileId} from ${blocks} where ${blocks.blockerProfileId} = ${viewer}
        union select ${blocks.blockerProfileId} from ${blocks} where ${blocks.blockedProfileId} = ${viewer})`;
    return db
      .select({
        id: profiles.id,
        siteId: profiles.siteId,
        gender: profiles.gender,
        country: profiles.country,
        region: profiles.region,
        birthDate: profiles.birthDate,
        listed: sql<boolean>`${findableBy(null)}`,
      })
      .from(profiles)
      .where(sql`${profiles.id} = any(${hideable})`);
  });

  return {
    /** One page, newest profiles first, after the keyset cursor (a profile id): no OFFSET, so deep pages cost the same. */
    async searchProfiles(filter: SearchFilter, beforeId: number | null, limit: number) {
      return pageQuery(
        { ...filterParts(filter), before: beforeId !== null },
        { ...filterValues(filter), before: beforeId, limit },
      );
    },

    /** How many profiles match, counting no further than `cap` (an exact count of a million rows costs 100 ms). */
    async countProfiles(filter: SearchFilter, cap: number): Promise<number> {
      const [row] = await countQuery(filterParts(filter), { ...filterValues(filter), cap });
      return row?.value ?? 0;
    },

    /**
     * The viewer and every profile in a block with them either way (what findableBy hides from them beyond what it
     * hides from a visitor), listed or not, with the columns a search filter tests and whether each is listed.
     */
    async findHiddenFromViewer(viewerProfileId: number): Promise<HiddenProfile[]> {
      return hiddenQuery({ viewer: viewerProfileId });
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
