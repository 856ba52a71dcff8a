import type { SessionUser } from '@app/shared/accounts/session-user';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/profiles.ts';
import { demoSiteSettings } from '../../seed/demo-site.ts';
import { createTestApp, sessionCookie, type TestApp, testDatabaseKind } from '../../test/test-app.ts';
import { createAccountsRepository } from '../accounts/accounts.repository.ts';
import { createProfilesRepository } from '../profiles/profiles.repository.ts';
import { createSitesRepository } from '../sites/sites.repository.ts';
import type { Site } from '../sites/sites.service.ts';
import { createSearchRepository, type SearchFilter } from './search.repository.ts';
import { createSearchService, inSharedResult } from './search.service.ts';

let t: TestApp;
let siteId = 0;
const host = 'zoeken.test';
const clock = new Date('2026-11-22T12:00:00Z');

interface Seeded {
  id: number;
  gender: 'male' | 'female';
  country: string;
  region: string;
  age: number;
}
const visible: Seeded[] = [];

beforeAll(async () => {
  t = await createTestApp({ profiles: 0, now: () => clock });
  const site = await createSitesRepository(t.database.db).insertSite(
    { companyId: 1, settings: { ...demoSiteSettings, name: 'Zoeken', logged_out_search: 'full' } },
    [host, 'beperkt.test'],
  );
  siteId = site.id;
  await createSitesRepository(t.database.db).insertSite(
    { companyId: 1, settings: { ...demoSiteSettings, name: 'Dicht', logged_out_search: 'none' } },
    ['dicht.test'],
  );
  const accounts = createProfilesRepository(t.database.db);
  const regions = ['NL-NH', 'NL-ZH', 'NL-UT'];
  for (let i = 0; i < 40; i++) {
    const person: Omit<Seeded, 'id'> = {
      gender: i % 2 === 0 ? 'female' : 'male',
      country: i % 5 === 0 ? 'BE' : 'NL',
      region: i % 5 === 0 ? 'BE-VAN' : regions[i % 3]!,
      age: 20 + (i % 40),
    };
    const id = await accounts.insertProfile({
      siteId,
      name: `Lid ${i}`,
      birthDate: `${2026 - person.age - 1}-12-31`,
      gender: person.gender,
      sexuality: 'hetero',
      country: person.country,
      region: person.region,
    });
    visible.push({ id, ...person });
  }
  // Never shown: invisible, disabled (unconfirmed or deleted), and other sites.
  await accounts.insertProfile({
    siteId,
    name: 'Onzichtbaar',
    birthDate: '1990-01-01',
    gender: 'female',
    country: 'NL',
    invisible: true,
  });
  await accounts.insertProfile({
    siteId,
    name: 'Uitgeschakeld',
    birthDate: '1990-01-01',
    gender: 'female',
    country: 'NL',
    status: 'disabled',
  });
});
afterAll(() => t?.close());

async function search(query: string, cookie?: string, searchHost = host) {
  return t.app.inject({ url: `/api/search.php${query}`, headers: { host: searchHost, ...(cookie ? { cookie } : {}) } });
}
const ids = (body: { results: { id: number }[] }) => body.results.map((result) => result.id);

