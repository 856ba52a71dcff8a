import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { prepareQuery, prepareQueryVariants } from '../../db/prepared-query.ts';
import { matchFinderAnswers } from '../../db/schema/likes.ts';
import { photos, profiles } from '../../db/schema/profiles.ts';
import type { MemberCardRow } from '../profiles/member-card.ts';
import { findableBy } from '../profiles/profile-visibility.ts';
import { mainPhotoJoin, memberCardColumns } from '../profiles/profiles.repository.ts';

/** Whom the match finder considers: the answers' gender and ages, in the member's country (and region). */
export interface MatchCandidateFilter {
  siteId: number;
  viewerProfileId: number;
  /** Null: anyone. */
  gender: string | null;
  country: string;
  /** Null: the whole country. */
  region: string | null;
  bornAfter: string;
  bornOnOrBefore: string;
}

/** A candidate's card and what the ranking compares. */
export interface MatchCandidateRow extends MemberCardRow {
  lastActiveAt: Date;
  interests: string[];
}

interface CandidateParts extends Record<string, boolean> {
  gender: boolean;
  region: boolean;
}

const placeholder = sql.placeholder;

/** The match finder's saved answers (its own table) and the profiles it ranks (read through the visibility policy). */
export function createMatchFinderRepository(db: Database) {
  const answersQuery = prepareQuery(db, 'match_finder_answers', (db) =>
    db
      .select({ answers: matchFinderAnswers.answers })
      .from(matchFinderAnswers)
      .where(eq(matchFinderAnswers.profileId, placeholder('profileId'))),
  );
  // The newest findable profiles of the filter, by the search's partial indexes (site, country, [region,] id): the
  // ranking then reads a bounded set whatever the site's size. Planned per run, as the search's pages are.
  const candidatesQuery = prepareQueryVariants(
    db,
    'match_finder_candidates',
    (db, parts: CandidateParts) =>
      db
        .select({ ...memberCardColumns, interests: profiles.interests })
        .from(profiles)
        .leftJoin(photos, mainPhotoJoin)
        .where(
          and(
            eq(profiles.siteId, placeholder('siteId')),
            findableBy(placeholder('viewer')),
            eq(profiles.country, placeholder('country')),
            parts.region ? eq(profiles.region, placeholder('region')) : undefined,
            parts.gender ? eq(profiles.gender, placeholder('gender')) : undefined,
            gt(profiles.birthDate, placeholder('bornAfter')),
            lte(profiles.birthDate, placeholder('bornOnOrBefore')),
          ),
        )
        .orderBy(desc(profiles.id))
        .limit(placeholder('limit')),
    { planEachRun: true },
  );

  return {
    /** The member's saved answers as stored (the service checks them again), or null. */
    async findAnswers(profileId: number): Promise<unknown> {
      const [row] = await answersQuery({ profileId });
      return row ? row.answers : null;
    },

    async saveAnswers(profileId: number, answers: object, now: Date) {
      await db
        .insert(matchFinderAnswers)
        .values({ profileId, answers, updatedAt: now })
        .onConflictDoUpdate({ target: matchFinderAnswers.profileId, set: { answers, updatedAt: now } });
    },

    /** Up to `limit` of the newest findable profiles of the filter, with their interests. */
    async findCandidates(filter: MatchCandidateFilter, limit: number): Promise<MatchCandidateRow[]> {
      return candidatesQuery(
        { gender: filter.gender !== null, region: filter.region !== null },
        {
          siteId: filter.siteId,
          viewer: filter.viewerProfileId,
          country: filter.country,
          region: filter.region,
          gender: filter.gender,
          bornAfter: filter.bornAfter,
          bornOnOrBefore: filter.bornOnOrBefore,
          limit,
        },
      );
    },
  };
}

export type MatchFinderRepository = ReturnType<typeof createMatchFinderRepository>;
