import type { SessionUser } from '@app/shared/accounts/session-user';
import { AppError } from '@app/shared/errors/app-error';
import { yearsBefore } from '@app/shared/profiles/age';
import type { MemberCard } from '@app/shared/profiles/member-profile';
import type { MemberSearchQuery, MemberSearchResponse } from '@app/shared/search/member-search';
import { searchCountCap, searchPageSize } from '@app/shared/search/member-search';
import { findSearchStart, type SearchStartProfile } from '@app/shared/search/search-start';
import { countryRegions } from '@app/shared/sites/regions-data';
import { LRUCache } from 'lru-cache';
import { boundByCount } from '../../lib/lru-count-bound.ts';
import { createSharedReads } from '../../lib/shared-reads.ts';
import { toMemberCard, toSharedMemberCard } from '../profiles/member-card.ts';
import type { Site } from '../sites/sites.service.ts';
import type { HiddenProfile, SearchFilter, SearchRepository } from './search.repository.ts';

const countCacheSize = 5_000;
const pageCacheSize = 2_000;
/**
 * A shared page is read this many rows longer than asked, so that a viewer's own exclusions (themselves, blocks
 * either way) can be taken off it; a viewer who loses more than this on one page is answered by the database.
 */
const hiddenSlack = 8;

type SearchRow = Awaited<ReturnType<SearchRepository['searchProfiles']>>[number];

/**
 * Whether a profile hidden from the viewer is one a visitor finds with this filter, so in a shared page or total:
 * listed, and matching each filter field as `conditions()` in search.repository.ts does (the API test holds the two
 * together on both databases).
 */
export function inSharedResult(profile: HiddenProfile, filter: SearchFilter): boolean {
  return (
    profile.listed &&
    profile.siteId === filter.siteId &&
    (filter.gender === undefined || profile.gender === filter.gender) &&
    (filter.country === undefined || profile.country === filter.country) &&
    (filter.region === undefined || profile.region === filter.region) &&
    (filter.bornAfter === undefined || profile.birthDate > filter.bornAfter) &&
    (filter.bornOnOrBefore === undefined || profile.birthDate <= filter.bornOnOrBefore)
  );
}

/** The filter without the viewer: what every viewer and visitor shares. */
function sharedFilter(filter: SearchFilter): SearchFilter {
  const { viewerProfileId: _viewer, ...shared } = filter;
  return shared;
}

/**
 * The fields every viewer shares, in key order. A `Record` of the filter's fields: a field added to `SearchFilter`
 * fails the type check until it is listed here, so a cache key never leaves one out.
 */
const sharedFields: Record<keyof Omit<SearchFilter, 'viewerProfileId'>, true> = {
  siteId: true,
  gender: true,
  country: true,
  region: true,
  bornAfter: true,
  bornOnOrBefore: true,
};
const sharedFieldNames = Object.keys(sharedFields) as (keyof typeof sharedFields)[];

/** A shared filter as a cache key: every shared field's value as JSON, in a fixed order. */
function sharedKey(filter: SearchFilter): string {
  let key = '';
  for (const name of sharedFieldNames) key += `${JSON.stringify(filter[name] ?? null)},`;
  return key;
}

/** A search's filter with its shared key, made once per filter of a search (the exact one, the relaxed one). */
type KeyedFilter = { filter: SearchFilter; key: string };

const keyFilter = (filter: SearchFilter): KeyedFilter => ({ filter, key: sharedKey(filter) });

/** A site's search fields as a set, made once per settings object (a site's settings are replaced, never changed). */
const searchFieldSets = new WeakMap<Site['settings'], ReadonlySet<string>>();

function findSearchFields(site: Site): ReadonlySet<string> {
  let fields = searchFieldSets.get(site.settings);
  if (fields === undefined) {
    fields = new Set(site.settings.search_fields);
    searchFieldSets.set(site.settings, fields);
  }
  return fields;
}

