import { AppError } from '@app/shared/errors/app-error';
import type { Locale } from '@app/shared/i18n/locales';
import {
  companyInfoResponseSchema,
  interestsResponseSchema,
  regionsQuerySchema,
  regionsResponseSchema,
  settingsQuerySchema,
  settingsResponseSchema,
} from '@app/shared/sites/site-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { errorResponses } from '../../lib/api-schema.ts';
import { type KeptBody, keptBodyBytes } from '../../plugins/compression.ts';
import type { Site, SitesService, VisitorPlace } from './sites.service.ts';

/**
 * The settings answer depends on nothing but the site, the language and the visitor's place, and it is asked on
 * every page load: it is checked against its schema and serialized once per triple, and sent as those bytes, with
 * its compressed forms kept beside them (plugins/compression.ts; each made once per encoding while the answer is
 * kept). Keyed by the site object, which the site cache renews when it re-reads the site (30 s), so a changed site is
 * answered anew without being told.
 */
function createSettingsAnswers(sites: SitesService) {
  const answers = new WeakMap<Site, LRUCache<string, KeptBody>>();
  return (site: Site, locale: Locale, place: VisitorPlace): KeptBody => {
    let ofSite = answers.get(site);
    if (!ofSite) {
      ofSite = new LRUCache<string, KeptBody>({
        maxSize: 4 * 1024 * 1024,
        sizeCalculation: (answer, key) => key.length + keptBodyBytes(answer),
      });
      answers.set(site, ofSite);
    }
    const key = `${locale}|${place.country ?? ''}|${place.region ?? ''}|${place.city ?? ''}`;
    let answer = ofSite.get(key);
    if (answer === undefined) {
      const settings = sites.getSettings(site, locale, place);
      answer = {
        body: Buffer.from(JSON.stringify(settingsResponseSchema.encode({ settings }))),
        compressed: new Map(),
      };
      ofSite.set(key, answer);
    }
    return answer;
  };
}

/** Site-wide data the client loads once: settings, company, interests, regions. Cacheable per site and language. */
export function registerSitesRoutes(app: FastifyInstance, sites: SitesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const settingsAnswer = createSettingsAnswers(sites);

  api.route({
    method: 'GET',
    url: '/api/settings.php',
    schema: {
      tags: ['sites'],
      summary: 'The site settings (spec section 3), texts in the visitor language.',
      querystring: settingsQuerySchema,
      response: { 200: settingsResponseSchema, ...errorResponses('validation_failed', 'site_not_found') },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-cache').type('application/json; charset=utf-8');
      const answer = settingsAnswer(request.site, request.locale, request.visitorPlace);
      reply.keptCompressions = answer;
      // Bytes with a JSON content type are sent as they are; the schema was applied when they were made.
      return reply.send(answer.body as never);
    },
  });

  api.route({
    method: 'GET',
    url: '/api/companyinfo.php',
    schema: {
      tags: ['sites'],
      summary: 'The company that runs the site: legal name, address, registration and VAT numbers.',
      response: { 200: companyInfoResponseSchema, ...errorResponses('site_not_found') },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { companyinfo: await sites.getCompanyInfo(request.site) };
    },
  });

  api.route({
    method: 'GET',
    url: '/api/interests.php',
    schema: {
      tags: ['sites'],
      summary: 'The fixed interest list with icons, names in the visitor language.',
      response: { 200: interestsResponseSchema, ...errorResponses('site_not_found') },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, max-age=300').header('vary', 'cookie');
      return { interests: sites.listInterests(request.site, request.locale) };
    },
  });

  api.route({
    method: 'GET',
    url: '/api/regions.php',
    schema: {
      tags: ['sites'],
      summary: "The regions of the site's countries (provinces, states, cantons, ...), optionally of one country.",
      querystring: regionsQuerySchema,
      response: {
        200: regionsResponseSchema,
        ...errorResponses('validation_failed', 'country_not_served', 'site_not_found'),
      },
    },
    handler: async (request, reply) => {
      const country = request.query.country;
      if (country && !request.site.settings.countries.includes(country)) {
        throw new AppError('country_not_served', `country ${country} is not served`, { field: 'country' });
      }
      reply.header('cache-control', 'private, max-age=300').header('vary', 'cookie');
      return { regions: sites.listRegions(request.site, request.locale, country) };
    },
  });
}
