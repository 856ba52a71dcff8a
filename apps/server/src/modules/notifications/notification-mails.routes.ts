import { createHash, timingSafeEqual } from 'node:crypto';
import { okResponseSchema } from '@app/shared/accounts/account-settings';
import { AppError } from '@app/shared/errors/app-error';
import {
  mailEnableResponseSchema,
  mailEventsResponseSchema,
  mailEventsSchema,
  oneClickUnsubscribeSchema,
  unsubscribeQuerySchema,
} from '@app/shared/notifications/notification-mails';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/api-schema.ts';
import { requireUser } from '../accounts/session.ts';
import type { NotificationMails } from './notification-mails.ts';

/** Compares a presented secret with the configured one in constant time (over hashes, so lengths may differ). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Unsubscribing from mails (the one-click POST of mail programs, RFC 8058), the mail provider's bounces and
 * complaints, and the member switching mail back on.
 */
export function registerNotificationMailRoutes(
  app: FastifyInstance,
  mails: NotificationMails,
  options: { mailEventsSecret: string | undefined },
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: '/api/mail-enable.php',
    schema: {
      tags: ['notifications'],
      summary:
        'Switches the member’s notification mails back on after a bounce, spam complaint or one-click unsubscribe: clears `notifications_disabled` and sends a short mail to the address, which checks it again (a new bounce stops the mails again). `enabled: false` when nothing had stopped them (no mail then).',
      body: z.object({}).optional(),
      response: { 200: mailEnableResponseSchema, ...errorResponses('authentication_required') },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const { enabled } = await mails.enableMail(request.site, user.id);
      return { ok: true as const, enabled };
    },
  });

  // Mail programs and the mail provider: no browser, no cookie, no client header. Their own scope takes forms.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.route({
      method: 'POST',
      url: '/api/unsubscribe.php',
      config: { serverToServer: true },
      schema: {
        tags: ['notifications'],
        summary:
          'The one-click unsubscribe of a notification mail’s `List-Unsubscribe` header (RFC 8058): the mail program posts the form body `List-Unsubscribe=One-Click` to the header’s address, without cookies or client header. The token names the member; from then on no notification mail goes to them (`notifications_disabled` gains `listunsubscribe`) until they switch mail back on. Idempotent.',
        querystring: unsubscribeQuerySchema,
        body: oneClickUnsubscribeSchema,
        response: { 200: okResponseSchema, ...errorResponses('validation_failed', 'unsubscribe_link_invalid') },
      },
      handler: async (request) => {
        await mails.unsubscribeOneClick(request.site, request.query.token);
        return { ok: true as const };
      },
    });

    routes.route({
      method: 'GET',
      url: '/api/unsubscribe.php',
      schema: {
        tags: ['notifications'],
        summary:
          'The `List-Unsubscribe` address opened as a link (a mail program without one-click): changes nothing and leads to the unsubscribe page, which asks first.',
        querystring: unsubscribeQuerySchema,
        response: { 303: z.null().describe('To /unsubscribe?token=….'), ...errorResponses('validation_failed') },
      },
      handler: async (request, reply) =>
        reply.redirect(`/unsubscribe?${new URLSearchParams({ token: request.query.token })}`, 303),
    });

    routes.route({
      method: 'POST',
      url: '/api/mail-events.php',
      config: { serverToServer: true },
      schema: {
        tags: ['notifications'],
        summary:
          'The mail provider’s delivery events, authenticated by `Authorization: Bearer <MAIL_EVENTS_SECRET>` (without that setting the call answers 404). A hard bounce adds `bounce`, a spam complaint `fbl` to `notifications_disabled` of every account with the address, on every site; soft bounces are ignored. At most 100 events a call; idempotent. `updated` counts the accounts that changed.',
        body: mailEventsSchema,
        response: {
          200: mailEventsResponseSchema,
          ...errorResponses('validation_failed', 'mail_events_unauthorized', 'not_found'),
        },
      },
      // Authenticated before the body is read: a caller without the secret learns nothing from validation errors.
      preValidation: async (request) => {
        if (!options.mailEventsSecret) throw new AppError('not_found', 'mail events are not configured');
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
        if (!sameSecret(given, options.mailEventsSecret)) {
          throw new AppError('mail_events_unauthorized', 'mail events without the right secret');
        }
      },
      handler: async (request) => ({ ok: true as const, updated: await mails.applyMailEvents(request.body.events) }),
    });
  });
}
