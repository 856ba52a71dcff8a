import { sessionCookieName } from '@app/shared/accounts/login';
import { isSmartphoneRequest } from '@app/shared/sites/smartphone';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { SiteVisit } from '../modules/sites/sites.module.ts';
import type { Site } from '../modules/sites/sites.service.ts';
import { type KeptBody, keptBodyBytes } from './compression.ts';

/** A rendered page (status 200) as the server sent it, and its compressed forms once made (`reply.keptCompressions`). */
export type KeptPage = KeptBody & {
  readonly keptAt: number;
  readonly headers: readonly [string, string][];
};

/**
 * Pages without script rendered for visitors (no session cookie), kept a few seconds and shared by every visitor who
 * would get the same page (decision 024): the home page, the legal pages and the member landing pages, which ads and
 * search engines send most visitors to. Such a page may depend only on what `visitorPageKey` names.
 */
export function createVisitorPages(options: { seconds: number; maxBytes?: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const lifetime = options.seconds * 1000;
  const pages = new LRUCache<string, KeptPage>({
    maxSize: options.maxBytes ?? 16 * 1024 * 1024,
    sizeCalculation: (page, key) => key.length + keptBodyBytes(page),
  });

  return {
    /** Whether pages are kept at all (VISITOR_PAGE_CACHE_SECONDS above 0). */
    enabled: lifetime > 0,

    /** The page kept under `key`, younger than the lifetime; undefined for none. */
    findPage(key: string): KeptPage | undefined {
      const page = pages.get(key);
      if (page && now() - page.keptAt < lifetime) return page;
      return undefined;
    },

    keepPage(key: string, page: Omit<KeptPage, 'keptAt' | 'compressed'>): KeptPage {
      const kept = { ...page, keptAt: now(), compressed: new Map<string, Buffer>() };
      pages.set(key, kept);
      return kept;
    },
  };
}

/**
 * Whether a page rendered for a visitor may be shared: it went out without script, with status 200, sets no cookie,
 * and does not carry its answer's CSP nonce (it would break the next visitor's scripts policy).
 */
export function isShareablePage(page: {
  noScript: boolean;
  status: number;
  setsCookies: boolean;
  body: string | Buffer;
  nonce: string;
}): boolean {
  return (
    page.noScript && page.status === 200 && !page.setsCookies && !(page.nonce !== '' && page.body.includes(page.nonce))
  );
}

// Each site object its own number: a site whose settings were read again, or reached by another host, is another
// object, and its pages are rendered anew rather than taken from the old object's.
const siteSerials = new WeakMap<Site, number>();
let lastSiteSerial = 0;
function siteSerial(site: Site): number {
  let serial = siteSerials.get(site);
  if (serial === undefined) {
    serial = ++lastSiteSerial;
    siteSerials.set(site, serial);
  }
  return serial;
}

/**
 * What a page for a visitor may depend on, as one key: the site, the language, the address (path and query), the
 * place of the visitor's address (GeoIP, before the site's settings fall back to a default), the country they chose,
 * whether they dismissed the entry warning, and whether they use a smartphone. Null for a request that is not a
 * visitor's plain GET: with a session cookie (even an expired one) a page is rendered for that request alone.
 */
export function visitorPageKey(request: FastifyRequest, visit: SiteVisit & { user: unknown }): string | null {
  if (request.method !== 'GET' || visit.user !== null || request.cookies[sessionCookieName] !== undefined) return null;
  const smartphone = isSmartphoneRequest((name) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  });
  return JSON.stringify([
    request.site.id,
    siteSerial(request.site),
    request.locale,
    request.url,
    request.visitorPlace,
    visit.chosenCountry ?? '',
    visit.entryWarningDismissedAt !== null,
    smartphone,
  ]);
}
