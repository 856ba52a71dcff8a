// Member search on a large site: p50/p95 of filtered searches, first page against page 1,000, and the plans.
// Usage: node bench/search.ts [profiles]   (as root, with PostgreSQL 15 from Debian packages installed)
import { performance } from 'node:perf_hooks';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { type MemberSearchQuery, searchCountCap } from '@app/shared/search/member-search';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createSearchRepository, type SearchFilter } from '../apps/server/src/modules/search/search.repository.ts';
import { createSearchService } from '../apps/server/src/modules/search/search.service.ts';
import { deferCleanup, describeMachine, runBench } from './harness.ts';
import { createBenchSite, formatTimes, secondsSince, seedProfiles, timeCalls } from './large-site.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

const total = Number(process.argv[2] ?? 1_000_000);
const runs = 200;

await runBench('bench:search', 900, async () => {
  console.log(describeMachine());
  const { url } = await startThrowawayPostgres(['shared_buffers=512MB']);
  const database = await openDatabase({ kind: 'postgres', url });
  deferCleanup(() => database.close());
  await database.migrate();
  const site = await createBenchSite(database, 'bench.test');

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  deferCleanup(() => client.end());
  const started = performance.now();
  await seedProfiles(client, site.id, total);
  // As autovacuum leaves a settled table: statistics, and the visibility map that index-only counts rely on.
  await client.query('vacuum analyze profiles');
  console.log(`seeded ${total.toLocaleString('en')} profiles in ${secondsSince(started)}`);

  const repository = createSearchRepository(database.db);
  const filters: Record<string, SearchFilter> = {
    everyone: { siteId: site.id },
    'women in NL': { siteId: site.id, gender: 'female', country: 'NL' },
    'men 30-45 in NL-UT': {
      siteId: site.id,
      gender: 'male',
      country: 'NL',
      region: 'NL-UT',
      bornAfter: '1980-11-22',
      bornOnOrBefore: '1996-11-22',
    },
    'women 18-21 in BE': {
      siteId: site.id,
      gender: 'female',
      country: 'BE',
      bornAfter: '2004-11-22',
      bornOnOrBefore: '2008-11-22',
    },
  };

  const measure = async (work: () => Promise<unknown>) => formatTimes(await timeCalls(work, runs));

  function matching(filter: SearchFilter) {
    return `from profiles where site_id = $1 and status = 'active' and invisible = false
    ${filter.gender ? `and gender = '${filter.gender}'` : ''} ${filter.country ? `and country = '${filter.country}'` : ''}
    ${filter.region ? `and region = '${filter.region}'` : ''}
    ${filter.bornAfter ? `and birth_date > '${filter.bornAfter}' and birth_date <= '${filter.bornOnOrBefore}'` : ''}`;
  }
  const exactCount = (filter: SearchFilter) => `select count(*) ${matching(filter)}`;

  for (const [name, filter] of Object.entries(filters)) {
    // The cursor of page 1,000 (24 per page), found once the slow way; the benchmark then pages by keyset.
    const deep = await client.query(`select id ${matching(filter)} order by id desc offset ${999 * 24} limit 1`, [
      site.id,
    ]);
    const deepCursor = deep.rows[0]?.id ?? null;
    console.log(`\n${name}`);
    console.log(`  page 1      ${await measure(() => repository.searchProfiles(filter, null, 25))}`);
    console.log(
      `  page 1,000  ${deepCursor ? await measure(() => repository.searchProfiles(filter, deepCursor, 25)) : 'fewer than 1,000 pages'}`,
    );
    console.log(`  count ≤10k  ${await measure(() => repository.countProfiles(filter, searchCountCap + 1))}`);
    console.log(`  exact count ${await measure(() => client.query(exactCount(filter), [site.id]))}`);
  }

  // The whole call as /api/search.php makes it for a member: page, total, and similar results when short.
  const benchNow = () => new Date('2026-11-22T12:00:00Z');
  // Cold: every total counted (up to 10,001). Warm: totals reused for 120 s, as the server does by default.
  const services = {
    cold: createSearchService({ repository, now: benchNow }),
    warm: createSearchService({ repository, now: benchNow, countCacheMs: 120_000 }),
  };
  const member = { profile: { id: 0 } } as SessionUser;
  const queries: Record<string, MemberSearchQuery> = {
    everyone: {},
    'men 30-45 in NL-UT': { gender: 'male', country: 'NL', region: 'NL-UT', min_age: 30, max_age: 45 },
    'women 18-21 in BE-WHT': { gender: 'female', country: 'BE', region: 'BE-WHT', min_age: 18, max_age: 21 },
  };
  for (const [kind, search] of Object.entries(services)) {
    console.log(`\nthe search call (page, total, similar results), totals ${kind}`);
    for (const [name, query] of Object.entries(queries)) {
      const answer = await search.searchMembers(site, member, query);
      console.log(
        `  ${name.padEnd(22)} ${await measure(() => search.searchMembers(site, member, query))}` +
          `  (${answer.numResults_capped ? 'over ' : ''}${answer.numResults} found, ${answer.similar_results.length} similar)`,
      );
    }
  }

  for (const [name, filter] of Object.entries(filters)) {
    const plan = await client.query(`explain analyze select id ${matching(filter)} order by id desc limit 25`, [
      site.id,
    ]);
    console.log(`\nplan, ${name}, page 1:`);
    for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
    const countPlan = await client.query(
      `explain analyze select count(*) from (select 1 ${matching(filter)} limit ${searchCountCap + 1}) matches`,
      [site.id],
    );
    console.log(`plan, ${name}, total:`);
    for (const row of countPlan.rows) console.log(`  ${row['QUERY PLAN']}`);
  }
  console.log(`\n${describeMachine()}`);
});
