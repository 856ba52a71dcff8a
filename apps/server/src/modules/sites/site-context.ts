import { AppError } from '@app/shared/errors/app-error';
import { type Locale, localeCookieName, resolveLocale } from '@app/shared/i18n/locales';
import type { Translate } from '@app/shared/i18n/translator';
import { appIcons } from '@app/shared/sites/installed-app';
import { hostnameSchema } from '@app/shared/sites/site-settings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Catalogs } from '../../i18n/catalogs.ts';
import { runHook } from '../../lib/run-hook.ts';
import { createSmallMemo } from '../../lib/small-memo.ts';
import type { CountryLocator } from './geoip.ts';
import { siteOrigin } from './site-origin.ts';
import type { Site, SitesService, VisitorPlace } from './sites.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    site: Site;
    locale: Locale;
    t: Translate;
    readonly visitorPlace: VisitorPlace;
    /** The site's own origin from its configured domain (see lib/site-origin.ts). */
    siteOrigin: string;
  }
}

// Answered alike for every host. Matched exactly (only /assets/ by prefix): `/healthzx` is a page and needs its site.
const siteFreePaths = new Set([
  '/healthz',
  '/readyz',
  '/favicon.ico',
  '/robots.txt',
  ...Object.values(appIcons).map((icon) => icon.path),
]);

function isSiteFree(url: string): boolean {
  const path = url.split('?', 1)[0] ?? url;
  return siteFreePaths.has(path) || path.startsWith('/assets/');
}

/** A Host header as a site's host name (lower case, no port), or null when it is not a plain name. */
function toSiteHost(host: string): string | null {
  const lowered = host.toLowerCase();
  if (!/^[a-z0-9.-]{1,253}(:\d{1,5})?$/.test(lowered)) return null;
  return lowered.replace(/:\d+$/, '');
}

/** A server answers a few host names: each Host header's site host is kept (a name and a port: 259 characters). */
const findSiteHost = createSmallMemo(toSiteHost, { entries: 64, maxKeyLength: 259 });

/** The host a request is answered as: `forced-domain` (query, then config) outside production, else the Host. */
function requestSiteHost(request: FastifyRequest, config: AppConfig): string {
  if (config.env !== 'production') {
    const forced = (request.query as Record<string, unknown> | undefined)?.['forced-domain'];
    if (forced !== undefined) {
      const host = hostnameSchema.safeParse(forced);
      if (!host.success) throw new AppError('validation_failed', 'bad forced-domain', { field: 'forced-domain' });
      return host.data.replace(/:\d+$/, '').toLowerCase();
    }
    if (config.forcedDomain) return config.forcedDomain;
  }
  const siteHost = findSiteHost(request.host ?? '');
  // A Host that is not a plain name (say `localhost:@evil.example`) is no site's: 404, never a guess.
  if (siteHost === null) throw new AppError('site_not_found', 'malformed host');
  return siteHost;
}

const foundPlace = Symbol('visitorPlace');

/** Finds the site by host and the visitor's language before any handler runs. */
export function registerSiteContext(
  app: FastifyInstance,
  deps: { config: AppConfig; sites: SitesService; catalogs: Catalogs; countries: CountryLocator },
) {
  app.decorateRequest('site', null as unknown as Site);
  app.decorateRequest('locale', 'nl');
  app.decorateRequest('t', null as unknown as Translate);
  // Looked up on first use: most calls never ask (a GeoIP look-up was 1% of a small API call). Kept on the request
  // under a symbol, not in a WeakMap keyed by requests: each entry made work for every young-generation collection.
  app.decorateRequest(foundPlace, null);
  app.decorateRequest('visitorPlace', {
    getter(this: FastifyRequest): VisitorPlace {
      const request = this as FastifyRequest & { [foundPlace]: VisitorPlace | null };
      let place = request[foundPlace];
      if (!place) {
        const country = deps.countries.findCountry(this.ip);
        place = country ? { country } : {};
        request[foundPlace] = place;
      }
      return place;
    },
  });
  app.decorateRequest('siteOrigin', '');

  const useSite = (request: FastifyRequest, site: Site | null, host: string, cookieLocale: string | undefined) => {
    if (!site) throw new AppError('site_not_found', `no site for host ${host}`);
    request.site = site;
    request.siteOrigin = siteOrigin(site, deps.config);
    request.locale = resolveLocale(cookieLocale, site.settings.domain_language);
    request.t = deps.catalogs.translator(request.locale);
  };

  app.addHook('onRequest', (request, _reply, done) =>
    runHook(done, () => {
      const cookieLocale = request.cookies[localeCookieName];
      request.locale = resolveLocale(cookieLocale, undefined);
      request.t = deps.catalogs.translator(request.locale);
      if (isSiteFree(request.url)) return;
      const host = requestSiteHost(request, deps.config);
      const cached = deps.sites.findCachedSiteByHost(host);
      if (cached !== undefined) return useSite(request, cached, host, cookieLocale);
      return deps.sites.findSiteByHost(host).then((site) => useSite(request, site, host, cookieLocale));
    }),
  );
}
