// Server-rendered pages under load against a bare `renderToString` of a like page measured in the same run:
// renders/s, p50/p99, the ratio, the HTML's size and the server's memory, on PGlite and (with BENCH_DATABASE_URL)
// on PostgreSQL. It builds the web app first; README in this folder says what each figure means.
import type { MemberSearchResponse } from '@app/shared/search/member-search';
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
import { findSeededMemberId, forEachDatabase, visitorCookie } from './production-server.ts';

const { seconds, rounds, seedProfiles, databases, limitSeconds } = readLoadSettings(5);
// As a browser asks for a page: compressed, so the server's compression is part of each render's cost.
const browserHeaders = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip' };

/** A member the demo member's own search shows (what a click on the members page opens). */
async function findMemberFromSearch(origin: string, cookie: string): Promise<string> {
  const response = await fetch(`${origin}/api/search.php`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/search.php answered ${response.status}`);
  const answer = (await response.json()) as MemberSearchResponse;
  const first = answer.results[0] ?? answer.similar_results[0];
  return first ? String(first.id) : findSeededMemberId(origin);
}

/** The page's HTML as the browser gets it after decompression, KB. */
async function measureHtmlKilobytes(target: LoadTarget): Promise<number> {
  const html = await (await checkTarget(target)).arrayBuffer();
  return html.byteLength / 1024;
}

await runBench('bench:pages', limitSeconds, async () => {
  console.log(`server-rendered pages under load: 10 connections, ${seconds} s per run, median of ${rounds} runs`);
  console.log(`machine at start: ${describeMachine()}`);
  buildWebApp();
  const baseline = await startChildServer({ script: 'bench/render-server.ts', env: { NODE_ENV: 'production' } });
  const rows: string[][] = [];
  const memory: string[] = [];
  const notes: string[] = [];
  await forEachDatabase({ databases, seedProfiles }, async (app, cookie) => {
    const member = { ...browserHeaders, cookie };
    const visitor = { ...browserHeaders, cookie: visitorCookie() };
    const memberId = await findMemberFromSearch(app.origin, member.cookie);
    const page = (path: string, headers: Record<string, string>): LoadTarget => ({
      url: app.origin + path,
      headers,
      pid: app.pid,
    });
    const pages: { page: string; target: LoadTarget }[] = [
      { page: 'renderToString, like page', target: { url: `${baseline.origin}/`, headers: {}, pid: baseline.pid } },
      { page: '/ (visitor)', target: page('/', visitor) },
      { page: '/', target: page('/', member) },
      { page: '/members', target: page('/members', member) },
      { page: '/members/{id}', target: page(`/members/${memberId}`, member) },
    ];
    const htmlKilobytes: number[] = [];
    for (const { target } of pages) htmlKilobytes.push(await measureHtmlKilobytes(target));
    const figures = await measureTargets(
      pages.map((entry) => entry.target),
      seconds,
      rounds,
      report,
    );
    const baselineRate = figures[0]!.requestsPerSecond;
    for (const [index, { page: name }] of pages.entries()) {
      rows.push(
        formatRow(name, index === 0 ? '–' : app.database, figures[index]!, baselineRate, htmlKilobytes[index]!),
      );
    }
    memory.push(`${app.database} ${figures.at(-1)!.rssMegabytes.toFixed(0)} MB`);
    notes.push(
      `${app.database}: /members/{id} is /members/${memberId}, the first member an unfiltered search shows the demo member`,
    );
  });
  await baseline.stop();
  console.log('');
  printTable(
    [
      'page (member unless said)',
      'database',
      'renders/s',
      'p50 ms',
      'p99 ms',
      '÷ render',
      'HTML KB',
      'sent KB',
      'RSS MB',
      'failed',
    ],
    rows,
  );
  console.log(`\nserver RSS after the load run: ${memory.join(', ')}`);
  console.log(
    'renderToString rows: the baseline, measured in the same rounds as the pages below it (÷ render uses it)',
  );
  for (const note of notes) console.log(note);
  console.log(`machine at end: ${describeMachine()}`);
});

function formatRow(
  page: string,
  database: string,
  figures: TargetFigures,
  baselineRate: number,
  htmlKilobytes: number,
): string[] {
  return [
    page,
    database,
    figures.requestsPerSecond.toFixed(0),
    figures.p50.toFixed(1),
    figures.p99.toFixed(1),
    (figures.requestsPerSecond / baselineRate).toFixed(3),
    htmlKilobytes.toFixed(1),
    (figures.bytesPerAnswer / 1024).toFixed(1),
    figures.rssMegabytes.toFixed(0),
    `${figures.failed}/${figures.requests}${figures.failed ? ` (${figures.statusCodes})` : ''}`,
  ];
}
