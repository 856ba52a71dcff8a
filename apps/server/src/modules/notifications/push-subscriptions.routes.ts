import { okResponseSchema } from '@app/shared/accounts/account-settings';
import {
  pushQuerySchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
} from '@app/shared/notifications/push-subscription';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import { registerQueryVariants } from '../../lib/query-variant.ts';
import { requireUser } from '../accounts/session.ts';
import type { PushSubscriptionsService } from './push-subscriptions.service.ts';

/** Spec section 7: `POST /api/user.php?push=1` attaches this browser's push subscription; DELETE detaches it. */
export function registerPushSubscriptionRoutes(app: FastifyInstance, subscriptions: PushSubscriptionsService) {
  registerQueryVariants(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'POST',
    url: '/api/user.php',
    // The login answers the same path without `?push=1`.
    constraints: { queryVariant: 'push=1' },
    schema: {
      tags: ['notifications'],
      summary:
        'Stores this browser’s web-push subscription for the logged-in member (`PushSubscription.toJSON()`; an ' +
        'endpoint seen before moves to this member with its new keys; at most 10 devices, the oldest is dropped; the ' +
        'member’s push choice becomes `accepted`), or ' +
        '`"denied"` when the browser refused notifications (only that is recorded). The endpoint must be on a known ' +
        'push service.',
      querystring: pushQuerySchema,
      body: pushSubscriptionInputSchema,
      response: {
        200: okResponseSchema,
        ...errorResponses(
          'push_subscription_invalid',
          'push_service_not_allowed',
          'authentication_required',
          'client_header_required',
        ),
      },
    },
    handler: async (request) => {
      const user = requireUser(request);
      await subscriptions.storeSubscription(user.id, request.body.subscription);
      return { ok: true as const };
    },
  });

  api.route({
    method: 'DELETE',
    url: '/api/user.php',
    constraints: { queryVariant: 'push=1' },
    schema: {
      tags: ['notifications'],
      summary:
        'This browser stops receiving pushes: removes the subscription with this endpoint when it is the logged-in ' +
        'member’s (answers the same when it is not).',
      querystring: pushQuerySchema,
      body: pushUnsubscribeInputSchema,
      response: {
        200: okResponseSchema,
        ...errorResponses('validation_failed', 'authentication_required', 'client_header_required'),
      },
    },
    handler: async (request) => {
      const user = requireUser(request);
      await subscriptions.removeSubscription(user.id, request.body.endpoint);
      return { ok: true as const };
    },
  });
}
