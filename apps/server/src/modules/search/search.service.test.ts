import type { SessionUser } from '@app/shared/accounts/session-user';
import { AppError } from '@app/shared/errors/app-error';
import { type MemberSearchQuery, searchCountCap, searchPageSize } from '@app/shared/search/member-search';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoSiteSettings } from '../../seed/demo-site.ts';
import type { Site } from '../sites/sites.service.ts';
import type { SearchFilter, SearchRepository } from './search.repository.ts';
import { createSearchService } from './search.service.ts';

interface Person {
  id: number;
  siteId: number;
  gender: string;
  country: string;
  region: string | null;
  birthDate: string;
  /** Found by visitors (active, not invisible); an unlisted profile is found by nobody. */
  listed: boolean;
}

/**
 * The search repository in memory: the same filters (the visibility policy reduced to what search needs: the viewer
 * and blocks either way), keyset pages newest first, counts up to a cap. It records what was counted.
 */
function createMemorySearch() {
  const people: Person[] = [];
  const blocks: [blocker: number, blocked: number][] = [];
  const counted: SearchFilter[] = [];
  const pagesRead: SearchFilter[] = [];
  const matches = (filter: SearchFilter, person: Person) =>
    person.listed &&
    person.siteId === filter.siteId &&
    (!filter.gender || person.gender === filter.gender) &&
    (!filter.country || person.country === filter.country) &&
    (!filter.region || person.region === filter.region) &&
    (!filter.bornAfter || person.birthDate > filter.bornAfter) &&
    (!filter.bornOnOrBefore || person.birthDate <= filter.bornOnOrBefore);
  const hiddenFrom = (viewer: number, person: Person) =>
    person.id === viewer ||
    blocks.some(([a, b]) => (a === viewer && b === person.id) || (a === person.id && b === viewer));
  const found = (filter: SearchFilter) =>
    people
      .filter((person) => matches(filter, person))
      .filter((person) => filter.viewerProfileId === undefined || !hiddenFrom(filter.viewerProfileId, person))
      .sort((a, b) => b.id - a.id);
  const repository: SearchRepository = {
    async searchProfiles(filter, beforeId, limit) {
      pagesRead.push(filter);
      return found(filter)
        .filter((person) => beforeId === null || person.id < beforeId)
        .slice(0, limit)
        .map((person) => ({
          id: person.id,
          name: `Lid ${person.id}`,
          birthDate: person.birthDate,
          country: person.country,
          region: person.region,
          city: null,
          fictional: false,
          lastActiveAt: new Date(0),
          photoKey: null,
        }));
    },
    async countProfiles(filter, cap) {
      counted.push(filter);
      return Math.min(found(filter).length, cap);
    },
    async findHiddenFromViewer(viewerProfileId) {
      return people
        .filter((person) => hiddenFrom(viewerProfileId, person))
        .map(({ id, siteId, gender, country, region, birthDate, listed }) => ({
          id,
          siteId,
          gender,
          country,
          region,
          birthDate,
          listed,
        }));
    },
  };
  let nextId = 1;
  return {
    repository,
    counted,
    pagesRead,
    add(count: number, person: Partial<Omit<Person, 'id'>> = {}) {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        const id = nextId++;
        people.push({
          id,
          siteId: 1,
          gender: 'female',
          country: 'NL',
          region: 'NL-UT',
          birthDate: '1990-06-01',
          listed: true,
          ...person,
        });
        ids.push(id);
      }
      return ids;
    },
    block(blocker: number, blocked: number) {
      blocks.push([blocker, blocked]);
    },
    unlist(id: number) {
      const person = people.find((candidate) => candidate.id === id);
      if (person) person.listed = false;
    },
  };
}

const site: Site = { id: 1, companyId: 1, isDemo: false, settings: { ...demoSiteSettings, logged_out_search: 'full' } };
const viewerOf = (profileId: number) => ({ profile: { id: profileId }, paid_user: false }) as SessionUser;

let clock: Date;
let memory: ReturnType<typeof createMemorySearch>;
let service: ReturnType<typeof createSearchService>;

beforeEach(() => {
  clock = new Date('2026-11-22T12:00:00Z');
  memory = createMemorySearch();
  service = createSearchService({ repository: memory.repository, now: () => clock });
});

const search = (query: MemberSearchQuery = {}, viewer: SessionUser | null = null, on: Site = site) =>
  service.searchMembers(on, viewer, query);

