// First load per page: the scripts a page's HTML loads or preloads and the stylesheets it links, gzipped, against
// issue 13's budgets. Needs a production build (`npm run build`); starts the server on a spare port with a
// throwaway database. `npm run bench:first-load` prints the table; scripts/check-first-load.ts fails on it.
import { gzipSync } from 'node:zlib';
import { findSeededMemberId, logIn, startProductionServer, visitorCookie } from './production-server.ts';

const hydratedScriptBudget = 140 * 1024;
const cssBudget = 30 * 1024;
const demoLogin = { email: 'premium@hartklop.test', password: 'hartklop-demo' };

type PageSpec = {
  path: string;
  loggedIn: boolean;
  /** The page's route says it needs no script (its `handle`), so it must ship none. */
  noScript: boolean;
};

export type PageLoad = PageSpec & {
  status: number;
  scriptBytes: number;
  scriptFiles: number;
  cssBytes: number;
  problems: string[];
};

function pagesToMeasure(memberId: string): PageSpec[] {
  const out = (path: string, noScript = false): PageSpec => ({ path, loggedIn: false, noScript });
  const member = (path: string): PageSpec => ({ path, loggedIn: true, noScript: false });
  return [
    out('/', true),
    out('/members'),
    out(`/members/${memberId}`),
    out(`/members/${memberId}/landing`, true),
    out('/?signup=modal', true),
    out('/login'),
    out('/signup'),
    out('/reset-password'),
    out('/pages/terms', true),
    out('/pages/faq', true),
    out('/complaints'),
    out('/pricing'),
    member('/'),
    member('/members'),
    member(`/members/${memberId}`),
    member(`/members/${memberId}/chat`),
    member('/profile'),
    member('/complete-signup'),
    member('/settings'),
    member('/signup-matches'),
    member('/swipe-game'),
    member('/match-finder'),
    member('/likes'),
    member('/likes/given'),
    member('/chats'),
    member('/transactions'),
    member('/credits/repeat-order'),
  ];
}

async function gzippedSize(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return gzipSync(Buffer.from(await response.arrayBuffer())).length;
}

/** Script tags other than JSON-LD data, which browsers do not run. */
function countRunnableScriptTags(html: string): number {
  return [...html.matchAll(/<script\b([^>]*)>/gi)].filter((match) => !/type="application\/ld\+json"/i.test(match[1]!))
    .length;
}

async function measurePage(origin: string, page: PageSpec, cookie: string): Promise<PageLoad> {
  const response = await fetch(origin + page.path, { headers: { cookie }, redirect: 'manual' });
  const html = await response.text();
  const scripts = new Set(
    [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map(
      (match) => match[1]!,
    ),
  );
  // React Router also imports the entry and route modules from an inline module script.
  for (const match of html.matchAll(/(?:import|from)\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)) scripts.add(match[1]!);
  const stylesheets = new Set(
    [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+\.css)"/g)].map((match) => match[1]!),
  );
  let scriptBytes = 0;
  for (const script of scripts) scriptBytes += await gzippedSize(new URL(script, origin).href);
  let cssBytes = 0;
  for (const sheet of stylesheets) cssBytes += await gzippedSize(new URL(sheet, origin).href);

  const problems: string[] = [];
  if (response.status !== 200) problems.push(`status ${response.status}`);
  if (page.noScript) {
    if (scriptBytes > 0) problems.push(`${kb(scriptBytes)} KB of JavaScript on a page without script`);
    const tags = countRunnableScriptTags(html);
    if (tags > 0) problems.push(`${tags} <script> tags on a page without script`);
  } else if (scriptBytes > hydratedScriptBudget) {
    problems.push(`JavaScript ${kb(scriptBytes - hydratedScriptBudget)} KB over ${kb(hydratedScriptBudget)} KB`);
  }
  if (cssBytes > cssBudget) problems.push(`CSS ${kb(cssBytes - cssBudget)} KB over ${kb(cssBudget)} KB`);
  return { ...page, status: response.status, scriptBytes, scriptFiles: scripts.size, cssBytes, problems };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Starts a production server with a throwaway database, measures every page, stops the server. */
export async function measureFirstLoad(): Promise<PageLoad[]> {
  const { origin, stop } = await startProductionServer();
  try {
    const visitor = visitorCookie();
    const member = await logIn(origin, demoLogin);
    const memberId = await findSeededMemberId(origin);

    const results: PageLoad[] = [];
    for (const page of pagesToMeasure(memberId)) {
      results.push(await measurePage(origin, page, page.loggedIn ? member : visitor));
    }
    return results;
  } finally {
    await stop();
  }
}

export function printFirstLoad(results: PageLoad[]): void {
  console.log(
    `first load, gzipped (JavaScript: none on pages without script, ${kb(hydratedScriptBudget)} KB otherwise; CSS ${kb(cssBudget)} KB)`,
  );
  console.log(`  ${'page'.padEnd(44)} ${'JS KB'.padStart(7)} ${'CSS KB'.padStart(7)}  verdict`);
  for (const page of results) {
    const name = `${page.loggedIn ? 'member ' : 'visitor'} ${page.path}${page.noScript ? ' (no script)' : ''}`;
    const verdict = page.problems.length ? `FAIL: ${page.problems.join('; ')}` : 'ok';
    console.log(
      `  ${name.padEnd(44)} ${kb(page.scriptBytes).padStart(7)} ${kb(page.cssBytes).padStart(7)}  ${verdict}`,
    );
  }
}

if (import.meta.main) printFirstLoad(await measureFirstLoad());
