import { spendProtectionResponseSchema, spendProtectionUpdateSchema } from '@app/shared/credits/spend-protection';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import { requireUser } from '../accounts/session.ts';
import type { SpendProtectionService } from './spend-protection.service.ts';

/** The member's spending limit and cool-off. Login required for both. */
export function registerSpendProtectionRoutes(app: FastifyInstance, protection: SpendProtectionService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: '/api/spend-protection.php',
    schema: {
      tags: ['credits'],
      summary:
        "The member's monthly spending limit (own, or the site's default), a raise waiting for its 24 hours, what " +
        "was spent this calendar month (site's time zone) and a running cool-off.",
      response: { 200: spendProtectionResponseSchema, ...errorResponses('authentication_required') },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        spend_protection: await protection.findSpendProtection(request.site, requireUser(request).id),
      };
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/spend-protection.php',
    schema: {
      tags: ['credits'],
      summary:
        'Sets the monthly limit (`monthly_limit`, a whole amount, or null for none of your own): lower counts at ' +
        'once, higher or none after 24 hours. Or starts a cool-off (`cool_off`: `24h`, `30d` or `6m`) without any ' +
        'purchase, or extends the running one; a cool-off is never shortened. Answers the protection after.',
      body: spendProtectionUpdateSchema,
      response: {
        200: spendProtectionResponseSchema,
        ...errorResponses('validation_failed', 'spend_limit_invalid', 'choice_required', 'authentication_required'),
      },
    },
    handler: async (request) => ({
      spend_protection: await protection.updateSpendProtection(request.site, requireUser(request).id, request.body),
    }),
  });
}
