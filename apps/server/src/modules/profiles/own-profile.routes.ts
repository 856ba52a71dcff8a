import { AppError } from '@app/shared/errors/app-error';
import { maxPhotoBytes } from '@app/shared/profiles/photo-limits';
import {
  addedPhotoResponseSchema,
  ownPhotosResponseSchema,
  ownProfileResponseSchema,
  photoActionSchema,
  profileUpdateSchema,
} from '@app/shared/profiles/profile-update';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import { requireUser } from '../accounts/session.ts';
import type { OwnProfileService } from './own-profile.service.ts';

export function registerOwnProfileRoutes(app: FastifyInstance, ownProfile: OwnProfileService) {
  // Photos arrive as the raw file with its image content type.
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: maxPhotoBytes }, (_request, body, done) =>
    done(null, body),
  );
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: '/api/profile.php',
    schema: {
      tags: ['profiles'],
      summary: "The logged-in member's own profile fields.",
      response: { 200: ownProfileResponseSchema, ...errorResponses('authentication_required') },
    },
    handler: async (request) => ({ profile: await ownProfile.findOwnProfile(requireUser(request)) }),
  });

  api.route({
    method: 'PUT',
    url: '/api/profile.php',
    schema: {
      tags: ['profiles'],
      summary: 'Changes fields of the own profile (personal info, about me, interests).',
      body: profileUpdateSchema,
      response: {
        200: ownProfileResponseSchema,
        ...errorResponses(
          'validation_failed',
          'text_too_long',
          'country_not_served',
          'invalid_region',
          'date_of_birth_fixed',
          'authentication_required',
        ),
      },
    },
    handler: async (request) => ({
      profile: await ownProfile.updateOwnProfile(request.site, requireUser(request), request.body),
    }),
  });

  api.route({
    method: 'POST',
    url: '/api/photos.php',
    schema: {
      tags: ['profiles'],
      summary: 'Adds a photo (the body is the image file, content type image/*, at most 10 MB).',
      response: {
        200: addedPhotoResponseSchema,
        ...errorResponses(
          'photo_invalid',
          'photo_too_large',
          'photo_limit',
          'payload_too_large',
          'unsupported_media_type',
        ),
      },
    },
    handler: async (request) => {
      const user = requireUser(request);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new AppError('photo_invalid', 'no image body');
      }
      return { photo: await ownProfile.addPhoto(request.site, user, request.body) };
    },
  });

  api.route({
    method: 'GET',
    url: '/api/photos.php',
    schema: {
      tags: ['profiles'],
      summary: "The member's own photos, pending ones included.",
      response: { 200: ownPhotosResponseSchema, ...errorResponses('authentication_required') },
    },
    handler: async (request) => ({ photos: await ownProfile.listOwnPhotos(request.site, requireUser(request)) }),
  });

  api.route({
    method: 'PUT',
    url: '/api/photos.php',
    schema: {
      tags: ['profiles'],
      summary: 'Makes one of the own approved photos the main photo.',
      body: photoActionSchema,
      response: {
        200: ownPhotosResponseSchema,
        ...errorResponses('validation_failed', 'not_found', 'authentication_required'),
      },
    },
    handler: async (request) => ({
      photos: await ownProfile.setMainPhoto(request.site, requireUser(request), request.body.id),
    }),
  });

  api.route({
    method: 'DELETE',
    url: '/api/photos.php',
    schema: {
      tags: ['profiles'],
      summary: 'Deletes one of the own photos and its files.',
      body: photoActionSchema,
      response: {
        200: ownPhotosResponseSchema,
        ...errorResponses('validation_failed', 'not_found', 'authentication_required'),
      },
    },
    handler: async (request) => ({
      photos: await ownProfile.deletePhoto(request.site, requireUser(request), request.body.id),
    }),
  });
}
