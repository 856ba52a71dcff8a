import { memberSearchQuerySchema, memberSearchResponseSchema } from '@app/shared/search/member-search';
import type { FastifyInstance } from 'fastify';
import { defineApiRoute } from '../../lib/api-route.ts';
import type { SearchService } from './search.service.ts';

export function registerSearchRoutes(app: FastifyInstance, search: SearchService) {
  defineApiRoute(app, {
    method: 'GET',
    url: '/api/search.php',
    tag: 'search',
    summary: 'Member search by gender, country, region and age; keyset pages of 24, with similar results.',
    query: memberSearchQuerySchema,
    response: memberSearchResponseSchema,
    errors: ['validation_failed', 'country_not_served', 'invalid_region', 'authentication_required'],
    handler: async (request, { query }, reply) => {
      reply.header('cache-control', 'private, no-store');
      return search.searchMembers(request.site, request.user, query);
    },
  });
}
