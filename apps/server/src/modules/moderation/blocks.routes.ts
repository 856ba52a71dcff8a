import { blockedListResponseSchema, blockInputSchema } from '@app/shared/moderation/blocks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import { requireUser } from '../accounts/session.ts';
import type { BlocksService } from './blocks.service.ts';

/** Blocking: a blocked member cannot find, view or contact the blocker (applied in every query, not the UI). */
export function registerBlocksRoutes(app: FastifyInstance, blocks: BlocksService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: '/api/blocks.php',
    schema: {
      tags: ['moderation'],
      summary: 'The members the logged-in member has blocked.',
      response: { 200: blockedListResponseSchema, ...errorResponses('authentication_required') },
    },
    handler: async (request) => ({ blocked: await blocks.listBlocked(requireUser(request)) }),
  });

  api.route({
    method: 'POST',
    url: '/api/blocks.php',
    schema: {
      tags: ['moderation'],
      summary: 'Blocks a member.',
      body: blockInputSchema,
      response: {
        200: blockedListResponseSchema,
        ...errorResponses('validation_failed', 'not_found', 'authentication_required'),
      },
    },
    handler: async (request) => ({
      blocked: await blocks.block(request.site, requireUser(request), request.body.profile_id),
    }),
  });

  api.route({
    method: 'DELETE',
    url: '/api/blocks.php',
    schema: {
      tags: ['moderation'],
      summary: 'Unblocks a member.',
      body: blockInputSchema,
      response: {
        200: blockedListResponseSchema,
        ...errorResponses('validation_failed', 'authentication_required'),
      },
    },
    handler: async (request) => ({
      blocked: await blocks.unblock(requireUser(request), request.body.profile_id),
    }),
  });
}
