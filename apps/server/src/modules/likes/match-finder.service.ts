import type { SessionUser } from '@app/shared/accounts/session-user';
import { AppError } from '@app/shared/errors/app-error';
import {
  type BestMatch,
  type MatchFinderAnswers,
  type MatchFinderResponse,
  matchFinderAnswersSchema,
  matchFinderMaxInterests,
  matchFinderResultsLimit,
} from '@app/shared/likes/match-finder';
import { yearsBefore } from '@app/shared/profiles/age';
import type { InterestKey } from '@app/shared/profiles/interests';
import type { OwnProfile } from '@app/shared/profiles/profile-update';
import { findSearchStart } from '@app/shared/search/search-start';
import { type CityIndex, distanceKm, type PlacePosition } from '../geo/city-index.ts';
import { toMemberCard } from '../profiles/member-card.ts';
import type { Site } from '../sites/sites.service.ts';
import type { MatchCandidateRow, MatchFinderRepository } from './match-finder.repository.ts';
import { scoreMatch } from './match-score.ts';

/** The newest profiles of the filter the ranking reads: enough to rank well, bounded whatever the site's size. */
const candidatePoolSize = 400;
const dayMs = 86_400_000;

/** The match finder: the questionnaire's answers, kept per member, and the members that fit them best. */
export function createMatchFinderService(deps: {
  repository: MatchFinderRepository;
  /** The member's own profile: the answers' defaults, and where they live. */
  findOwnProfile: (user: SessionUser) => Promise<OwnProfile>;
  /** Which of these profiles the member likes already (their cards show a filled like button). */
  findLikedAmong: (user: SessionUser, profileIds: number[]) => Promise<number[]>;
  cities: () => CityIndex;
  now: () => Date;
}) {
  const { repository } = deps;

  /** The site's interests among these, in their order (a site may offer fewer than the full list). */
  const siteInterests = (site: Site, keys: readonly string[]) => {
    const offered = new Set<string>(site.settings.interests);
    return keys.filter((key): key is InterestKey => offered.has(key));
  };

  /** A first questionnaire from the member's own profile: whom their answers look for, ages around their own. */
  function defaultAnswers(site: Site, own: OwnProfile): MatchFinderAnswers {
    const start = findSearchStart({ ...own, birthDate: own.date_of_birth }, deps.now());
    return {
      gender: start.gender ?? 'any',
      min_age: start.min_age ?? 18,
      max_age: start.max_age ?? 99,
      place: own.region ? 'region' : 'any',
      interests: siteInterests(site, own.interests).slice(0, matchFinderMaxInterests),
    };
  }

  /** The saved answers, still valid for the site (an interest it no longer offers is left out); null without any. */
  async function savedAnswers(site: Site, user: SessionUser): Promise<MatchFinderAnswers | null> {
    const parsed = matchFinderAnswersSchema.safeParse(await repository.findAnswers(user.profile.id));
    if (!parsed.success) return null;
    return { ...parsed.data, interests: siteInterests(site, parsed.data.interests) };
  }

  function positionOf(country: string, region: string | null, city: string | null): PlacePosition | null {
    return city ? deps.cities().findPlace(country, region, city) : null;
  }

  /** The candidate as a ranked card, or null when the chosen distance rules them out. */
  function rank(answers: MatchFinderAnswers, own: OwnProfile, home: PlacePosition | null, row: MatchCandidateRow) {
    const now = deps.now();
    const theirs = new Set(row.interests);
    const shared = answers.interests.filter((key) => theirs.has(key));
    const there = home ? positionOf(row.country, row.region, row.city) : null;
    const distance = home && there ? distanceKm(home.lat, home.lon, there.lat, there.lon) : null;
    const sameRegion = own.region !== null && row.region === own.region;
    if (answers.place !== 'region' && answers.place !== 'any') {
      // Within the chosen km; where either town is unknown, the same region stands in for "near".
      const near = distance !== null ? distance <= Number(answers.place) : own.region === null || sameRegion;
      if (!near) return null;
    }
    const score = scoreMatch({
      sharedInterests: shared.length,
      distanceKm: distance,
      sameRegion,
      inactiveDays: (now.getTime() - row.lastActiveAt.getTime()) / dayMs,
    });
    return {
      score,
      row,
      reason: {
        interests: shared,
        distance_km: distance === null ? null : Math.round(distance),
        same_region: sameRegion,
      },
    };
  }

  return {
    /** GET /api/match-finder.php: the saved answers, else a first questionnaire from the member's own profile. */
    async findMatchFinder(site: Site, user: SessionUser): Promise<MatchFinderResponse> {
      const saved = await savedAnswers(site, user);
      if (saved) return { answers: saved, saved: true };
      return { answers: defaultAnswers(site, await deps.findOwnProfile(user)), saved: false };
    },

    /** Keeps the answers for the member's next visit (checked by the route's schema; interests by the site's list). */
    async saveAnswers(site: Site, user: SessionUser, answers: MatchFinderAnswers): Promise<MatchFinderResponse> {
      if (siteInterests(site, answers.interests).length !== answers.interests.length) {
        throw new AppError('validation_failed', 'an interest the site does not offer', { field: 'interests' });
      }
      await repository.saveAnswers(user.profile.id, answers, deps.now());
      return { answers, saved: true };
    },

    /**
     * GET /api/best-matches.php: the newest few hundred findable members of the answers' gender and ages in the
     * member's country (their region when chosen), within the chosen distance, ranked by shared interests, nearness
     * and recent activity; the best 24, with why each fits and whether the member likes them already.
     */
    async findBestMatches(site: Site, user: SessionUser): Promise<BestMatch[]> {
      const own = await deps.findOwnProfile(user);
      const answers = (await savedAnswers(site, user)) ?? defaultAnswers(site, own);
      const now = deps.now();
      const rows = await repository.findCandidates(
        {
          siteId: site.id,
          viewerProfileId: user.profile.id,
          gender: answers.gender === 'any' ? null : answers.gender,
          country: own.country,
          region: answers.place === 'region' ? own.region : null,
          bornOnOrBefore: yearsBefore(now, answers.min_age),
          bornAfter: yearsBefore(now, answers.max_age + 1),
        },
        candidatePoolSize,
      );
      const home = positionOf(own.country, own.region, own.city);
      const best = rows
        .map((row) => rank(answers, own, home, row))
        .filter((ranked) => ranked !== null)
        .sort(
          (a, b) =>
            b.score - a.score || b.row.lastActiveAt.getTime() - a.row.lastActiveAt.getTime() || b.row.id - a.row.id,
        )
        .slice(0, matchFinderResultsLimit);
      const liked = new Set(
        await deps.findLikedAmong(
          user,
          best.map((ranked) => ranked.row.id),
        ),
      );
      return best.map((ranked) => ({
        member: toMemberCard(ranked.row, site.settings.cdn_prefix, now),
        liked: liked.has(ranked.row.id),
        reason: ranked.reason,
      }));
    },
  };
}

export type MatchFinderService = ReturnType<typeof createMatchFinderService>;
