import { AppError } from '@app/shared/errors/app-error';
import { memberQuerySchema, memberResponseSchema } from '@app/shared/profiles/member-profile';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import type { ProfilesService } from './profiles.service.ts';

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

  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/api/member.php',
    schema: {
      tags: ['profiles'],
      summary: "A member's profile as the viewer may see it (locked photos blurred for visitors and free members).",
      querystring: memberQuerySchema,
      response: { 200: memberResponseSchema, ...errorResponses('validation_failed', 'not_found') },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { member: await profiles.openMember(request.site, request.user, request.query.id) };
    },
  });
}
