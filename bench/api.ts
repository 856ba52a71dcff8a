// Logged-in API calls under load against a bare Fastify hello-world measured in the same run: req/s, p50/p99, the
// ratio to hello-world and the server's memory, on PGlite and (with BENCH_DATABASE_URL) on PostgreSQL.
// It builds the web app first; README in this folder says what each figure means.
import type { OwnProfileResponse } from '@app/shared/profiles/profile-update';
import { findSearchStart } from '@app/shared/search/search-start';
import {
  buildWebApp,
  checkTarget,
  describeMachine,
  type LoadTarget,
  measureTargets,
  printTable,
  readLoadSettings,
  report,
  runBench,
  startChildServer,
  type TargetFigures,
} from './harness.ts';
import { forEachDatabase } from './production-server.ts';

const { seconds, rounds, seedProfiles, databases, limitSeconds } = readLoadSettings(4);
// As a browser's fetch sends them: answers of 4 KB and more are compressed.
const browserHeaders = { accept: 'application/json', 'accept-encoding': 'br, gzip' };

/** The search the members page runs for this member when the address names no filter: from their own answers. */
async function findMemberSearchPath(origin: string, cookie: string): Promise<string> {
  const response = await fetch(`${origin}/api/profile.php`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/profile.php answered ${response.status}`);
  const { profile } = (await response.json()) as OwnProfileResponse;
  const start = findSearchStart({ ...profile, birthDate: profile.date_of_birth }, new Date());
  const query = new URLSearchParams(Object.entries(start).map(([key, value]) => [key, String(value)]));
  return `/api/search.php?${query}`;
}

await runBench('bench:api', limitSeconds, async () => {
  console.log(`API calls under load: 10 connections, ${seconds} s per run, median of ${rounds} runs`);
  console.log(`machine at start: ${describeMachine()}`);
  buildWebApp();
  const hello = await startChildServer({ script: 'bench/hello-server.ts', env: { NODE_ENV: 'production' } });
  const rows: string[][] = [];
  const memory: string[] = [];
  const notes: string[] = [];
  await forEachDatabase({ databases, seedProfiles }, async (app, cookie) => {
    const searchPath = await findMemberSearchPath(app.origin, cookie);
    const member = { ...browserHeaders, cookie };
    const calls: { call: string; target: LoadTarget }[] = [
      { call: 'hello-world', target: { url: `${hello.origin}/`, headers: browserHeaders, pid: hello.pid } },
      { call: 'GET /api/user.php', target: { url: `${app.origin}/api/user.php`, headers: member, pid: app.pid } },
      {
        call: 'GET /api/settings.php',
        target: { url: `${app.origin}/api/settings.php`, headers: member, pid: app.pid },
      },
      { call: 'GET /api/search.php', target: { url: app.origin + searchPath, headers: member, pid: app.pid } },
    ];
    for (const { target } of calls) await checkTarget(target);
    const found = (await (await checkTarget(calls[3]!.target)).json()) as {
      results: unknown[];
      similar_results: unknown[];
    };
    notes.push(
      `${app.database}: the search is ${searchPath} (the demo member's start; ${found.results.length} found, ${found.similar_results.length} similar)`,
    );
    const figures = await measureTargets(
      calls.map((call) => call.target),
      seconds,
      rounds,
      report,
    );
    const helloRate = figures[0]!.requestsPerSecond;
    for (const [index, { call }] of calls.entries()) {
      rows.push(formatRow(call, index === 0 ? '–' : app.database, figures[index]!, helloRate));
    }
    memory.push(`${app.database} ${figures.at(-1)!.rssMegabytes.toFixed(0)} MB`);
  });
  await hello.stop();
  console.log('');
  printTable(['call', 'database', 'req/s', 'p50 ms', 'p99 ms', '÷ hello', 'RSS MB', 'failed'], rows);
  console.log(`\nserver RSS after the load run: ${memory.join(', ')}`);
  console.log('hello-world rows: the baseline, measured in the same rounds as the calls below it (÷ hello uses it)');
  for (const note of notes) console.log(note);
  console.log(`machine at end: ${describeMachine()}`);
});

function formatRow(call: string, database: string, figures: TargetFigures, helloRate: number): string[] {
  return [
    call,
    database,
    figures.requestsPerSecond.toFixed(0),
    figures.p50.toFixed(1),
    figures.p99.toFixed(1),
    (figures.requestsPerSecond / helloRate).toFixed(3),
    figures.rssMegabytes.toFixed(0),
    `${figures.failed}/${figures.requests}${figures.failed ? ` (${figures.statusCodes})` : ''}`,
  ];
}
