import { randomBytes } from 'node:crypto';
import type { LikeType } from '@app/shared/likes/like-constants';
import type { MatchFinderAnswers } from '@app/shared/likes/match-finder';
import type { FastifyRequest } from 'fastify';
import { createMemberCountCache } from '../../events/member-count-cache.ts';
import { defineModule, type ModuleServices } from '../../lib/define-module.ts';
import { requireUser } from '../accounts/session.ts';
import { createGivenLikesCache } from './given-likes-cache.ts';
import { createLikesRepository } from './likes.repository.ts';
import { registerLikesRoutes } from './likes.routes.ts';
import { createLikesService, type LikesService } from './likes.service.ts';
import { createMatchFinderRepository } from './match-finder.repository.ts';
import { registerMatchFinderRoutes } from './match-finder.routes.ts';
import { createMatchFinderService, type MatchFinderService } from './match-finder.service.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    likes: LikesService & { matchFinder: MatchFinderService };
  }
  interface PageServices {
    likes: ReturnType<typeof likesPageServices>;
  }
}

/** What the likes pages, the like buttons and the swipe game call: the rules of the /api/ calls above. */
function likesPageServices(likes: ModuleServices['likes'], request: FastifyRequest) {
  const { matchFinder } = likes;
  return {
    /** The newest likes both ways and the new-likes count (empty for a visitor). */
    findLikes: async () =>
      request.user
        ? likes.findLikes(request.site, request.user)
        : { profiles: [], liked_by: [], locked: [], new_likes: 0 },
    findLikesPage: (type: LikeType, limit: number, before?: number) =>
      likes.findLikesPage(request.site, requireUser(request), type, limit, before),
    /**
     * The viewer opens this member's page or like: the like from them if the viewer may open it (no longer new now),
     * and whether the viewer likes them. Nothing for a visitor.
     */
    openLikesWith: async (profileId: number) =>
      request.user ? likes.openLikesWith(request.site, request.user, profileId) : { liked: false, likedBy: null },
    /** Which of these profiles the viewer likes (none for a visitor). */
    findLikedAmong: async (profileIds: number[]) =>
      request.user ? likes.findLikedAmong(request.user, profileIds) : ([] as number[]),
    countNewLikes: async () => (request.user ? likes.countNewLikes(request.user) : 0),
    likeMember: (profileId: number) => likes.like(request.site, requireUser(request), profileId),
    unlikeMember: (profileId: number) => likes.unlike(requireUser(request), profileId),
    findSwipeCards: () => likes.findSwipeCards(request.site, requireUser(request)),
    answerSwipe: (profileId: number, answer: 'yes' | 'no') =>
      likes.answerSwipe(request.site, requireUser(request), profileId, answer),
    /** The match finder's saved answers, or a first questionnaire from the member's own profile. */
    findMatchFinder: () => matchFinder.findMatchFinder(request.site, requireUser(request)),
    saveMatchFinderAnswers: (answers: MatchFinderAnswers) =>
      matchFinder.saveAnswers(request.site, requireUser(request), answers),
    /** The best-fitting members for the saved answers, with why each fits and whether the viewer likes them. */
    findBestMatches: () => matchFinder.findBestMatches(request.site, requireUser(request)),
  };
}

/** Likes and matches: liking, the lists, the swipe game, the auto-like and the match finder. */
export const likesModule = defineModule({
  name: 'likes',
  needs: ['system', 'profiles', 'jobs', 'geo'],
  services: async ({ config, work, now, memberEvents, events, log }, { system, profiles, jobs, geo }) => {
    const lockedKeySecret =
      (await system.secrets.findSecret('locked_like_key')) ??
      (await system.secrets.insertSecretOnce('locked_like_key', randomBytes(32).toString('base64url')));
    const repository = createLikesRepository(work.db);
    // Kept as long as the viewer's other search state (hidden profiles, decision 017): none in tests.
    const givenLikes =
      config.searchPageCacheSeconds > 0
        ? await createGivenLikesCache({
            bus: events,
            now,
            refreshMs: config.searchPageCacheSeconds * 1000,
            readGiven: repository.findGivenLikeIds,
            readAmong: repository.findLikedAmong,
          })
        : undefined;
    const likes = await createLikesService({
      lockedKeySecret,
      repository,
      givenLikes,
      events: memberEvents,
      work,
      now,
      findSearchStart: (user) => profiles.ownProfile.findSearchStart(user),
      keepNewLikesCount: (read) =>
        createMemberCountCache({
          name: 'new-likes',
          read,
          bus: events,
          now,
          log,
          refreshMs: config.badgeCountCacheSeconds * 1000,
        }),
    });
    // Opening a liker's profile through /api/member.php (openMember) clears their like's `like_new` on the server; the
    // pages do it with openLikesWith.
    profiles.profiles.onMemberOpened((viewer, profileId) => likes.markLikeSeen(viewer, profileId));
    jobs.define('likes.delete-old-allowances', { handler: async () => void (await likes.deleteOldAllowances()) });
    await jobs.schedule('likes.delete-old-allowances', '40 3 * * *');
    const matchFinder = createMatchFinderService({
      repository: createMatchFinderRepository(work.db),
      findOwnProfile: (user) => profiles.ownProfile.findOwnProfile(user),
      findLikedAmong: (user, ids) => likes.findLikedAmong(user, ids),
      cities: geo.cities,
      now,
    });
    return { ...likes, matchFinder };
  },
  routes: (scope, likes) => {
    registerLikesRoutes(scope, likes);
    registerMatchFinderRoutes(scope, likes.matchFinder);
  },
  page: likesPageServices,
});
