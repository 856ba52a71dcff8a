import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NotificationsService } from './notifications.service.ts';

/** Presence: the page tells the server it went out of sight, so what happens next is pushed and mailed. */
export function registerPresenceRoutes(app: FastifyInstance, notifications: NotificationsService) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: '/api/page-hidden.php',
    // Sent as the page hides (a keep-alive request): the session's view of the member is all it needs.
    config: { keepsMemberView: true },
    schema: {
      tags: ['notifications'],
      summary:
        'Sent (as a beacon) when the member’s page becomes hidden: from now on, what happens to them is pushed and mailed rather than shown on screen. An empty JSON body; answers 204, also without a login (nothing to do then).',
      body: z.object({}).optional(),
      response: { 204: z.null().describe('Noted.') },
    },
    handler: async (request, reply) => {
      if (request.user) await notifications.markAway(request.user.id);
      return reply.code(204).send(null);
    },
  });
}
