// What the database costs each hot call and page, once the caches are warm: the statements one request sends, the CPU
// time of the thread that serves HTTP per request and, on PGlite, the part of it spent inside the WebAssembly database
// (decision 015). Needs `npm run build` first (the pages).
// PGlite by default; TEST_DATABASE_URL=postgres://… for PostgreSQL.
// Usage: node bench/query-costs.ts [runs per round] [--sql]   (--sql prints the statements too)
import { createTestApp, loginMember } from '../apps/server/src/test/test-app.ts';

const runs = Number(process.argv.find((argument) => /^\d+$/.test(argument)) ?? 200);
const showSql = process.argv.includes('--sql');
let statements: string[] = [];
const t = await createTestApp({
  profiles: 200,
  // The production defaults: pages served, search totals reused for 2 minutes.
  config: { env: 'production', serveWeb: true, searchCountCacheSeconds: 120 },
  logger: { logQuery: (query) => statements.push(query) },
});

// Time inside PGlite's query calls, on this thread: its WebAssembly runs there, one request at a time.
const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
const query = client.query.bind(client);
let clientMicros = 0;
client.query = async (...args: unknown[]) => {
  const before = process.threadCpuUsage();
  try {
    return await query(...args);
  } finally {
    const used = process.threadCpuUsage(before);
    clientMicros += used.user + used.system;
  }
};

const { cookie } = await loginMember(t.app, 'demo@hartklop.test');
const found = await t.app.inject({ method: 'GET', url: '/api/search.php', headers: { host: 'localhost', cookie } });
const memberId = (found.json() as { results: { id: number }[] }).results[0]!.id;
const calls = [
  '/api/settings.php',
  '/api/search.php',
  '/api/search.php?gender=female&country=NL&min_age=25&max_age=45',
  `/api/member.php?id=${memberId}`,
  '/',
  '/members',
  `/members/${memberId}`,
];

async function measure(url: string, cookieHeader: string | undefined) {
  const headers = { host: 'localhost', ...(cookieHeader ? { cookie: cookieHeader } : {}) };
  const get = async () => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  };
  for (let i = 0; i < 20; i++) await get();
  statements = [];
  await get();
  const sent = [...statements];
  // The middle of three rounds: other processes on the machine move single rounds.
  const rounds: { cpu: number; client: number }[] = [];
  for (let round = 0; round < 3; round++) {
    clientMicros = 0;
    const before = process.threadCpuUsage();
    for (let i = 0; i < runs; i++) await get();
    const used = process.threadCpuUsage(before);
    rounds.push({ cpu: (used.user + used.system) / runs, client: clientMicros / runs });
  }
  rounds.sort((a, b) => a.cpu - b.cpu);
  return { statements: sent, ...rounds[1]! };
}

// On PostgreSQL the client only waits for the server, and whatever else is due runs meanwhile: no share to tell.
const embedded = t.database.kind === 'pglite';
const format = (m: Awaited<ReturnType<typeof measure>>) =>
  `${String(m.statements.length).padStart(2)} ${m.cpu.toFixed(0).padStart(6)} ${embedded ? m.client.toFixed(0).padStart(6) : '     -'} ${embedded ? `${((100 * m.client) / m.cpu).toFixed(0)}%`.padStart(4) : '    '}`;
console.log(
  `${t.database.kind}: per warm request: statements, µs CPU of the main thread${embedded ? ', of it µs inside PGlite' : ''}`,
);
console.log(`${''.padEnd(58)} ${'visitor'.padEnd(21)} member`);
for (const url of calls) {
  const visitor = await measure(url, undefined);
  const member = await measure(url, cookie);
  console.log(`${url.padEnd(58)} ${format(visitor)}   ${format(member)}`);
  if (!showSql) continue;
  for (const [who, m] of [
    ['visitor', visitor],
    ['member', member],
  ] as const) {
    for (const sent of m.statements) console.log(`    ${who}: ${sent.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
}
await t.close();
