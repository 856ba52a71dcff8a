import { AppError } from '@app/shared/errors/app-error';
import {
  autoLikeResponseSchema,
  likeInputSchema,
  likeResponseSchema,
  likesResponseSchema,
  swipeAnswerResponseSchema,
  swipeInputSchema,
  swipeResponseSchema,
  unlikeResponseSchema,
} from '@app/shared/likes/likes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import { requireUser } from '../accounts/session.ts';
import type { LikesService } from './likes.service.ts';

/** Liking, the likes lists, the swipe game and the auto-like (spec sections 3, 7 and 9). Login required for all. */
export function registerLikesRoutes(app: FastifyInstance, likes: LikesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'POST',
    url: '/api/like.php',
    schema: {
      tags: ['likes'],
      summary: 'Likes a member; liking again changes nothing. `match` is true when the member likes back.',
      body: likeInputSchema,
      response: {
        200: likeResponseSchema,
        ...errorResponses('validation_failed', 'not_found', 'authentication_required'),
      },
    },
    handler: (request) => likes.like(request.site, requireUser(request), request.body.profile),
  });

  api.route({
    method: 'DELETE',
    url: '/api/like.php',
    schema: {
      tags: ['likes'],
      summary: 'Takes a like back (also when there was none); a match it made ends for both.',
      body: likeInputSchema,
      response: { 200: unlikeResponseSchema, ...errorResponses('validation_failed', 'authentication_required') },
    },
    handler: (request) => likes.unlike(requireUser(request), request.body.profile),
  });

  api.route({
    method: 'GET',
    url: '/api/likes.php',
    schema: {
      tags: ['likes'],
      summary:
        'Given likes (`profiles`) and received likes (`liked_by`), newest first, at most 50 each; for free members the received likes beyond the first few are `locked` (without id, name or photo).',
      response: { 200: likesResponseSchema, ...errorResponses('authentication_required') },
    },
    handler: (request) => likes.findLikes(request.site, requireUser(request)),
  });

  api.route({
    method: 'GET',
    url: '/api/auto-like.php',
    schema: {
      tags: ['likes'],
      summary:
        'A fictional profile likes the member now (at most `auto_likes_per_day` a day); `profile` is null when none may. Needs `X-Request-Type: client`, as it changes state.',
      response: { 200: autoLikeResponseSchema, ...errorResponses('authentication_required', 'client_header_required') },
    },
    handler: (request) => {
      const user = requireUser(request);
      // A GET by the spec, but it stores a like: as every call that changes state, it needs the client header, so that
      // a link or image on another site cannot make it.
      if (request.headers['x-request-type'] !== 'client') {
        throw new AppError('client_header_required', 'auto-like without X-Request-Type');
      }
      return likes.autoLike(request.site, user);
    },
  });

  api.route({
    method: 'GET',
    url: '/api/swipe.php',
    schema: {
      tags: ['likes'],
      summary: "The swipe game's next cards and the 'Ja' answers left today.",
      response: { 200: swipeResponseSchema, ...errorResponses('authentication_required') },
    },
    handler: (request) => likes.findSwipeCards(request.site, requireUser(request)),
  });

  api.route({
    method: 'POST',
    url: '/api/swipe.php',
    schema: {
      tags: ['likes'],
      summary: "Answers a card: 'yes' likes (4 a day, in the site's time zone), 'no' hides the profile for 30 days.",
      body: swipeInputSchema,
      response: {
        200: swipeAnswerResponseSchema,
        ...errorResponses('validation_failed', 'not_found', 'authentication_required', 'swipe_limit_reached'),
      },
    },
    handler: (request) =>
      likes.answerSwipe(request.site, requireUser(request), request.body.profile, request.body.answer),
  });
}
