import type { MemberSearchQuery } from '@app/shared/search/member-search';
import type { FastifyRequest } from 'fastify';
import { defineModule } from '../../lib/define-module.ts';
import { createHiddenProfilesCache } from './hidden-profiles-cache.ts';
import { createSearchRepository } from './search.repository.ts';
import { registerSearchRoutes } from './search.routes.ts';
import { createSearchService, type SearchService } from './search.service.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    search: SearchService;
  }
  interface PageServices {
    search: ReturnType<typeof searchPageServices>;
  }
}

function searchPageServices(search: SearchService, request: FastifyRequest) {
  return {
    /** The member search of /members (throws AppError for bad input or when visitors may not search). */
    searchMembers: (query: MemberSearchQuery) => search.searchMembers(request.site, request.user, query),
  };
}

/** Search: members by gender, country, region and age, in keyset pages. */
export const searchModule = defineModule({
  name: 'search',
  needs: ['sites', 'accounts'],
  services: async ({ work, now, config, events }) => {
    const repository = createSearchRepository(work.db);
    // With shared pages, a member's exclusions are kept too, so that a search costs no database round trip.
    const hidden =
      config.searchPageCacheSeconds > 0
        ? await createHiddenProfilesCache({
            bus: events,
            read: repository.findHiddenFromViewer,
            now,
            refreshMs: config.searchPageCacheSeconds * 1000,
          })
        : undefined;
    return createSearchService({
      repository,
      now,
      countCacheMs: config.searchCountCacheSeconds * 1000,
      pageCacheMs: config.searchPageCacheSeconds * 1000,
      findHiddenProfiles: hidden?.findHiddenProfiles,
    });
  },
  routes: registerSearchRoutes,
  page: searchPageServices,
});
