import { resolveLocale } from '@app/shared/i18n/locales';
import { appManifestQuerySchema, appManifestSchema } from '@app/shared/sites/app-manifest';
import { type AppIconName, appIcons, appManifestPath } from '@app/shared/sites/installed-app';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import type { AppIcons } from './app-icons.ts';
import type { SitesService } from './sites.service.ts';

/** The installed app: the site's web app manifest and its icons (not API calls: outside /api/ and its document). */
export function registerAppManifestRoutes(app: FastifyInstance, deps: { sites: SitesService; icons: AppIcons }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: appManifestPath,
    schema: {
      querystring: appManifestQuerySchema,
      response: { 200: appManifestSchema, ...errorResponses('validation_failed', 'site_not_found') },
    },
    handler: async (request, reply) => {
      // Browsers fetch it without cookies: the language is the page's (`?lang=`), else the site's. The answer
      // depends on the host and the address alone, so shared caches may keep it.
      const locale = request.query.lang ?? resolveLocale(undefined, request.site.settings.domain_language);
      reply.header('cache-control', 'public, max-age=3600').type('application/manifest+json; charset=utf-8');
      return deps.sites.getAppManifest(request.site, locale);
    },
  });

  for (const name of Object.keys(appIcons) as AppIconName[]) {
    app.get(appIcons[name].path, async (_request, reply) => {
      // The same for every site; its address has no version, so browsers look again after a week.
      reply.header('cache-control', 'public, max-age=604800').type('image/png');
      return reply.send(await deps.icons.findIcon(name));
    });
  }
}
