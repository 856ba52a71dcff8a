import {
  bestMatchesResponseSchema,
  matchFinderAnswersSchema,
  matchFinderResponseSchema,
} from '@app/shared/likes/match-finder';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import { requireUser } from '../accounts/session.ts';
import type { MatchFinderService } from './match-finder.service.ts';

/** The match finder's questionnaire and its best matches. Login required for all. */
export function registerMatchFinderRoutes(app: FastifyInstance, matchFinder: MatchFinderService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: '/api/match-finder.php',
    schema: {
      tags: ['likes'],
      summary:
        "The match finder's saved answers; before the first save (`saved` false) a first questionnaire from the member's own profile.",
      response: { 200: matchFinderResponseSchema, ...errorResponses('authentication_required') },
    },
    handler: (request) => matchFinder.findMatchFinder(request.site, requireUser(request)),
  });

  api.route({
    method: 'PUT',
    url: '/api/match-finder.php',
    schema: {
      tags: ['likes'],
      summary:
        "Keeps the match finder's answers: gender (or `any`), ages 18 to 99, `place` (`region`, a distance in km: `10`, `25`, `50`, `100`, or `any`) and up to 5 of the site's interests.",
      body: matchFinderAnswersSchema,
      response: {
        200: matchFinderResponseSchema,
        ...errorResponses('validation_failed', 'choice_required', 'authentication_required'),
      },
    },
    handler: (request) => matchFinder.saveAnswers(request.site, requireUser(request), request.body),
  });

  api.route({
    method: 'GET',
    url: '/api/best-matches.php',
    schema: {
      tags: ['likes'],
      summary:
        'The 24 members that fit the saved answers best (shared interests first, then nearness and recent activity), each with the shared interests, the distance in km and whether the member likes them.',
      response: { 200: bestMatchesResponseSchema, ...errorResponses('authentication_required') },
    },
    handler: async (request) => ({
      matches: await matchFinder.findBestMatches(request.site, requireUser(request)),
    }),
  });
}
