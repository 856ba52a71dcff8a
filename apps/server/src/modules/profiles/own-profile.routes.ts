import { AppError } from '@app/shared/errors/app-error';
import { idSchema } from '@app/shared/input';
import {
  maxPhotoBytes,
  ownProfileSchema,
  photoActionSchema,
  profileUpdateSchema,
} from '@app/shared/profiles/profile-update';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineApiRoute } from '../../lib/api-route.ts';
import { requireUser } from '../accounts/session.ts';
import type { OwnProfileService } from './own-profile.service.ts';

const ownProfileResponseSchema = z.object({ profile: ownProfileSchema });
const ownPhotosSchema = z.object({
  photos: z.array(
    z.object({
      id: idSchema,
      status: z.enum(['pending', 'active', 'rejected']),
      is_main: z.boolean(),
      thumb: z.string(),
      match: z.string(),
    }),
  ),
});
const photoResponseSchema = z.object({
  photo: z.object({ id: idSchema, status: z.enum(['pending', 'active', 'rejected']), is_main: z.boolean() }),
});

export function registerOwnProfileRoutes(app: FastifyInstance, ownProfile: OwnProfileService) {
  // Photos arrive as the raw file with its image content type.
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: maxPhotoBytes }, (_request, body, done) =>
    done(null, body),
  );

  defineApiRoute(app, {
    method: 'GET',
    url: '/api/profile.php',
    tag: 'profiles',
    summary: "The logged-in member's own profile fields.",
    response: ownProfileResponseSchema,
    errors: ['authentication_required'],
    handler: async (request) => ({ profile: await ownProfile.findOwnProfile(requireUser(request)) }),
  });

  defineApiRoute(app, {
    method: 'PUT',
    url: '/api/profile.php',
    tag: 'profiles',
    summary: 'Changes fields of the own profile (personal info, about me, interests).',
    body: profileUpdateSchema,
    response: ownProfileResponseSchema,
    errors: ['validation_failed', 'text_too_long', 'country_not_served', 'invalid_region', 'authentication_required'],
    handler: async (request, { body }) => ({
      profile: await ownProfile.updateOwnProfile(request.site, requireUser(request), body),
    }),
  });

  defineApiRoute(app, {
    method: 'POST',
    url: '/api/photos.php',
    tag: 'profiles',
    summary: 'Adds a photo (the body is the image file, content type image/*, at most 10 MB).',
    response: photoResponseSchema,
    errors: ['photo_invalid', 'photo_too_large', 'photo_limit', 'payload_too_large', 'unsupported_media_type'],
    handler: async (request) => {
      const user = requireUser(request);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new AppError('photo_invalid', 'no image body');
      }
      return { photo: await ownProfile.addPhoto(request.site, user, request.body) };
    },
  });

  defineApiRoute(app, {
    method: 'GET',
    url: '/api/photos.php',
    tag: 'profiles',
    summary: "The member's own photos, pending ones included.",
    response: ownPhotosSchema,
    errors: ['authentication_required'],
    handler: async (request) => ({ photos: await ownProfile.listOwnPhotos(request.site, requireUser(request)) }),
  });

  defineApiRoute(app, {
    method: 'PUT',
    url: '/api/photos.php',
    tag: 'profiles',
    summary: 'Makes one of the own approved photos the main photo.',
    body: photoActionSchema,
    response: ownPhotosSchema,
    errors: ['validation_failed', 'not_found', 'authentication_required'],
    handler: async (request, { body }) => ({
      photos: await ownProfile.setMainPhoto(request.site, requireUser(request), body.id),
    }),
  });

  defineApiRoute(app, {
    method: 'DELETE',
    url: '/api/photos.php',
    tag: 'profiles',
    summary: 'Deletes one of the own photos and its files.',
    body: photoActionSchema,
    response: ownPhotosSchema,
    errors: ['validation_failed', 'not_found', 'authentication_required'],
    handler: async (request, { body }) => ({
      photos: await ownProfile.deletePhoto(request.site, requireUser(request), body.id),
    }),
  });
}
