import { AppError } from '@app/shared/errors/app-error';
import type { FastifyInstance } from 'fastify';
import type { ProfilesService } from './profiles.service.ts';

/** Photo files under the local CDN path. With S3 storage a real CDN serves them instead. */
export function registerProfilesRoutes(app: FastifyInstance, profiles: ProfilesService) {
  app.get<{ Params: { '*': string } }>('/cdn/*', async (request, reply) => {
    const file = await profiles.findPublicPhotoFile(request.site, request.params['*']);
    if (!file) throw new AppError('not_found', `no public photo ${request.params['*']}`);
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });
}
