import { discountCodeQuerySchema, discountCodeResponseSchema } from '@app/shared/credits/discount-code';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import { requireUser } from '../accounts/session.ts';
import type { DiscountCodesService } from './discount-codes.service.ts';

export function registerDiscountCodesRoutes(app: FastifyInstance, discounts: DiscountCodesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: '/api/discountcode.php',
    schema: {
      tags: ['credits'],
      summary:
        'Looks up a discount code for the logged-in member (`code`): percentage, limits, and whether it has expired. ' +
        "With `welcome=true`, the member's welcome discount: TIMEBONUS25 (25%, once) in the 4 hours after signup " +
        'while they have never bought, expiring when those hours end; otherwise discount_code_not_found.',
      querystring: discountCodeQuerySchema,
      response: {
        200: discountCodeResponseSchema,
        ...errorResponses('discount_code_not_found', 'discount_code_used', 'authentication_required'),
      },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { code, welcome } = request.query;
      const user = requireUser(request);
      return {
        discountcode: welcome
          ? discounts.findWelcomeDiscount(user)
          : await discounts.findDiscountCode(request.site, user, code ?? ''),
      };
    },
  });

  api.route({
    method: 'POST',
    url: '/api/delete-discount.php',
    schema: {
      tags: ['credits'],
      summary:
        "The company's discount for a member who considers deleting the account: a personal code, valid 30 days; " +
        'asking again answers the same code.',
      response: {
        200: discountCodeResponseSchema,
        ...errorResponses('discount_not_offered', 'authentication_required'),
      },
    },
    handler: async (request) => ({
      discountcode: await discounts.grantDeleteDiscount(request.site, requireUser(request)),
    }),
  });
}
