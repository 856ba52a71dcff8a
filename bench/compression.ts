// What compressing a page costs and saves, per encoding and level: typical pages' HTML from a production server
// (visitor and member), each compressed whole, as @fastify/compress does with a rendered page, and the page's own
// render time beside it. Needs `npm run build`. `node bench/compression.ts [rounds]`; decision 016 holds a run.
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib';
import { findSeededMemberId, startProductionServer, visitorCookie } from './production-server.ts';

const rounds = Number(process.argv[2] ?? 20);
const demoLogin = { email: 'premium@hartklop.test', password: 'hartklop-demo' };

type Encoder = { name: string; compress: (input: Buffer) => Buffer };

const brotli = (quality: number): Encoder => ({
  name: `br ${quality}`,
  compress: (input) =>
    brotliCompressSync(input, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: input.length },
    }),
});
const gzip = (level: number): Encoder => ({ name: `gzip ${level}`, compress: (input) => gzipSync(input, { level }) });
const zstd = (level: number): Encoder => ({
  name: `zstd ${level}`,
  compress: (input) => zstdCompressSync(input, { params: { [constants.ZSTD_c_compressionLevel]: level } }),
});

const encoders = [...[1, 2, 3, 4, 5, 6, 7, 9, 11].map(brotli), ...[1, 3, 6, 9].map(gzip), ...[1, 3, 6, 9].map(zstd)];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function login(origin: string, visitor: string): Promise<string> {
  const response = await fetch(`${origin}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-type': 'client', cookie: visitor },
    body: JSON.stringify(demoLogin),
  });
  if (!response.ok) throw new Error(`logging in failed: ${response.status}`);
  return `${visitor}; ${response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')}`;
}

/** The page's HTML, and the median time the server takes to answer it uncompressed (one request at a time). */
async function fetchPage(url: string, cookie: string): Promise<{ html: Buffer; renderMs: number }> {
  const times: number[] = [];
  let html = Buffer.alloc(0);
  for (let round = 0; round < Math.max(5, Math.ceil(rounds / 2)); round++) {
    const start = performance.now();
    const response = await fetch(url, { headers: { cookie, 'accept-encoding': 'identity' } });
    html = Buffer.from(await response.arrayBuffer());
    times.push(performance.now() - start);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
  }
  return { html, renderMs: median(times) };
}

const { origin, stop } = await startProductionServer();
try {
  const visitor = visitorCookie();
  const member = await login(origin, visitor);
  const memberId = await findSeededMemberId(origin);
  const pages = [
    ['visitor /', '/', visitor],
    ['visitor /members', '/members', visitor],
    ['visitor /login', '/login', visitor],
    ['member /', '/', member],
    ['member /members', '/members', member],
    [`member /members/{id}`, `/members/${memberId}`, member],
    ['member /settings', '/settings', member],
  ] as const;
  const fetched = [];
  for (const [name, path, cookie] of pages) fetched.push({ name, ...(await fetchPage(origin + path, cookie)) });

  console.log(`pages (HTML, uncompressed; render = median time to answer it alone, ${rounds} rounds)`);
  for (const page of fetched) {
    console.log(
      `  ${page.name.padEnd(24)} ${(page.html.length / 1024).toFixed(1).padStart(6)} KB  render ${page.renderMs.toFixed(1)} ms`,
    );
  }
  const renderMs = fetched.reduce((sum, page) => sum + page.renderMs, 0) / fetched.length;
  const rawBytes = fetched.reduce((sum, page) => sum + page.html.length, 0) / fetched.length;

  console.log(`\nper page, mean over the ${fetched.length} pages (CPU = median of ${rounds} runs of one page, summed)`);
  console.log(
    `  ${'encoding'.padEnd(8)} ${'KB'.padStart(6)} ${'ratio'.padStart(6)} ${'CPU ms'.padStart(7)} ${'of render'.padStart(9)}`,
  );
  for (const encoder of encoders) {
    let bytes = 0;
    let cpu = 0;
    for (const page of fetched) {
      const times: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const start = performance.now();
        bytes += round === 0 ? encoder.compress(page.html).length : (encoder.compress(page.html), 0);
        times.push(performance.now() - start);
      }
      cpu += median(times);
    }
    const meanBytes = bytes / fetched.length;
    const meanCpu = cpu / fetched.length;
    console.log(
      `  ${encoder.name.padEnd(8)} ${(meanBytes / 1024).toFixed(1).padStart(6)} ${(meanBytes / rawBytes).toFixed(3).padStart(6)} ${meanCpu.toFixed(2).padStart(7)} ${`${((meanCpu / renderMs) * 100).toFixed(0)}%`.padStart(9)}`,
    );
  }
} finally {
  stop();
}
