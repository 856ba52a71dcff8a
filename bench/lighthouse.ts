// Lighthouse's mobile performance (its default mobile form factor and simulated throttling) for the pages issue 13
// names, in headless Chromium, median of three runs each. Needs a production build (`npm run build`).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { findSeededMemberId, startProductionServer, visitorCookie } from './production-server.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runsPerPage = 3;

type Run = { score: number; lcp: number; tbt: number; cls: number };

/** Headless Chromium with a debugging port Lighthouse connects to. */
async function launchChromium(): Promise<{ port: number; stop: () => void }> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const chromium = spawn(
    chromiumPath,
    ['--headless=new', '--no-sandbox', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const stop = () => {
    chromium.kill();
    rmSync(profile, { recursive: true, force: true });
  };
  for (let tries = 0; tries < 100; tries++) {
    try {
      const port = Number(readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
      if (port) return { port, stop };
    } catch {
      // not written yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`Chromium at ${chromiumPath} did not start`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const { origin, stop } = await startProductionServer();
const chromium = await launchChromium();
try {
  const memberId = await findSeededMemberId(origin);
  const pages = ['/', '/members', `/members/${memberId}`];
  console.log(`Lighthouse mobile performance, median of ${runsPerPage} runs`);
  console.log(
    `  ${'page'.padEnd(16)} ${'score'.padStart(5)} ${'LCP s'.padStart(6)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)}  LCP element`,
  );
  for (const page of pages) {
    const runs: Run[] = [];
    let lastLcpElement = '';
    for (let i = 0; i < runsPerPage; i++) {
      const result = await lighthouse(origin + page, {
        port: chromium.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        // A returning visitor: the entry warning is dismissed, as for every visitor after the first page.
        extraHeaders: { cookie: visitorCookie() },
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
      // Lighthouse 13 names the element in its LCP breakdown: a list whose node item is the element.
      const breakdown = lhr.audits['lcp-breakdown-insight']?.details as
        | { items?: { type?: string; selector?: string }[] }
        | undefined;
      lastLcpElement = breakdown?.items?.find((item) => item.type === 'node')?.selector ?? '?';
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      });
    }
    const score = median(runs.map((run) => run.score));
    const lcp = median(runs.map((run) => run.lcp)) / 1000;
    const tbt = median(runs.map((run) => run.tbt));
    const cls = median(runs.map((run) => run.cls));
    console.log(
      `  ${page.padEnd(16)} ${String(score).padStart(5)} ${lcp.toFixed(2).padStart(6)} ${tbt.toFixed(0).padStart(7)} ${cls.toFixed(3).padStart(6)}  ${lastLcpElement.slice(0, 70)}`,
    );
  }
} finally {
  chromium.stop();
  await stop();
}
