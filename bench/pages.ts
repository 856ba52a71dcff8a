// Server-rendered pages under load against a bare `renderToString` of a like page measured in the same run:
// renders/s, p50/p99, the ratio, the HTML's size and the server's memory, on PGlite and (with BENCH_DATABASE_URL)
// on PostgreSQL. It builds the web app first; README in this folder says what each figure means.
import type { MemberSearchResponse } from '@app/shared/search/member-search';
import { runBaselineComparison } from './baseline-comparison.ts';
import { browserAcceptEncoding, checkTarget, type LoadTarget } from './harness.ts';
import { findSeededMemberId, visitorCookie } from './production-server.ts';

// As a browser asks for a page: compressed, so the server's compression is part of each render's cost.
const browserHeaders = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': browserAcceptEncoding };

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

await runBaselineComparison({
  bench: 'bench:pages',
  title: 'server-rendered pages under load',
  targetsPerDatabase: 5,
  baseline: { script: 'bench/render-server.ts', name: 'renderToString, like page', ratioHeader: '÷ render' },
  headers: { name: 'page (member unless said)', rate: 'renders/s' },
  async prepare(app, cookie, baseline) {
    const member = { ...browserHeaders, cookie };
    const visitor = { ...browserHeaders, cookie: visitorCookie() };
    const memberId = await findMemberFromSearch(app.origin, cookie);
    const page = (path: string, headers: Record<string, string>): LoadTarget => ({
      url: app.origin + path,
      headers,
      pid: app.pid,
    });
    const targets = [
      { name: '/ (visitor)', target: page('/', visitor) },
      { name: '/', target: page('/', member) },
      { name: '/members', target: page('/members', member) },
      { name: '/members/{id}', target: page(`/members/${memberId}`, member) },
    ];
    const htmlKilobytes: number[] = [];
    for (const target of [baseline, ...targets.map((entry) => entry.target)]) {
      htmlKilobytes.push(await measureHtmlKilobytes(target));
    }
    return {
      targets,
      columns: [
        { header: 'HTML KB', cell: (index) => htmlKilobytes[index]!.toFixed(1) },
        { header: 'sent KB', cell: (_index, figures) => (figures.bytesPerAnswer / 1024).toFixed(1) },
      ],
      note: `${app.database}: /members/{id} is /members/${memberId}, the first member an unfiltered search shows the demo member`,
    };
  },
});
