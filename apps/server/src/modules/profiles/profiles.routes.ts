import { AppError } from '@app/shared/errors/app-error';
import { idParamSchema } from '@app/shared/input';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineApiRoute } from '../../lib/api-route.ts';
import type { ProfilesService } from './profiles.service.ts';

const memberQuerySchema = z.strictObject({ id: idParamSchema });

export function registerProfilesRoutes(app: FastifyInstance, profiles: ProfilesService) {
  /** Photo files under the local CDN path, each checked against the viewer (see findPhotoFile). */
  app.get<{ Params: { '*': string } }>('/cdn/*', async (request, reply) => {
    const file = await profiles.findPhotoFile(request.site, request.params['*'], request.user);
    if (!file) throw new AppError('not_found', `no photo ${request.params['*']} for this viewer`);
    return (
      reply
        .header('content-type', file.contentType)
        // Briefly: a member who hides, blocks or deletes must soon stop being shown from caches too.
        .header('cache-control', file.shared ? 'public, max-age=300' : 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(file.data)
    );
  });

  defineApiRoute(app, {
    method: 'GET',
    url: '/api/member.php',
    tag: 'profiles',
    summary: "A member's profile as the viewer may see it (locked photos blurred for visitors and free members).",
    query: memberQuerySchema,
    response: z.object({ member: z.record(z.string(), z.unknown()) }),
    errors: ['validation_failed', 'not_found'],
    handler: async (request, { query }, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { member: await profiles.findMember(request.site, request.user, query.id) };
    },
  });
}