export function createSearchService(deps: {
  repository: SearchRepository;
  now: () => Date;
  /** How long a total is reused (0: never). */
  countCacheMs?: number;
  /**
   * How long a page shared by all viewers is reused (0: never). Others' changes reach pages this late; the viewer's
   * own exclusions (themselves, blocks either way) are applied on every call.
   */
  pageCacheMs?: number;
  /** The viewer's hidden profiles (hidden-profiles-cache.ts); by default read from the repository each search. */
  findHiddenProfiles?: (viewerProfileId: number) => Promise<HiddenProfile[]>;
}) {
  const { repository } = deps;
  const findHiddenProfiles = deps.findHiddenProfiles ?? ((viewer: number) => repository.findHiddenFromViewer(viewer));
  const countCacheMs = deps.countCacheMs ?? 0;
  const pageCacheMs = deps.pageCacheMs ?? 0;
  const clock = { now: () => deps.now().getTime() };
  // Pages per site, filter, cursor and length, as a visitor finds them.
  const readSharedPage =
    pageCacheMs > 0
      ? createSharedReads<SearchRow[]>({ entries: pageCacheSize, ttlMs: pageCacheMs, now: clock.now })
      : undefined;
  // Totals per site and filter, the same for every viewer; the least recently used go first when full. The server's
  // clock decides their age (read on every look-up), so a test that moves it sees them expire.
  const countCache =
    countCacheMs > 0
      ? new LRUCache<string, number>({
          ...boundByCount(countCacheSize),
          ttl: countCacheMs,
          ttlResolution: 0,
          perf: clock,
        })
      : undefined;

  async function countShared(filter: SearchFilter, key: string): Promise<number> {
    if (!countCache) return repository.countProfiles(filter, searchCountCap + 1);
    const cached = countCache.get(key);
    if (cached !== undefined) return cached;
    const value = await repository.countProfiles(filter, searchCountCap + 1);
    countCache.set(key, value);
    return value;
  }

  /** The viewer's hidden profiles (themselves, blocks either way), read once per search and only when needed. */
  function hiddenFrom(viewerProfileId: number | undefined): () => Promise<HiddenProfile[]> {
    let read: Promise<HiddenProfile[]> | undefined;
    return () => {
      if (viewerProfileId === undefined) return Promise.resolve([]);
      read ??= findHiddenProfiles(viewerProfileId);
      return read;
    };
  }

  /**
   * One page for the filter's viewer: from a page shared by all viewers less the viewer's hidden profiles when the
   * page cache is on and the shared page holds enough; otherwise from the database with the viewer's exclusions.
   */
  async function findPage(
    { filter, key: filterKey }: KeyedFilter,
    cursor: number | null,
    limit: number,
    hidden: () => Promise<HiddenProfile[]>,
  ): Promise<SearchRow[]> {
    if (!readSharedPage) return repository.searchProfiles(filter, cursor, limit);
    const shared = sharedFilter(filter);
    const sharedLimit = limit + hiddenSlack;
    const key = `${filterKey};${cursor};${sharedLimit}`;
    const read = readSharedPage(key, () => repository.searchProfiles(shared, cursor, sharedLimit));
    const [rows, hiddenProfiles] = await Promise.all([read, hidden()]);
    const hiddenIds = new Set(hiddenProfiles.map((profile) => profile.id));
    const visible = hiddenIds.size > 0 ? rows.filter((row) => !hiddenIds.has(row.id)) : rows;
    // Enough left, or the shared page held every match: the same rows the database would answer.
    if (visible.length >= limit || rows.length < sharedLimit) return visible.slice(0, limit);
    return repository.searchProfiles(filter, cursor, limit);
  }

  /**
   * The number of matches this viewer sees, counted up to the cap: the shared total (cached) less the viewer and
   * the members blocked either way who match the filter.
   */
  async function countMatches(
    { filter, key }: KeyedFilter,
    hidden: () => Promise<HiddenProfile[]>,
  ): Promise<{ value: number; capped: boolean }> {
    const shared = sharedFilter(filter);
    const total = await countShared(shared, key);
    if (total > searchCountCap) return { value: searchCountCap, capped: true };
    const hiddenCount = (await hidden()).filter((profile) => inSharedResult(profile, shared)).length;
    return { value: Math.max(0, total - hiddenCount), capped: false };
  }

  /** The filter of a query, keeping only the fields the site searches on. */
  function toFilter(site: Site, viewer: SessionUser | null, query: MemberSearchQuery): SearchFilter {
    const fields = findSearchFields(site);
    const now = deps.now();
    if (query.country && !site.settings.countries.includes(query.country)) {
      throw new AppError('country_not_served', `search in ${query.country}`, { field: 'country' });
    }
    if (query.region) {
      const country = query.country;
      if (!country || !countryRegions[country]?.regions.some((region) => region.code === query.region)) {
        throw new AppError('invalid_region', `region ${query.region} not in ${country}`, { field: 'region' });
      }
    }
    return {
      siteId: site.id,
      gender: fields.has('gender') ? query.gender : undefined,
      country: fields.has('country') ? query.country : undefined,
      region: fields.has('region') ? query.region : undefined,
      bornOnOrBefore: fields.has('age') && query.min_age ? yearsBefore(now, query.min_age) : undefined,
      bornAfter: fields.has('age') && query.max_age ? yearsBefore(now, query.max_age + 1) : undefined,
      viewerProfileId: viewer?.profile.id,
    };
  }

  return {
    /** The profiles the viewer never finds (themselves, blocks either way), kept per viewer when pages are shared. */
    findHiddenProfileIds: async (viewerProfileId: number) =>
      (await findHiddenProfiles(viewerProfileId)).map((profile) => profile.id),

    /**
     * The newest members a member finds from their search start (whom they look for, their country and region, ages
     * around their own), with the visibility and blocks of their search: the weekly update mail's suggestions.
     */
    async findNewestFor(
      site: Site,
      searcher: SearchStartProfile & { profileId: number },
      limit: number,
    ): Promise<MemberCard[]> {
      const now = deps.now();
      const start = findSearchStart(searcher, now);
      if (!start.country || !site.settings.countries.includes(start.country)) return [];
      const filter = { ...toFilter(site, null, start), viewerProfileId: searcher.profileId };
      const rows = await repository.searchProfiles(filter, null, limit);
      return rows.map((row) => toMemberCard(row, site.settings.cdn_prefix, now));
    },

    /**
     * Searches members by keyset pages. Members who are invisible, unconfirmed, disabled or deleted, and anyone
     * blocking or blocked by the viewer, never appear. Visitors search as the site's logged-out setting allows.
     */
    async searchMembers(
      site: Site,
      viewer: SessionUser | null,
      query: MemberSearchQuery,
    ): Promise<MemberSearchResponse> {
      const mode = viewer
        ? 'full'
        : query.trafficsource
          ? site.settings.logged_out_search_trafficsource
          : site.settings.logged_out_search;
      if (mode === 'none') throw new AppError('authentication_required', 'logged-out search is off');
      if (mode === 'limited' && query.cursor) throw new AppError('authentication_required', 'more pages need a login');

      const filter = toFilter(site, viewer, query);
      const now = deps.now();
      const prefix = site.settings.cdn_prefix;
      const cursor = query.cursor ? Number(query.cursor) : null;
      const hidden = hiddenFrom(filter.viewerProfileId);
      const exact = keyFilter(filter);
      const rows = await findPage(exact, cursor, searchPageSize + 1, hidden);
      const page = rows.slice(0, searchPageSize);
      const hasMore = rows.length > searchPageSize && mode === 'full';
      // A first page that is not full is the whole result: no count needed.
      const total =
        !cursor && rows.length <= searchPageSize
          ? { value: rows.length, capped: false }
          : await countMatches(exact, hidden);

      // When the exact results run short on the first page, fill up with the nearest: any region, ages ±5.
      let similar: typeof rows = [];
      let similarCount = 0;
      const relaxable = filter.region || filter.bornAfter || filter.bornOnOrBefore;
      if (!cursor && page.length < searchPageSize && relaxable) {
        const relaxed: SearchFilter = {
          ...filter,
          region: undefined,
          bornOnOrBefore: query.min_age ? yearsBefore(now, Math.max(18, query.min_age - 5)) : undefined,
          bornAfter: query.max_age ? yearsBefore(now, query.max_age + 6) : undefined,
        };
        // The exact page lies inside the relaxed filter: a page as long as a full one, less the exact rows, is enough
        // (one length for every viewer, so that the page is shared).
        const exactIds = new Set(page.map((row) => row.id));
        const keyedRelaxed = keyFilter(relaxed);
        similar = (await findPage(keyedRelaxed, null, searchPageSize, hidden))
          .filter((row) => !exactIds.has(row.id))
          .slice(0, searchPageSize - page.length);
        // Counted there too, so taken off.
        const relaxedTotal = await countMatches(keyedRelaxed, hidden);
        similarCount = relaxedTotal.capped ? relaxedTotal.value : Math.max(0, relaxedTotal.value - page.length);
      }
      return {
        results: page.map((row) => toSharedMemberCard(row, prefix, now)),
        numResults: total.value,
        numResults_capped: total.capped,
        next_cursor: hasMore ? String(page[page.length - 1]!.id) : null,
        similar_results: similar.map((row) => toSharedMemberCard(row, prefix, now)),
        similar_numResults: similarCount,
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
