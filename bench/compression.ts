// What compressing a page costs and saves, per encoding and level: typical pages' HTML from a production server
// (visitor and member), each compressed in one synchronous call as the server compresses a rendered page
// (plugins/compression.ts), and the page's own render time beside it. CPU is this process's, per page. Needs
// `npm run build`. `node bench/compression.ts [rounds]`; decision 016 holds runs.
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib';
import { createReusedZstd } from '../apps/server/src/lib/reused-zstd.ts';
import { findSeededMemberId, startProductionServer, visitorCookie } from './production-server.ts';

const rounds = Number(process.argv[2] ?? 20);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('rounds must be a whole number, 1 or more');
const demoLogin = { email: 'premium@hartklop.test', password: 'hartklop-demo' };
/** Each page compressed this many times per round: enough CPU time to read it reliably. */
const repeats = 20;

type Encoder = { name: string; compress: (body: Buffer) => Buffer };

/** Brotli's window: zlib's default is 4 MB (22); 256 KB (18) holds any page whole. */
const brotli = (quality: number, window = 18): Encoder => ({
  name: `br ${quality}${window === 18 ? '' : ` w${window}`}`,
  compress: (body) =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_LGWIN]: window },
    }),
});
const gzip = (level: number): Encoder => ({ name: `gzip ${level}`, compress: (body) => gzipSync(body, { level }) });
const zstd = (level: number): Encoder => ({
  name: `zstd ${level}`,
  compress: (body) => zstdCompressSync(body, { params: { [constants.ZSTD_c_compressionLevel]: level } }),
});
/** As the server compresses pages (lib/reused-zstd.ts): the same bytes as `zstd 2`, from one kept context. */
const keptZstd = (level: number): Encoder => {
  const compress = createReusedZstd({ params: { [constants.ZSTD_c_compressionLevel]: level } }, 512 * 1024);
  return { name: `zstd ${level} kept`, compress };
};

const encoders = [
  ...[1, 2, 3, 4, 5, 6, 7, 9, 11].map((quality) => brotli(quality)),
  brotli(4, 22),
  ...[1, 3, 6, 9].map(gzip),
  ...[1, 2, 3, 4, 5, 6, 9].map(zstd),
  keptZstd(2),
];

/**
 * The server's encoding for pages in browsers that take zstd (plugins/compression.ts), in one call: the paired
 * column's unit, as in decision 016's runs. `zstd 2 kept` is the same encoding as the server now runs it.
 */
const pageEncoder = encoders.find((encoder) => encoder.name === 'zstd 2')!;

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

  console.log(
    `\nper page, mean over the ${fetched.length} pages (CPU: median and spread of ${rounds} rounds of ${repeats} calls per page, the encoders in turns within each round)`,
  );
  console.log(
    `  ${'encoding'.padEnd(11)} ${'KB'.padStart(6)} ${'ratio'.padStart(6)} ${'CPU µs'.padStart(7)} ${'spread'.padStart(11)} ${`÷ ${pageEncoder.name}`.padStart(9)} ${'of render'.padStart(9)}`,
  );
  const bytesPerPage = new Map<Encoder, number>();
  for (const encoder of encoders) {
    let bytes = 0;
    for (const page of fetched) bytes += encoder.compress(page.html).length;
    bytesPerPage.set(encoder, bytes / fetched.length);
    // Warm up before the measured rounds.
    for (const page of fetched) for (let call = 0; call < repeats; call++) encoder.compress(page.html);
  }
  // In turns, starting each round with the next encoder, so that the machine's drift over the minutes and the place
  // in a round fall on every encoder alike.
  const microsPerPage = new Map<Encoder, number[]>(encoders.map((encoder) => [encoder, []]));
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < encoders.length; turn++) {
      const encoder = encoders[(round + turn) % encoders.length]!;
      const before = process.cpuUsage();
      for (const page of fetched) for (let call = 0; call < repeats; call++) encoder.compress(page.html);
      const used = process.cpuUsage(before);
      microsPerPage.get(encoder)!.push((used.user + used.system) / (repeats * fetched.length));
    }
  }
  const pageMicros = microsPerPage.get(pageEncoder)!;
  for (const encoder of encoders) {
    const meanBytes = bytesPerPage.get(encoder)!;
    const micros = microsPerPage.get(encoder)!;
    const spread = `${Math.min(...micros).toFixed(0)}–${Math.max(...micros).toFixed(0)}`;
    // Paired by round: this encoder's time over the server's page encoding's in the same round.
    const paired = median(micros.map((value, round) => value / pageMicros[round]!));
    const ofRender = (median(micros) / 1000 / renderMs) * 100;
    console.log(
      `  ${encoder.name.padEnd(11)} ${(meanBytes / 1024).toFixed(1).padStart(6)} ${(meanBytes / rawBytes).toFixed(3).padStart(6)} ${median(micros).toFixed(0).padStart(7)} ${spread.padStart(11)} ${paired.toFixed(2).padStart(9)} ${`${ofRender.toFixed(1)}%`.padStart(9)}`,
    );
  }
} finally {
  stop();
}
