import { findRegionNames } from '@app/shared/i18n/intl-formats';
import type { Locale } from '@app/shared/i18n/locales';
import { interests } from '@app/shared/profiles/interests';
import type { AppManifest } from '@app/shared/sites/app-manifest';
import { appBackgroundColor, appIcons, appThemeColor } from '@app/shared/sites/installed-app';
import { countryRegions } from '@app/shared/sites/regions-data';
import type {
  CompanyInfo,
  LocalizedText,
  RegionsResponse,
  SiteSettings,
  StoredSiteSettings,
} from '@app/shared/sites/site-settings';
import { LRUCache } from 'lru-cache';
import type { Catalogs } from '../../i18n/catalogs.ts';
import { boundByCount } from '../../lib/lru-count-bound.ts';
import type { SitesRepository } from './sites.repository.ts';

export interface Site {
  id: number;
  companyId: number;
  isDemo: boolean;
  settings: StoredSiteSettings;
}

/** What is known of the visitor's whereabouts (GeoIP); empty when unknown. */
export interface VisitorPlace {
  country?: string;
  region?: string | null;
  city?: string | null;
}

const siteCacheMs = 30_000;

export function createSitesService(deps: {
  repository: SitesRepository;
  catalogs: Catalogs;
  pushPublicKey: string;
  now?: () => number;
}) {
  const { repository, catalogs } = deps;
  const now = deps.now ?? Date.now;
  // Bounded: any client can send any Host name, and misses are cached too. The clock is read on every look-up
  // (ttlResolution 0), so an injected one is obeyed at once.
  const cacheOptions = { ...boundByCount(1_000), ttl: siteCacheMs, ttlResolution: 0, perf: { now } };
  const cache = new LRUCache<string, { site: Site | null }>(cacheOptions);
  const companyCache = new LRUCache<number, CompanyInfo>(cacheOptions);

  function localized(text: LocalizedText | null, locale: Locale, catalogKey: string, values?: Record<string, string>) {
    return text?.[locale] ?? catalogs.translator(locale)(catalogKey, values);
  }

  return {
    /** `findSiteByHost` from the cache alone: undefined when the cache does not know the host (yet). */
    findCachedSiteByHost(host: string): Site | null | undefined {
      return cache.get(host.toLowerCase())?.site;
    },

    /** The site answering for a host name (without port); cached briefly, misses included. */
    async findSiteByHost(host: string): Promise<Site | null> {
      const key = host.toLowerCase();
      const hit = cache.get(key);
      if (hit) return hit.site;
      const row = await repository.findSiteByHost(key);
      const site = row ? { id: row.id, companyId: row.companyId, isDemo: row.isDemo, settings: row.settings } : null;
      cache.set(key, { site });
      return site;
    },

    /** A site by id, for work that is not a request (a job, a listener); not cached. */
    async findSiteById(id: number): Promise<Site | null> {
      const row = await repository.findSiteById(id);
      return row ? { id: row.id, companyId: row.companyId, isDemo: row.isDemo, settings: row.settings } : null;
    },

    forgetCachedSites() {
      cache.clear();
      companyCache.clear();
    },

    /** The settings object of spec section 3, texts in the visitor's language. */
    getSettings(site: Site, locale: Locale, visitor: VisitorPlace = {}): SiteSettings {
      const s = site.settings;
      const visitorCountry = visitor.country && s.countries.includes(visitor.country) ? visitor.country : undefined;
      const geoipCountry = visitor.country ?? s.countries[0]!;
      const names = { name: s.name };
      return {
        ...s,
        index_title: localized(s.index_title, locale, 'site.default_index_title', names),
        description: localized(s.description, locale, 'site.default_description', names),
        fictional_warning: localized(s.fictional_warning, locale, 'fictional.warning'),
        fictional_singular: localized(s.fictional_singular, locale, 'fictional.singular'),
        fictional_plural: localized(s.fictional_plural, locale, 'fictional.plural'),
        company_id: site.companyId,
        geoip_country: geoipCountry,
        region_data: {
          country: visitorCountry ?? s.countries[0]!,
          region: visitorCountry ? (visitor.region ?? null) : null,
          city: visitorCountry ? (visitor.city ?? null) : null,
        },
        push_public_key: deps.pushPublicKey,
      };
    },

    /**
     * The web app manifest: the site's name and description in the language, the brand colours, the icons. Every
     * address in it is a path, so the browser resolves it against the manifest's own origin: no host is written.
     */
    getAppManifest(site: Site, locale: Locale): AppManifest {
      const { name, description } = site.settings;
      const icon = (icon: { path: string; size: number }, purpose: 'any' | 'maskable') =>
        ({ src: icon.path, sizes: `${icon.size}x${icon.size}`, type: 'image/png', purpose }) as const;
      return {
        id: '/',
        name,
        short_name: name,
        description: localized(description, locale, 'site.default_description', { name }),
        lang: locale,
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: appThemeColor,
        background_color: appBackgroundColor,
        icons: [icon(appIcons.any192, 'any'), icon(appIcons.any512, 'any'), icon(appIcons.maskable512, 'maskable')],
      };
    },

    async getCompanyInfo(site: Site): Promise<CompanyInfo> {
      const hit = companyCache.get(site.companyId);
      if (hit) return hit;
      const company = await repository.findCompanyById(site.companyId);
      if (!company) throw new Error(`site ${site.id} has no company ${site.companyId}`);
      const info: CompanyInfo = {
        name: company.name,
        address: company.address,
        kvk: company.kvk,
        city: company.city,
        country: company.country,
        tradenames: company.tradenames,
        vat_numbers: company.vatNumbers,
        support_phone: company.supportPhone,
        delete_discount: company.deleteDiscount,
        added: company.added.toISOString(),
      };
      companyCache.set(site.companyId, info);
      return info;
    },

    listInterests(site: Site, locale: Locale) {
      const t = catalogs.translator(locale);
      const enabled = new Set<string>(site.settings.interests);
      return interests
        .filter((interest) => enabled.has(interest.key))
        .map((interest) => ({ key: interest.key, name: t(`interests.${interest.key}`), icon: interest.icon }));
    },

    /** The regions of each of the site's countries (or of one of them), named as locals name them. */
    listRegions(site: Site, locale: Locale, country?: string): RegionsResponse['regions'] {
      const t = catalogs.translator(locale);
      const countryNames = findRegionNames(locale);
      const result: RegionsResponse['regions'] = {};
      for (const code of site.settings.countries) {
        if (country && code !== country) continue;
        const data = countryRegions[code];
        if (!data) continue;
        result[code] = {
          name: countryNames.of(code) ?? code,
          type: data.type,
          type_name: t(`regions.type.${data.type}`),
          regions: data.regions.map((region) => ({ code: region.code, name: region.name })),
        };
      }
      return result;
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
