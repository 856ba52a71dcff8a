// A large site for the database benches (bench/search.ts, bench/likes.ts): the demo site's settings, a million
// deterministic profiles seeded in one generate_series statement, and the timing and plans of repeated calls.
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { createSitesRepository } from '../apps/server/src/modules/sites/sites.repository.ts';
import { demoCompany, demoSiteSettings } from '../apps/server/src/seed/demo-site.ts';

/** The bench's site, answering at `host`. */
export async function createBenchSite(database: DatabaseHandle, host: string) {
  const sites = createSitesRepository(database.db);
  const company = await sites.insertCompany(demoCompany);
  return sites.insertSite({ companyId: company.id, settings: demoSiteSettings }, [host]);
}

/**
 * Runs a bulk insert into `table` as a restore does: its plain indexes dropped first and built again afterwards from
 * their definitions in the migrated schema (the primary key and unique constraints stay), and foreign keys not checked
 * row by row (the rows are valid by construction). Several times faster than updating every index row by row.
 */
export async function loadInBulk(client: pg.Client, table: string, insert: () => Promise<unknown>) {
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and tablename = $1
       and not exists (select 1 from pg_constraint where conindid = format('%I', indexname)::regclass)`,
    [table],
  );
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  await client.query("set session_replication_role = 'replica'");
  try {
    await insert();
  } finally {
    await client.query("set session_replication_role = 'origin'");
  }
  for (const index of indexes) await client.query(index.definition);
}

/**
 * `total` deterministic pseudo-random members: profile n (1 to total, ids in that order) is female when n is even,
 * in NL (60%), BE (30%) or DE, in one of their regions, 18 to 70, about 1% disabled and 2% invisible.
 */
export async function seedProfiles(client: pg.Client, siteId: number, total: number) {
  await loadInBulk(client, 'profiles', () =>
    client.query(
      `insert into profiles (site_id, name, birth_date, gender, sexuality, country, region, status, invisible, last_active_at)
     select $1, 'Lid ' || n,
            date '2008-01-01' - ((n::bigint * 7919) % (52 * 365))::int,
            case when n % 2 = 0 then 'female' else 'male' end, 'hetero',
            -- Integer division keeps country and region independent of gender.
            case when (n / 2) % 10 < 6 then 'NL' when (n / 2) % 10 < 9 then 'BE' else 'DE' end,
            case when (n / 2) % 10 < 6 then (array['NL-NH','NL-ZH','NL-UT','NL-GE','NL-NB'])[1 + (n / 20) % 5]
                 when (n / 2) % 10 < 9 then (array['BE-VAN','BE-VOV','BE-WHT'])[1 + (n / 20) % 3] else 'DE-NW' end,
            case when n % 97 = 0 then 'disabled' else 'active' end, n % 53 = 0,
            now() - ((n % 10000) || ' minutes')::interval
     from generate_series(1, $2) as n`,
      [siteId, total],
    ),
  );
}

/** A main photo, approved, for 9 profiles in 10 (what the likes lists, the swipe game and member cards show). */
export async function seedMainPhotos(client: pg.Client, siteId: number) {
  await loadInBulk(client, 'photos', () =>
    client.query(
      `insert into photos (profile_id, storage_key, status, is_main, position, width, height, created_at)
       select id, 'bench-' || id, 'active', true, 0, 600, 800, now() - interval '1 year'
       from profiles where site_id = $1 and id % 10 <> 3`,
      [siteId],
    ),
  );
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Milliseconds of each of `runs` calls in turn, after 10 unrecorded ones (warm caches, prepared statements). */
export async function timeCalls(work: (run: number) => Promise<unknown>, runs: number) {
  for (let i = 0; i < 10; i++) await work(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work(10 + i);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/**
 * Times several calls taking turns (one of each, then the next round), so that a burst of other work on the machine
 * falls on all of them alike: 10 unrecorded rounds, then `runs` recorded ones. Answers each call's p50 and p95, and
 * the CPU time of this process's main thread per call (the rest of a call's time is spent waiting for the database).
 */
export async function timeCallsInTurn<Name extends string>(
  calls: Record<Name, (run: number) => Promise<unknown>>,
  runs: number,
) {
  const names = Object.keys(calls) as Name[];
  const times = new Map<Name, number[]>(names.map((name) => [name, []]));
  const cpuMicros = new Map<Name, number>(names.map((name) => [name, 0]));
  for (let run = 0; run < 10 + runs; run++) {
    for (const name of names) {
      const cpu = process.threadCpuUsage();
      const started = performance.now();
      await calls[name](run);
      if (run < 10) continue;
      times.get(name)!.push(performance.now() - started);
      const used = process.threadCpuUsage(cpu);
      cpuMicros.set(name, cpuMicros.get(name)! + used.user + used.system);
    }
  }
  return names.map((name) => {
    const values = times.get(name)!;
    return { name, p50: percentile(values, 50), p95: percentile(values, 95), cpu: cpuMicros.get(name)! / runs / 1000 };
  });
}

export const formatTimes = ({ p50, p95 }: { p50: number; p95: number }) =>
  `p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`;

/** Seconds since `started` (performance.now()), for the seeding's progress lines. */
export const secondsSince = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;
