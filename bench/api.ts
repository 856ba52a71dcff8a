// Logged-in API calls under load against a bare Fastify hello-world measured in the same run: req/s, p50/p99, the
// ratio to hello-world and the server's memory, on PGlite and (with BENCH_DATABASE_URL) on PostgreSQL.
// It builds the web app first; README in this folder says what each figure means.
import type { OwnProfileResponse } from '@app/shared/profiles/profile-update';
import { findSearchStart } from '@app/shared/search/search-start';
import { runBaselineComparison } from './baseline-comparison.ts';
import { browserAcceptEncoding, checkTarget } from './harness.ts';

// As a browser's fetch sends them: answers of 4 KB and more are compressed.
const browserHeaders = { accept: 'application/json', 'accept-encoding': browserAcceptEncoding };

/** The search the members page runs for this member when the address names no filter: from their own answers. */
async function findMemberSearchPath(origin: string, cookie: string): Promise<string> {
  const response = await fetch(`${origin}/api/profile.php`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/profile.php answered ${response.status}`);
  const { profile } = (await response.json()) as OwnProfileResponse;
  const start = findSearchStart({ ...profile, birthDate: profile.date_of_birth }, new Date());
  const query = new URLSearchParams(Object.entries(start).map(([key, value]) => [key, String(value)]));
  return `/api/search.php?${query}`;
}

await runBaselineComparison({
  bench: 'bench:api',
  title: 'API calls under load',
  targetsPerDatabase: 4,
  baseline: { script: 'bench/hello-server.ts', name: 'hello-world', ratioHeader: '÷ hello' },
  headers: { name: 'call', rate: 'req/s' },
  async prepare(app, cookie) {
    const searchPath = await findMemberSearchPath(app.origin, cookie);
    const call = (path: string) => ({ url: app.origin + path, headers: { ...browserHeaders, cookie }, pid: app.pid });
    const search = call(searchPath);
    const found = (await (await checkTarget(search)).json()) as { results: unknown[]; similar_results: unknown[] };
    return {
      targets: [
        { name: 'GET /api/user.php', target: call('/api/user.php') },
        { name: 'GET /api/settings.php', target: call('/api/settings.php') },
        { name: 'GET /api/search.php', target: search },
      ],
      note: `${app.database}: the search is ${searchPath} (the demo member's start; ${found.results.length} found, ${found.similar_results.length} similar)`,
    };
  },
});
