// First-load JavaScript per page: the scripts a page's HTML loads or preloads, gzipped, against DESIGN's budget.
// Needs a production build (`npm run build`); starts the server on a spare port with a throwaway database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const budgetBytes = 100 * 1024;
const pages = ['/', '/members', '/login', '/signup', '/members/1/landing', '/pages/terms'];
const port = 3997;
const origin = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-first-load-'));

const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: 'localhost',
    DATA_DIR: dataDir,
    SEED_PROFILES: '10',
  },
  stdio: 'ignore',
});
try {
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (tries > 120) throw new Error('the server did not start (run `npm run build` first)');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const headers = { cookie: `entry_warning_dismissed=${Date.now()}` };
  console.log(`first-load JavaScript, gzipped (budget ${budgetBytes / 1024} KB)`);
  for (const page of pages) {
    const html = await (await fetch(origin + page, { headers })).text();
    const scripts = new Set(
      [...html.matchAll(/(?:modulepreload" href|src)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!),
    );
    let total = 0;
    for (const script of scripts) {
      total += gzipSync(Buffer.from(await (await fetch(origin + script)).arrayBuffer())).length;
    }
    const verdict = total <= budgetBytes ? 'within budget' : `${((total - budgetBytes) / 1024).toFixed(1)} KB over`;
    console.log(
      `  ${page.padEnd(22)} ${(total / 1024).toFixed(1).padStart(6)} KB in ${scripts.size} files  ${verdict}`,
    );
  }
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
