import {
  createOrderInputSchema,
  createOrderResponseSchema,
  orderQuerySchema,
  orderResponseSchema,
  packagesQuerySchema,
  packagesResponseSchema,
  paymentWebhookSchema,
} from '@app/shared/credits/orders';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/api-schema.ts';
import { requireUser } from '../accounts/session.ts';
import type { Buyer, ShopService } from './shop.service.ts';

/** The buyer of a call: the member (their profile's country), or a visitor in the site's first country. */
function buyerOf(request: FastifyRequest): Buyer {
  return { user: request.user, country: request.user?.profile.country ?? request.site.settings.countries[0]! };
}

const discountErrors = [
  'discount_code_not_found',
  'discount_code_used',
  'discount_code_expired',
  'discount_minimum_not_met',
  'discount_not_applicable',
] as const;

/** Packages, orders and the payment webhook (DESIGN.md, "Payments"). */
export function registerShopRoutes(app: FastifyInstance, shop: ShopService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: '/api/packages.php',
    schema: {
      tags: ['credits'],
      summary:
        "The site's credit packages in the buyer's currency, priced for them: a running time bonus or a given discount code applied, never under the site's minimum price per message.",
      querystring: packagesQuerySchema,
      response: { 200: packagesResponseSchema, ...errorResponses('validation_failed', ...discountErrors) },
    },
    handler: (request) => shop.findPackages(request.site, buyerOf(request), request.query.discount_code),
  });

  api.route({
    method: 'POST',
    url: '/api/orders.php',
    schema: {
      tags: ['credits'],
      summary:
        'Orders a package at the price fixed now (discount applied by the server) and starts its payment; `checkout_url` is where the member pays.',
      body: createOrderInputSchema,
      response: {
        200: createOrderResponseSchema,
        ...errorResponses(
          'validation_failed',
          'authentication_required',
          'package_not_found',
          'payment_method_unavailable',
          'spend_limit_reached',
          'spend_cool_off',
          'payment_provider_unavailable',
          ...discountErrors,
        ),
      },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const { package: packageId, payment_method: method, issuer, discount_code: code } = request.body;
      const order = await shop.createOrder(request.site, user, packageId, code, method);
      const started = await shop.startPayment(request.site, user, order.id, method, {
        issuer,
        origin: request.siteOrigin,
        locale: request.locale,
      });
      return { order: started.order, checkout_url: started.checkoutUrl };
    },
  });

  api.route({
    method: 'GET',
    url: '/api/orders.php',
    schema: {
      tags: ['credits'],
      summary: "One of the member's own orders and its status; anyone else's is not found.",
      querystring: orderQuerySchema,
      response: {
        200: orderResponseSchema,
        ...errorResponses('validation_failed', 'not_found', 'authentication_required'),
      },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { order: await shop.findOrder(request.site, requireUser(request), request.query.id) };
    },
  });

  // The provider's call: a form with the payment id and nothing else to trust. Its own scope takes forms.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: '/api/payment-webhook.php',
      config: { serverToServer: true },
      schema: {
        tags: ['credits'],
        summary:
          "The payment provider's webhook (form field `id`). Never trusted: the status is fetched from the provider; a paid order is fulfilled once, however often and in whatever order calls come.",
        body: paymentWebhookSchema,
        response: { 200: z.object({}), ...errorResponses('validation_failed', 'payment_provider_unavailable') },
      },
      handler: async (request) => {
        await shop.receiveWebhook(request.body.id);
        return {};
      },
    });
  });
}
