import { AppError } from '@app/shared/errors/app-error';
import {
  companyInfoResponseSchema,
  interestsResponseSchema,
  regionsQuerySchema,
  regionsResponseSchema,
  settingsQuerySchema,
  settingsResponseSchema,
} from '@app/shared/sites/site-settings';
import type { FastifyInstance } from 'fastify';
import { defineApiRoute } from '../../lib/api-route.ts';
import type { SitesService } from './sites.service.ts';

/** Site-wide data the client loads once: settings, company, interests, regions. Cacheable per site and language. */
export function registerSitesRoutes(app: FastifyInstance, sites: SitesService) {
  defineApiRoute(app, {
    method: 'GET',
    url: '/api/settings.php',
    tag: 'sites',
    summary: 'The site settings (spec section 3), texts in the visitor language.',
    query: settingsQuerySchema,
    response: settingsResponseSchema,
    errors: ['validation_failed', 'site_not_found'],
    handler: async (request, _input, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return { settings: sites.getSettings(request.site, request.locale, request.visitorPlace) };
    },
  });

  defineApiRoute(app, {
    method: 'GET',
    url: '/api/companyinfo.php',
    tag: 'sites',
    summary: 'The company that runs the site: legal name, address, registration and VAT numbers.',
    response: companyInfoResponseSchema,
    errors: ['site_not_found'],
    handler: async (request, _input, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { companyinfo: await sites.getCompanyInfo(request.site) };
    },
  });

  defineApiRoute(app, {
    method: 'GET',
    url: '/api/interests.php',
    tag: 'sites',
    summary: 'The fixed interest list with icons, names in the visitor language.',
    response: interestsResponseSchema,
    errors: ['site_not_found'],
    handler: async (request, _input, reply) => {
      reply.header('cache-control', 'private, max-age=300').header('vary', 'cookie');
      return { interests: sites.listInterests(request.site, request.locale) };
    },
  });

  defineApiRoute(app, {
    method: 'GET',
    url: '/api/regions.php',
    tag: 'sites',
    summary: "The regions of the site's countries (provinces, states, cantons, ...), optionally of one country.",
    query: regionsQuerySchema,
    response: regionsResponseSchema,
    errors: ['validation_failed', 'country_not_served', 'site_not_found'],
    handler: async (request, { query }, reply) => {
      if (query.country && !request.site.settings.countries.includes(query.country)) {
        throw new AppError('country_not_served', `country ${query.country} is not served`, { field: 'country' });
      }
      reply.header('cache-control', 'private, max-age=300').header('vary', 'cookie');
      return { regions: sites.listRegions(request.site, request.locale, query.country) };
    },
  });
}
