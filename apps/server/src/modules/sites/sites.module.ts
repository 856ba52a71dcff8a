import { countryCookieName } from '@app/shared/i18n/language-menu';
import { entryWarningCookieName } from '@app/shared/sites/entry-warning';
import { type CompanyInfo, countryCodeSchema, type SiteSettings } from '@app/shared/sites/site-settings';
import { defineModule } from '../../lib/define-module.ts';
import { createAppIcons } from './app-icons.ts';
import { registerAppManifestRoutes } from './app-manifest.routes.ts';
import { createCountryLocator } from './geoip.ts';
import { registerPushWorkerRoute } from './push-worker.routes.ts';
import { registerSiteContext } from './site-context.ts';
import { createSitesRepository } from './sites.repository.ts';
import { registerSitesRoutes } from './sites.routes.ts';
import { createSitesService, type SitesService } from './sites.service.ts';

/** What every page knows of the site and of the visitor's choices. */
export interface SiteVisit {
  settings: SiteSettings;
  company: CompanyInfo;
  /** The visitor's country by GeoIP, or the site's first country when unknown. */
  visitorCountry: string;
  /** The country the visitor chose on /lang-config, if any. */
  chosenCountry: string | null;
  /** When the visitor closed the adult-content warning (ms since epoch), if ever. */
  entryWarningDismissedAt: number | null;
}

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    sites: SitesService;
  }
  interface PageServices {
    sites: { findSiteVisit(): Promise<SiteVisit> };
  }
}

/**
 * Sites: which site a request is for (by host), its settings, company, regions and interests, and the installed
 * app's manifest and icons.
 */
export const sitesModule = defineModule({
  name: 'sites',
  needs: ['system'],
  services: ({ work, catalogs }, { system }) =>
    createSitesService({
      repository: createSitesRepository(work.db),
      catalogs,
      pushPublicKey: system.vapidKeys.publicKey,
    }),
  appHooks: (app, sites, { config, catalogs }) =>
    registerSiteContext(app, { config, sites, catalogs, countries: createCountryLocator() }),
  routes: (scope, sites) => {
    registerSitesRoutes(scope, sites);
    registerAppManifestRoutes(scope, { sites, icons: createAppIcons() });
    registerPushWorkerRoute(scope);
  },
  page: (sites, request) => ({
    async findSiteVisit() {
      const settings = sites.getSettings(request.site, request.locale, request.visitorPlace);
      const chosenCountry = countryCodeSchema.safeParse(request.cookies[countryCookieName]);
      const dismissedAt = Number(request.cookies[entryWarningCookieName]);
      return {
        settings,
        company: await sites.getCompanyInfo(request.site),
        visitorCountry: settings.geoip_country,
        chosenCountry: chosenCountry.success ? chosenCountry.data : null,
        entryWarningDismissedAt: Number.isFinite(dismissedAt) && dismissedAt > 0 ? dismissedAt : null,
      };
    },
  }),
});