async function refusal(query: MemberSearchQuery, viewer: SessionUser | null = null, on: Site = site) {
  try {
    await search(query, viewer, on);
    return 'answered';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('search rules, with the repository in memory and the clock in the test', () => {
  it('needs no count when the first page is not full: it is the whole result', async () => {
    memory.add(5);
    const answer = await search();
    expect(answer).toMatchObject({ numResults: 5, numResults_capped: false, next_cursor: null });
    expect(memory.counted).toHaveLength(0);
  });

  it('pages by keyset cursor, newest first, and keeps the total on a deep page', async () => {
    const ids = memory.add(searchPageSize + 6);
    const first = await search();
    expect(first.results.map((card) => card.id)).toEqual([...ids].reverse().slice(0, searchPageSize));
    expect(first).toMatchObject({ numResults: 30, next_cursor: String(ids[6]) });
    const second = await search({ cursor: Number(first.next_cursor) });
    expect(second.results.map((card) => card.id)).toEqual(ids.slice(0, 6).reverse());
    expect(second).toMatchObject({ numResults: 30, next_cursor: null, similar_results: [] });
  });

  it('counts no further than 10,000 and then says there are more', async () => {
    memory.add(searchCountCap + 1);
    const answer = await search();
    expect(answer).toMatchObject({ numResults: searchCountCap, numResults_capped: true });
    expect(memory.counted[0]).toBeDefined();
  });

  it('leaves out the viewer and blocks either way, and counts them off the shared total exactly', async () => {
    const [viewer, blocker, blocked] = memory.add(3);
    memory.add(searchPageSize);
    memory.block(blocker!, viewer!);
    memory.block(viewer!, blocked!);
    const answer = await search({}, viewerOf(viewer!));
    const shown = answer.results.map((card) => card.id);
    expect(shown).not.toContain(viewer);
    expect(shown).not.toContain(blocker);
    expect(answer.numResults).toBe(searchPageSize);
    expect((await search()).numResults).toBe(searchPageSize + 3);
  });

  it('reuses a total per site and filter for the cache time by the server clock, less each viewer own blocks', async () => {
    service = createSearchService({ repository: memory.repository, now: () => clock, countCacheMs: 120_000 });
    const [viewer, blocker] = memory.add(searchPageSize + 10);
    memory.block(blocker!, viewer!);
    expect((await search()).numResults).toBe(34);
    memory.add(3);
    expect((await search()).numResults).toBe(34);
    expect((await search({}, viewerOf(viewer!))).numResults).toBe(32);
    expect(memory.counted).toHaveLength(1);
    // Another filter is another total.
    await search({ country: 'NL' });
    expect(memory.counted).toHaveLength(2);
    clock = new Date(clock.getTime() + 121_000);
    expect((await search()).numResults).toBe(37);
    expect(memory.counted).toHaveLength(3);
  });

  it('fills a short first page with similar members: any region, ages five years wider, never the exact ones', async () => {
    const exact = memory.add(2, { region: 'NL-UT', birthDate: '1990-06-01' });
    const otherRegion = memory.add(3, { region: 'NL-NH', birthDate: '1990-06-01' });
    const fiveOlder = memory.add(1, { region: 'NL-NH', birthDate: '1985-06-01' });
    memory.add(1, { region: 'NL-NH', birthDate: '1980-06-01' });
    memory.add(1, { country: 'BE', region: 'BE-VAN', birthDate: '1990-06-01' });
    const answer = await search({ country: 'NL', region: 'NL-UT', min_age: 35, max_age: 36 });
    expect(answer.results.map((card) => card.id).sort((a, b) => a - b)).toEqual(exact);
    expect(answer.similar_results.map((card) => card.id).sort((a, b) => a - b)).toEqual([...otherRegion, ...fiveOlder]);
    expect(answer.similar_numResults).toBe(4);
  });

  it('offers no similar members for a full page, a later page, or filters with nothing to widen', async () => {
    memory.add(searchPageSize + 1, { region: 'NL-UT' });
    memory.add(5, { region: 'NL-NH' });
    expect((await search({ country: 'NL', region: 'NL-UT' })).similar_results).toEqual([]);
    memory.add(2, { gender: 'male' });
    const narrow = await search({ gender: 'male', country: 'NL' });
    expect(narrow.results).toHaveLength(2);
    expect(narrow.similar_results).toEqual([]);
  });

  it('never widens the ages below 18', async () => {
    memory.add(1, { birthDate: '2007-01-01' });
    memory.add(1, { birthDate: '2009-01-01' });
    const answer = await search({ min_age: 19, max_age: 20 });
    expect(answer.results).toHaveLength(1);
    expect(answer.similar_results).toEqual([]);
  });

  it("filters only on the site's search fields", async () => {
    memory.add(2, { gender: 'male' });
    memory.add(3, { gender: 'female' });
    const noGender = { ...site, settings: { ...site.settings, search_fields: ['country', 'region', 'age'] } } as Site;
    expect((await search({ gender: 'male' }, null, noGender)).numResults).toBe(5);
    expect((await search({ gender: 'male' })).numResults).toBe(2);
  });

  it('refuses a country the site does not serve and a region of another country', async () => {
    expect(await refusal({ country: 'FR' })).toBe('country_not_served');
    expect(await refusal({ country: 'NL', region: 'BE-VAN' })).toBe('invalid_region');
    expect(await refusal({ region: 'NL-UT' })).toBe('invalid_region');
  });

  it("follows the site's logged-out search setting: none, a limited first page, or full", async () => {
    memory.add(searchPageSize + 1);
    const limited = { ...site, settings: { ...site.settings, logged_out_search: 'limited' } } as Site;
    const none = { ...site, settings: { ...site.settings, logged_out_search: 'none' } } as Site;
    expect((await search({}, null, limited)).next_cursor).toBeNull();
    expect(await refusal({ cursor: 5 }, null, limited)).toBe('authentication_required');
    expect((await search({ trafficsource: '1' }, null, limited)).next_cursor).not.toBeNull();
    expect(await refusal({}, null, none)).toBe('authentication_required');
    expect((await search({ cursor: 5 }, viewerOf(999), none)).results).toHaveLength(4);
  });

  it('reuses a page shared by all viewers for the cache time, and takes off each viewer own exclusions on every call', async () => {
    service = createSearchService({ repository: memory.repository, now: () => clock, pageCacheMs: 10_000 });
    const ids = memory.add(searchPageSize + 10);
    const newest = ids.slice(-searchPageSize).reverse();
    expect((await search()).results.map((card) => card.id)).toEqual(newest);
    const [viewer] = ids.slice(-1);
    const [blocked] = ids.slice(-2, -1);
    const reads = memory.pagesRead.length;
    // A member added meanwhile is not on the reused page; the viewer and whom they block are never on it.
    memory.add(1);
    memory.block(viewer!, blocked!);
    const asViewer = (await search({}, viewerOf(viewer!))).results.map((card) => card.id);
    expect(asViewer).toEqual(ids.slice(-searchPageSize - 2, -2).reverse());
    expect((await search()).results.map((card) => card.id)).toEqual(newest);
    expect(memory.pagesRead).toHaveLength(reads);
    clock = new Date(clock.getTime() + 10_001);
    expect((await search()).results[0]!.id).toBe(ids.at(-1)! + 1);
  });

  it('answers a viewer from the database when their exclusions leave a shared page short', async () => {
    service = createSearchService({ repository: memory.repository, now: () => clock, pageCacheMs: 10_000 });
    const ids = memory.add(searchPageSize * 2);
    const viewer = memory.add(1, { gender: 'male' })[0]!;
    for (const blocker of ids.slice(-12)) memory.block(blocker, viewer);
    await search();
    const answer = await search({}, viewerOf(viewer));
    expect(answer.results.map((card) => card.id)).toEqual(ids.slice(-12 - searchPageSize, -12).reverse());
    expect(memory.pagesRead.at(-1)!.viewerProfileId).toBe(viewer);
  });

  it('answers every viewer with the page cache as the database would without it', async () => {
    const cached = createSearchService({ repository: memory.repository, now: () => clock, pageCacheMs: 60_000 });
    const exact = createSearchService({ repository: memory.repository, now: () => clock });
    const regions = ['NL-UT', 'NL-NH', 'NL-GR'];
    for (let i = 0; i < 90; i++) {
      memory.add(1, { region: regions[i % 3], birthDate: `${1960 + (i % 40)}-03-0${1 + (i % 9)}` });
    }
    for (let i = 0; i < 40; i++) memory.block(1 + ((i * 7) % 90), 1 + ((i * 11 + 3) % 90));
    // More blocks than a shared page has spare rows: this viewer is answered by the database.
    for (let blocker = 60; blocker < 80; blocker++) memory.block(blocker, 90);
    memory.unlist(5);
    const queries: MemberSearchQuery[] = [
      {},
      { country: 'NL', region: 'NL-UT' },
      { country: 'NL', region: 'NL-GR', min_age: 40, max_age: 45 },
      { min_age: 30, max_age: 31 },
      { cursor: 60 },
    ];
    for (const viewer of [null, 1, 4, 8, 45, 90]) {
      for (const query of queries) {
        const as = viewer === null ? null : viewerOf(viewer);
        // Twice: the first call fills the cache, the second answers from it.
        for (let round = 0; round < 2; round++) {
          expect(await cached.searchMembers(site, as, query)).toEqual(await exact.searchMembers(site, as, query));
        }
      }
    }
  });
});
