import { memberSearchQuerySchema, memberSearchResponseSchema } from '@app/shared/search/member-search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import type { SearchService } from './search.service.ts';
import { serializeSearchAnswer } from './search-answer.ts';

export function registerSearchRoutes(app: FastifyInstance, search: SearchService) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/api/search.php',
    schema: {
      tags: ['search'],
      summary: 'Member search by gender, country, region and age; keyset pages of 24, with similar results.',
      querystring: memberSearchQuerySchema,
      response: {
        200: memberSearchResponseSchema,
        ...errorResponses('validation_failed', 'country_not_served', 'invalid_region', 'authentication_required'),
      },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store').type('application/json; charset=utf-8');
      // Cards are the same for every viewer and most answers for a filter are too: compressed once.
      reply.sharedBody = true;
      // A string with a JSON content type is sent as it is: serializeSearchAnswer writes what the schema would.
      return reply.send(
        serializeSearchAnswer(await search.searchMembers(request.site, request.user, request.query)) as never,
      );
    },
  });
}