describe(`member search on ${testDatabaseKind()}`, () => {
  it('finds every listable member, newest first, in keyset pages of 24 with the total', async () => {
    const first = (await search('')).json();
    expect(first.numResults).toBe(40);
    expect(first.results).toHaveLength(24);
    expect(first.results.map((r: { name: string }) => r.name)).not.toContain('Onzichtbaar');
    const second = (await search(`?cursor=${first.next_cursor}`)).json();
    expect(second.results).toHaveLength(16);
    expect(second.next_cursor).toBeNull();
    const all = [...ids(first), ...ids(second)];
    expect(new Set(all).size).toBe(40);
    expect(all).toEqual([...visible.map((p) => p.id)].sort((a, b) => b - a));
  });

  it('keeps pages free of duplicates and gaps while members join', async () => {
    const first = (await search('')).json();
    const accounts = createProfilesRepository(t.database.db);
    const joined: number[] = [];
    for (let i = 0; i < 5; i++) {
      joined.push(
        await accounts.insertProfile({
          siteId,
          name: `Nieuw ${i}`,
          birthDate: '1995-05-05',
          gender: 'male',
          country: 'NL',
        }),
      );
    }
    const second = (await search(`?cursor=${first.next_cursor}`)).json();
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(40);
    expect(ids(second).some((id) => joined.includes(id))).toBe(false);
    expect((await search('')).json().numResults).toBe(45);
    visible.push(...joined.map((id) => ({ id, gender: 'male' as const, country: 'NL', region: '', age: 31 })));
  });

  it.each([
    ['?gender=female', (p: Seeded) => p.gender === 'female'],
    ['?country=BE', (p: Seeded) => p.country === 'BE'],
    ['?country=NL&region=NL-UT', (p: Seeded) => p.region === 'NL-UT'],
    ['?min_age=30&max_age=39', (p: Seeded) => p.age >= 30 && p.age <= 39],
    ['?gender=male&country=NL&min_age=25', (p: Seeded) => p.gender === 'male' && p.country === 'NL' && p.age >= 25],
  ])('filters %s', async (query, keep) => {
    const body = (await search(query)).json();
    const expected = visible.filter(keep).map((p) => p.id);
    expect(body.numResults).toBe(expected.length);
    expect(ids(body).every((id) => expected.includes(id))).toBe(true);
  });

  it('fills short results with similar ones (any region, ages ±5)', async () => {
    const body = (await search('?country=NL&region=NL-UT&min_age=58&max_age=59')).json();
    expect(body.results.length).toBeLessThan(24);
    expect(body.similar_results.length).toBeGreaterThan(0);
    const exact = new Set(ids(body));
    expect(body.similar_results.every((r: { id: number }) => !exact.has(r.id))).toBe(true);
    expect(body.similar_numResults).toBeGreaterThanOrEqual(body.similar_results.length);
  });

  it('refuses bad filters with a translated message', async () => {
    expect((await search('?gender=robot')).statusCode).toBe(400);
    expect((await search('?min_age=50&max_age=30')).statusCode).toBe(400);
    expect((await search('?min_age=12')).statusCode).toBe(400);
    const region = await search('?country=NL&region=BE-VAN');
    expect(region.json()).toMatchObject({
      error: 'invalid_region',
      message: 'Deze regio hoort niet bij het gekozen land.',
    });
    expect((await search('?country=FR')).json().error).toBe('country_not_served');
    expect((await search('?cursor=abc')).statusCode).toBe(400);
  });

  it("follows the site's logged-out search setting", async () => {
    expect((await search('', undefined, 'dicht.test')).statusCode).toBe(403);
  });

  it('leaves out members blocked either way, on every query', async () => {
    const signup = async (email: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/signup.php',
        headers: { host, 'x-request-type': 'client', 'content-type': 'application/json' },
        payload: JSON.stringify({
          email,
          name: email.slice(0, 5),
          password: 'sterk-genoeg-123',
          date_of_birth: '1990-01-01',
        }),
        remoteAddress: `192.0.2.${email.length}`,
      });
      const user = response.json().user;
      const profileId = await createAccountsRepository(t.database.db).activateUser(user.id);
      await createProfilesRepository(t.database.db).setProfileStatus(profileId!, 'active');
      return {
        cookie: sessionCookie(response),
        profileId: user.profile.id,
      };
    };
    const anna = await signup('anna@example.com');
    const bert = await signup('bert-blokker@example.com');
    const headers = { host, 'x-request-type': 'client', 'content-type': 'application/json' };
    const allIds = async (cookie: string) => {
      const first = (await search('', cookie)).json();
      const rest = first.next_cursor ? (await search(`?cursor=${first.next_cursor}`, cookie)).json() : { results: [] };
      return [...ids(first), ...ids(rest)];
    };
    expect(await allIds(anna.cookie)).toContain(bert.profileId);
    expect(await allIds(anna.cookie)).not.toContain(anna.profileId);

    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/blocks.php',
      headers: { ...headers, cookie: bert.cookie },
      payload: JSON.stringify({ profile_id: anna.profileId }),
    });
    expect(blocked.json().blocked.map((b: { id: number }) => b.id)).toEqual([anna.profileId]);
    expect(await allIds(anna.cookie)).not.toContain(bert.profileId);
    expect(await allIds(bert.cookie)).not.toContain(anna.profileId);

    await t.app.inject({
      method: 'DELETE',
      url: '/api/blocks.php',
      headers: { ...headers, cookie: bert.cookie },
      payload: JSON.stringify({ profile_id: anna.profileId }),
    });
    expect(await allIds(anna.cookie)).toContain(bert.profileId);
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/blocks.php',
      headers: { ...headers, cookie: bert.cookie },
      payload: JSON.stringify({ profile_id: bert.profileId }),
    });
    expect(self.statusCode).toBe(400);
  });

  it('counts up to 10,000 and then says there are more', async () => {
    const big = await createSitesRepository(t.database.db).insertSite(
      { companyId: 1, settings: { ...demoSiteSettings, name: 'Groot', logged_out_search: 'full' } },
      ['groot.test'],
    );
    const insertMany = (count: number, gender: string) =>
      t.database.db.execute(
        sql`insert into profiles (site_id, name, birth_date, gender, country, region)
            select ${big.id}, 'Lid ' || n, date '1990-01-01', ${gender}, 'NL', 'NL-UT' from generate_series(1, ${count}) n`,
      );
    await insertMany(10_001, 'female');
    await insertMany(30, 'male');
    const capped = (await search('', undefined, 'groot.test')).json();
    expect(capped).toMatchObject({ numResults: 10_000, numResults_capped: true });
    expect(capped.results).toHaveLength(24);
    const exact = (await search('?gender=male', undefined, 'groot.test')).json();
    expect(exact).toMatchObject({ numResults: 30, numResults_capped: false });
    // A deep page still knows the total.
    const second = (await search(`?gender=male&cursor=${exact.next_cursor}`, undefined, 'groot.test')).json();
    expect(second).toMatchObject({ numResults: 30, numResults_capped: false });
    expect(second.results).toHaveLength(6);

    // With a count cache the shared total is reused, while the viewer's own blocks still count exactly.
    const cached = createSearchService({
      repository: createSearchRepository(t.database.db),
      now: () => clock,
      countCacheMs: 60_000,
    });
    const site = big as unknown as Site;
    const men = await cached.searchMembers(site, null, { gender: 'male' });
    expect(men.numResults).toBe(30);
    await insertMany(1, 'male');
    expect((await cached.searchMembers(site, null, { gender: 'male' })).numResults).toBe(30);
    const [blocker] = await t.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.siteId, big.id), eq(profiles.gender, 'male')))
      .orderBy(profiles.id)
      .limit(1);
    const viewer = { profile: { id: men.results[0]!.id }, paid_user: false } as SessionUser;
    await t.database.db.execute(
      sql`insert into blocks (blocker_profile_id, blocked_profile_id) values (${blocker!.id}, ${viewer.profile.id})`,
    );
    // 30 cached, less the viewer and the member who blocks them.
    expect((await cached.searchMembers(site, viewer, { gender: 'male' })).numResults).toBe(28);
  });

  it('answers from shared pages as the database does, with the viewer and blocks either way taken off at once', async () => {
    const repository = createSearchRepository(t.database.db);
    const cached = createSearchService({ repository, now: () => clock, pageCacheMs: 600_000, countCacheMs: 600_000 });
    const exact = createSearchService({ repository, now: () => clock });
    const site = (await createSitesRepository(t.database.db).findSiteByHost(host)) as Site;
    const members = visible.slice(0, 6).map((p) => ({ profile: { id: p.id }, paid_user: false }) as SessionUser);
    const queries = [{}, { gender: 'female' as const }, { country: 'NL', region: 'NL-UT', min_age: 58, max_age: 59 }];
    const agree = async () => {
      for (const viewer of [null, ...members]) {
        for (const query of queries) {
          expect(await cached.searchMembers(site, viewer, query)).toEqual(
            await exact.searchMembers(site, viewer, query),
          );
        }
      }
    };
    await agree();
    // Blocks made after the pages were cached apply at once, both ways; a lifted one too.
    const block = (blocker: number, blocked: number) =>
      t.database.db.execute(
        sql`insert into blocks (blocker_profile_id, blocked_profile_id) values (${blocker}, ${blocked})`,
      );
    await block(members[0]!.profile.id, members[1]!.profile.id);
    await block(members[2]!.profile.id, members[0]!.profile.id);
    for (const other of visible.slice(-12)) await block(other.id, members[3]!.profile.id);
    await agree();
    // Totals take the viewer's hidden profiles off in memory: exactly those the policy's query leaves out.
    const filters: SearchFilter[] = [
      { siteId },
      { siteId, gender: 'female' },
      { siteId, gender: 'male', country: 'NL' },
      { siteId, country: 'NL', region: 'NL-ZH' },
      { siteId, bornAfter: '1980-01-01', bornOnOrBefore: '2000-12-31' },
      { siteId, country: 'BE', bornOnOrBefore: '1990-06-30' },
    ];
    for (const viewer of members) {
      const hidden = await repository.findHiddenFromViewer(viewer.profile.id);
      for (const filter of filters) {
        const shared = await repository.searchProfiles(filter, null, 10_000);
        const own = await repository.searchProfiles({ ...filter, viewerProfileId: viewer.profile.id }, null, 10_000);
        const takenOff = hidden.filter((profile) => inSharedResult(profile, filter)).length;
        expect([filter, takenOff]).toEqual([filter, shared.length - own.length]);
      }
    }
    await t.database.db.execute(sql`delete from blocks where blocker_profile_id = ${members[0]!.profile.id}`);
    await agree();
    await t.database.db.execute(
      sql`delete from blocks where blocked_profile_id in (${members[0]!.profile.id}, ${members[3]!.profile.id})`,
    );
  });
});
