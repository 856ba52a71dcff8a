import { AppError } from '@app/shared/errors/app-error';
import { idSchema } from '@app/shared/input';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineApiRoute } from '../../lib/api-route.ts';
import { requireUser } from '../accounts/session.ts';
import type { BlocksRepository } from './blocks.repository.ts';

const blockBodySchema = z.strictObject({ profile_id: idSchema });
const blockedListSchema = z.object({
  blocked: z.array(z.object({ id: idSchema, name: z.string(), blocked_at: z.string() })),
});

/** Blocking: a blocked member cannot find, view or contact the blocker (applied in every query, not the UI). */
export function registerBlocksRoutes(app: FastifyInstance, deps: { repository: BlocksRepository; now: () => Date }) {
  const list = async (profileId: number) => ({
    blocked: (await deps.repository.findBlockedProfiles(profileId)).map((row) => ({
      id: row.id,
      name: row.name,
      blocked_at: row.blockedAt.toISOString(),
    })),
  });

  defineApiRoute(app, {
    method: 'GET',
    url: '/api/blocks.php',
    tag: 'moderation',
    summary: 'The members the logged-in member has blocked.',
    response: blockedListSchema,
    errors: ['authentication_required'],
    handler: async (request) => list(requireUser(request).profile.id),
  });

  defineApiRoute(app, {
    method: 'POST',
    url: '/api/blocks.php',
    tag: 'moderation',
    summary: 'Blocks a member.',
    body: blockBodySchema,
    response: blockedListSchema,
    errors: ['validation_failed', 'not_found', 'authentication_required'],
    handler: async (request, { body }) => {
      const user = requireUser(request);
      if (body.profile_id === user.profile.id)
        throw new AppError('validation_failed', 'self block', { field: 'profile_id' });
      if (!(await deps.repository.findBlockableProfile(request.site.id, body.profile_id, user.profile.id))) {
        throw new AppError('not_found', `no profile ${body.profile_id} to block`);
      }
      await deps.repository.insertBlock(user.profile.id, body.profile_id, deps.now());
      return list(user.profile.id);
    },
  });

  defineApiRoute(app, {
    method: 'DELETE',
    url: '/api/blocks.php',
    tag: 'moderation',
    summary: 'Unblocks a member.',
    body: blockBodySchema,
    response: blockedListSchema,
    errors: ['validation_failed', 'authentication_required'],
    handler: async (request, { body }) => {
      const user = requireUser(request);
      await deps.repository.deleteBlock(user.profile.id, body.profile_id);
      return list(user.profile.id);
    },
  });
}
