import { discountCodeQuerySchema, discountCodeResponseSchema } from '@app/shared/credits/discount-code';
import type { FastifyInstance } from 'fastify';
import { defineApiRoute } from '../../lib/api-route.ts';
import { requireUser } from '../accounts/session.ts';
import type { DiscountCodesService } from './discount-codes.service.ts';

export function registerDiscountCodesRoutes(app: FastifyInstance, discounts: DiscountCodesService) {
  defineApiRoute(app, {
    method: 'GET',
    url: '/api/discountcode.php',
    tag: 'credits',
    summary: 'Looks up a discount code for the logged-in member: percentage, limits, and whether it has expired.',
    query: discountCodeQuerySchema,
    response: discountCodeResponseSchema,
    errors: ['discount_code_not_found', 'discount_code_used', 'authentication_required'],
    handler: async (request, { query }, reply) => {
      reply.header('cache-control', 'no-store');
      return { discountcode: await discounts.findDiscountCode(request.site, requireUser(request), query.code) };
    },
  });

  defineApiRoute(app, {
    method: 'POST',
    url: '/api/delete-discount.php',
    tag: 'credits',
    summary:
      "The company's discount for a member who considers deleting the account: a personal code, valid 30 days; " +
      'asking again answers the same code.',
    response: discountCodeResponseSchema,
    errors: ['discount_not_offered', 'authentication_required'],
    handler: async (request) => ({
      discountcode: await discounts.grantDeleteDiscount(request.site, requireUser(request)),
    }),
  });
}
