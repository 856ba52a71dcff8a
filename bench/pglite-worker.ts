// What PGlite costs the thread that serves HTTP, on that thread and behind a worker thread (decision 015).
// Prints, per query: the CPU time of the main thread, the wall time one after another, and the wall time with 10 in
// flight (as 10 connections would send them). Usage: node bench/pglite-worker.ts [runs]
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { openDatabase } from '../apps/server/src/db/client.ts';

type Query = { sql: string; params: unknown[] };
type Rows = Record<string, unknown>[];

/** What this bench uses of the PGlite client the app opens. */
interface EmbeddedClient {
  exec(sql: string): Promise<unknown>;
  query<Row>(sql: string, params: unknown[]): Promise<{ rows: Row[] }>;
  close(): Promise<void>;
}

/** A small members table like the demo's; the least statement, and two like the hot ones: a look-up and a page. */
async function openMembersTable() {
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  const db = (handle.db as unknown as { $client: EmbeddedClient }).$client;
  await db.exec(`create table members (id serial primary key, site_id int not null, name text not null,
    birth_date date not null, gender text not null, country text not null, region text, city text,
    last_active_at timestamptz not null default now());
    insert into members (site_id, name, birth_date, gender, country, region, city)
    select 1, 'Lid ' || n, date '1990-01-01' + n, case when n % 2 = 0 then 'female' else 'male' end,
           case when n % 3 = 0 then 'BE' else 'NL' end, 'NL-NH', 'Haarlem' from generate_series(1, 500) n;
    analyze members;`);
  return db;
}
const queries: Record<string, Query> = {
  'select 1': { sql: 'select 1', params: [] },
  'primary-key look-up': { sql: 'select id, name, country, region from members where id = $1', params: [250] },
  'page of 25': {
    sql: `select id, name, birth_date, country, region, city, last_active_at from members
          where site_id = $1 and gender = $2 and country = $3 order by id desc limit $4`,
    params: [1, 'female', 'NL', 25],
  },
};

if (!isMainThread) {
  // The worker: PGlite, or an echo of a ready answer (the hop alone).
  const { echo } = workerData as { echo: boolean };
  const db = await openMembersTable();
  // The echo answers each query's rows read once beforehand: what is left is the messages and their copies.
  const answers = new Map<string, Rows>();
  for (const query of echo ? Object.values(queries) : []) {
    answers.set(query.sql, (await db.query<Rows[number]>(query.sql, query.params)).rows);
  }
  parentPort!.on('message', async ({ id, query }: { id: number; query: Query }) => {
    const rows = answers.get(query.sql) ?? (await db.query<Rows[number]>(query.sql, query.params)).rows;
    parentPort!.postMessage({ id, rows });
  });
  parentPort!.postMessage('ready');
} else {
  const runs = Number(process.argv[2] ?? 2000);

  async function startWorker(echo: boolean) {
    const worker = new Worker(new URL(import.meta.url), { workerData: { echo } });
    await new Promise((resolve) => worker.once('message', resolve));
    const waiting = new Map<number, (rows: Rows) => void>();
    let next = 0;
    worker.on('message', ({ id, rows }: { id: number; rows: Rows }) => {
      waiting.get(id)!(rows);
      waiting.delete(id);
    });
    const run = (query: Query) =>
      new Promise<Rows>((resolve) => {
        waiting.set(++next, resolve);
        worker.postMessage({ id: next, query });
      });
    return { run, stop: () => worker.terminate() };
  }

  async function measure(run: (query: Query) => Promise<Rows>, query: Query) {
    for (let i = 0; i < 200; i++) await run(query);
    const cpu = process.threadCpuUsage();
    let started = performance.now();
    for (let i = 0; i < runs; i++) await run(query);
    const serial = (performance.now() - started) / runs;
    const used = process.threadCpuUsage(cpu);
    started = performance.now();
    let left = runs;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (left-- > 0) await run(query);
      }),
    );
    const parallel = (performance.now() - started) / runs;
    return { cpu: (used.user + used.system) / runs, serial: serial * 1000, parallel: parallel * 1000 };
  }

  const inThread = await openMembersTable();
  const worker = await startWorker(false);
  const echo = await startWorker(true);
  const ways: [string, (query: Query) => Promise<Rows>][] = [
    ['on the main thread', async (query) => (await inThread.query<Rows[number]>(query.sql, query.params)).rows],
    ['behind a worker', worker.run],
    ['the hop alone (echo)', echo.run],
  ];
  console.log(`µs per query (${runs} runs): main thread CPU | wall, one at a time | wall, 10 in flight`);
  for (const [name, query] of Object.entries(queries)) {
    console.log(name);
    for (const [way, run] of ways) {
      const m = await measure(run, query);
      console.log(
        `  ${way.padEnd(22)} ${m.cpu.toFixed(0).padStart(6)} | ${m.serial.toFixed(0).padStart(6)} | ${m.parallel.toFixed(0).padStart(6)}`,
      );
    }
  }
  await worker.stop();
  await echo.stop();
  await inThread.close();
}
