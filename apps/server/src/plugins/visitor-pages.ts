import { sessionCookieName } from '@app/shared/accounts/login';
import { isSmartphoneRequest } from '@app/shared/sites/smartphone';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { SiteVisit } from '../modules/sites/sites.module.ts';
import type { Site } from '../modules/sites/sites.service.ts';

/** A rendered page as the server sent it, and its compressed forms once made (`reply.keptCompressions`). */
export type KeptPage = {
  readonly site: Site;
  readonly keptAt: number;
  readonly status: number;
  readonly headers: readonly [string, string][];
  readonly body: Buffer;
  readonly compressed: Map<string, Buffer>;
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
    // Room for the compressed forms added later (each a fifth to a third of the page).
    sizeCalculation: (page, key) => key.length + page.body.length * 2,
  });

  return {
    /** Whether pages are kept at all (VISITOR_PAGE_CACHE_SECONDS above 0). */
    enabled: lifetime > 0,

    /** The page kept under `key` for this site, younger than the lifetime; undefined for none. */
    findPage(site: Site, key: string): KeptPage | undefined {
      const page = pages.get(key);
      if (!page) return undefined;
      // A site whose settings were read again is another object: its pages are rendered anew.
      if (page.site !== site || now() - page.keptAt >= lifetime) {
        pages.delete(key);
        return undefined;
      }
      return page;
    },

    keepPage(key: string, page: Omit<KeptPage, 'keptAt' | 'compressed'>): KeptPage {
      const kept = { ...page, keptAt: now(), compressed: new Map<string, Buffer>() };
      pages.set(key, kept);
      return kept;
    },

    clear: () => pages.clear(),
  };
}

/**
 * What a page for a visitor may depend on, as one key: the site, the language, the address (path and query), the
 * country of the visitor's address (before the site's settings fall back to a default) and the one they chose,
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
    request.locale,
    request.url,
    request.visitorPlace.country ?? '',
    visit.chosenCountry ?? '',
    visit.entryWarningDismissedAt !== null,
    smartphone,
  ]);
}
