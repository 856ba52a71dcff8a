import type { profileUpdateSchema } from '@app/shared/profiles/profile-update';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { defineModule, type ModuleServices } from '../../lib/define-module.ts';
import { requireUser } from '../accounts/session.ts';
import { registerOwnProfileRoutes } from './own-profile.routes.ts';
import { createOwnProfileService, type OwnProfileService } from './own-profile.service.ts';
import { createProfilesRepository } from './profiles.repository.ts';
import { registerProfilesRoutes } from './profiles.routes.ts';
import { createProfilesService, type ProfilesService } from './profiles.service.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    profiles: { profiles: ProfilesService; ownProfile: OwnProfileService };
  }
  interface PageServices {
    profiles: ReturnType<typeof profilesPageServices>;
  }
}

function profilesPageServices({ profiles, ownProfile }: ModuleServices['profiles'], request: FastifyRequest) {
  return {
    findShowcaseMembers: (limit: number) => profiles.findShowcaseMembers(request.site, request.user, limit),
    /** A member's profile page as the viewer may see it (AppError not_found when hidden or blocked). */
    findMember: (id: number) => profiles.findMember(request.site, request.user, id),
    /** The logged-in member's own profile fields (null for a visitor). */
    findOwnProfile: async () => (request.user ? ownProfile.findOwnProfile(request.user) : null),
    /** Changes the own profile by the same rules as PUT /api/profile.php. */
    updateOwnProfile: (update: z.output<typeof profileUpdateSchema>) =>
      ownProfile.updateOwnProfile(request.site, requireUser(request), update),
    /** The own photos, pending ones included (empty for a visitor). */
    listOwnPhotos: async () => (request.user ? ownProfile.listOwnPhotos(request.site, request.user) : []),
    /** Adds a photo by the rules of POST /api/photos.php (limit, decoding by sharp); the caller checks the size. */
    addPhoto: (data: Buffer) => ownProfile.addPhoto(request.site, requireUser(request), data),
    deletePhoto: (id: number) => ownProfile.deletePhoto(request.site, requireUser(request), id),
    setMainPhoto: (id: number) => ownProfile.setMainPhoto(request.site, requireUser(request), id),
    /** Where a member's search starts when the address names no filter (nothing for a visitor). */
    findSearchStart: async () => (request.user ? ownProfile.findSearchStart(request.user) : {}),
    /** First suggested members after signup, of the gender the member looks for. */
    findSignupMatches: async (limit: number) =>
      request.user
        ? profiles.findShowcaseMembers(
            request.site,
            request.user,
            limit,
            await ownProfile.signupMatchFilter(request.user),
          )
        : [],
  };
}

/** Profiles: member pages and cards, one's own profile, photos and their files. */
export const profilesModule = defineModule({
  name: 'profiles',
  needs: ['sites', 'accounts', 'search'],
  services: ({ config, work, storage, now }, { search }) => {
    const repository = createProfilesRepository(work.db);
    return {
      profiles: createProfilesService({
        repository,
        storage,
        now,
        sharedShowcaseMs: config.searchPageCacheSeconds * 1000,
        findHiddenProfileIds: search.findHiddenProfileIds,
      }),
      ownProfile: createOwnProfileService({ repository, transaction: work.transaction, storage, now }),
    };
  },
  routes: (scope, { profiles, ownProfile }) => {
    registerProfilesRoutes(scope, profiles);
    registerOwnProfileRoutes(scope, ownProfile);
  },
  page: profilesPageServices,
});
