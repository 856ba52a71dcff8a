import type { LikeType } from '@app/shared/likes/likes';
import type { FastifyRequest } from 'fastify';
import { createMemberEventsRepository } from '../../events/member-events.repository.ts';
import { defineModule } from '../../lib/define-module.ts';
import { requireUser } from '../accounts/session.ts';
import { createLikesRepository } from './likes.repository.ts';
import { registerLikesRoutes } from './likes.routes.ts';
import { createLikesService, type LikesService } from './likes.service.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    likes: LikesService;
  }
  interface PageServices {
    likes: ReturnType<typeof likesPageServices>;
  }
}

/** What the likes pages, the like buttons and the swipe game call: the rules of the /api/ calls above. */
function likesPageServices(likes: LikesService, request: FastifyRequest) {
  return {
    /** The newest likes both ways and the new-likes count (empty for a visitor). */
    findLikes: async () =>
      request.user
        ? likes.findLikes(request.site, request.user)
        : { profiles: [], liked_by: [], locked: [], new_likes: 0 },
    findLikesPage: (type: LikeType, limit: number, before?: number) =>
      likes.findLikesPage(request.site, requireUser(request), type, limit, before),
    findLikeFrom: (likerProfileId: number) => likes.findLikeFrom(request.site, requireUser(request), likerProfileId),
    /** The viewer opened this member's profile: their like is no longer new. Nothing for a visitor. */
    markLikeSeen: async (profileId: number) => {
      if (request.user) await likes.markLikeSeen(request.user, profileId);
    },
    /** Which of these profiles the viewer likes (none for a visitor). */
    findLikedAmong: async (profileIds: number[]) =>
      request.user ? likes.findLikedAmong(request.user, profileIds) : ([] as number[]),
    countNewLikes: async () => (request.user ? likes.countNewLikes(request.user) : 0),
    likeMember: (profileId: number) => likes.like(request.site, requireUser(request), profileId),
    unlikeMember: (profileId: number) => likes.unlike(requireUser(request), profileId),
    findSwipeCards: () => likes.findSwipeCards(request.site, requireUser(request)),
    answerSwipe: (profileId: number, answer: 'yes' | 'no') =>
      likes.answerSwipe(request.site, requireUser(request), profileId, answer),
  };
}

/** Likes and matches: liking, the lists, the swipe game and the auto-like. */
export const likesModule = defineModule({
  name: 'likes',
  needs: ['profiles', 'jobs'],
  services: async ({ work, now }, { profiles, jobs }) => {
    const likes = createLikesService({
      repository: createLikesRepository(work.db),
      events: createMemberEventsRepository(work.db),
      work,
      now,
      findSearchStart: (user) => profiles.ownProfile.findSearchStart(user),
    });
    // Opening a liker's profile, by page or by /api/member.php, clears their like's `like_new` on the server.
    profiles.profiles.onMemberViewed((viewer, profileId) => likes.markLikeSeen(viewer, profileId));
    jobs.define('likes.delete-old-allowances', { handler: async () => void (await likes.deleteOldAllowances()) });
    await jobs.schedule('likes.delete-old-allowances', '40 3 * * *');
    return likes;
  },
  routes: registerLikesRoutes,
  page: likesPageServices,
});
