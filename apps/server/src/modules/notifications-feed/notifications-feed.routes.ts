import { notificationsQuerySchema, notificationsResponseSchema } from '@app/shared/notifications/notifications-feed';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import { requireUser } from '../accounts/session.ts';
import type { NotificationsFeedService } from './notifications-feed.service.ts';

/** The notifications page's list (spec route `notifications`). Login required. */
export function registerNotificationsFeedRoutes(app: FastifyInstance, feed: NotificationsFeedService) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/api/notifications.php',
    schema: {
      tags: ['notifications'],
      summary:
        'What happened to the member, newest first, 20 entries a page (older ones with `before` = `next`): likes received, matches, new messages (one entry per conversation a page, with `count`), and credits bought, granted or taken back. `unread` entries are newer than what the member saw; with `X-Request-Type: client` (as every call that changes state) the call marks them read.',
      querystring: notificationsQuerySchema,
      response: {
        200: notificationsResponseSchema,
        ...errorResponses('validation_failed', 'authentication_required'),
      },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      // A GET, so a link or image on another site could send it: only the site's own client marks read.
      const markRead = request.headers['x-request-type'] === 'client';
      return feed.viewNotifications(request.site, user, { before: request.query.before, markRead });
    },
  });
}
