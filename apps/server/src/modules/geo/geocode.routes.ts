import { geocodeQuerySchema, geocodeResponseSchema } from '@app/shared/sites/geocode';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import type { CityIndex } from './city-index.ts';

/** Reverse geocoding from shipped GeoNames data: no position ever leaves the server. */
export function registerGeocodeRoutes(app: FastifyInstance, cities: () => CityIndex) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/api/geocode.php',
    schema: {
      tags: ['sites'],
      summary:
        'The country, region and nearest town of a position from the browser (to prefill living area and search); ' +
        'false when no known town lies within 60 km.',
      querystring: geocodeQuerySchema,
      response: {
        200: geocodeResponseSchema,
        ...errorResponses('coordinates_invalid', 'validation_failed', 'site_not_found'),
      },
    },
    handler: async (request, reply) => {
      // The answer for a position never changes; the client keeps it for an hour too.
      reply.header('cache-control', 'private, max-age=3600');
      const place = cities().findNearestCity(request.query.lat, request.query.lon);
      return place ? { country: place.country, region: place.region, city: place.city } : (false as const);
    },
  });
}
