// Chat delivery under load (issue 17): 1,000 members connected over the realtime socket (/api/ws), half of them
// sending messages (POST /api/messages.php) to the other half at a steady rate; per message, the time from the send's
// start to the receiver's frame. Then as many messages as 32 senders in flight get through, against a bare `ws`
// server doing the same fan-out in the same run. On PGlite (one process) and, with BENCH_DATABASE_URL, on
// PostgreSQL: one process, and two processes sharing the database over a throwaway Redis. README in this folder.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { hashSessionToken } from '../apps/server/src/modules/accounts/accounts.service.ts';
import { createLedgerRepository } from '../apps/server/src/modules/credits/ledger.repository.ts';
import { seedDemoData } from '../apps/server/src/seed/seed-demo.ts';
import { createMemoryStorage } from '../apps/server/src/storage/local-storage.ts';
import { startTestRedisServer } from '../apps/server/src/test/redis-server.ts';
import {
  type ChildServer,
  deferCleanup,
  describeMachine,
  printTable,
  readCpuMicros,
  readRssMegabytes,
  report,
  runBench,
  startChildServer,
} from './harness.ts';
import { createThrowawayDatabase, productionNodeArgs, stripServerSources } from './production-server.ts';

const memberCount = Number(process.env.CHAT_MEMBERS ?? 1000);
const rate = Number(process.env.CHAT_RATE ?? 200);
const steadySeconds = Number(process.env.CHAT_SECONDS ?? 10);
const saturationSeconds = 5;
const inFlight = 32;
/** Senders' starting balance: a correction entry in the ledger, and users.credits kept equal to it. */
const senderCredits = 100_000;
const postgresUrl = process.env.BENCH_DATABASE_URL || undefined;
const skipPglite = process.env.BENCH_SKIP_PGLITE === 'true' && postgresUrl !== undefined;
/** `BENCH_CPU_PROF=<folder>`: the app processes write a CPU profile there when they stop. */
const cpuProfileDir = process.env.BENCH_CPU_PROF || undefined;
const budgetMs = 50;

if (!Number.isInteger(memberCount) || memberCount < 2 || memberCount % 2 !== 0) throw new Error('CHAT_MEMBERS: even');

/** A member as the clients see them: the cookie their sockets and sends carry, and whom others write to. */
type Member = { profile: number; cookie: string };
type Pair = { sender: Member; receiver: Member };

/** Where the clients talk to: the senders' calls and sockets, and the receivers' sockets. */
interface Target {
  name: string;
  database: string;
  senderOrigin: string;
  receiverOrigin: string;
  pairs: Pair[];
  pids: number[];
}

type Phase = 'warm-up' | 'steady' | 'saturation';
type Send = { phase: Phase; pair: number; started: number; answered?: number; status?: number; arrived?: number };

/** Every send of a target and every frame its members' sockets received. */
class Recorder {
  readonly sends: Send[] = [];
  duplicates = 0;
  misdelivered = 0;
  echoes = 0;
  firstFailure: string | null = null;

  /** A receiver's frame for message `seq` (the text carries it), on member `pair`'s receiver socket. */
  arrive(seq: number, pair: number, at: number) {
    const send = this.sends[seq];
    if (!send || send.pair !== pair) this.misdelivered++;
    else if (send.arrived !== undefined) this.duplicates++;
    else send.arrived = at;
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
deferCleanup(() => agent.destroy());

function post(origin: string, cookie: string, body: object): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${origin}/api/messages.php`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-request-type': 'client',
          origin,
          cookie,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Sends message `seq` of `phase` from its pair's sender; answers when the API has answered. */
async function sendMessage(target: Target, recorder: Recorder, phase: Phase) {
  const seq = recorder.sends.length;
  const pair = seq % target.pairs.length;
  const send: Send = { phase, pair, started: performance.now() };
  recorder.sends.push(send);
  const { sender, receiver } = target.pairs[pair]!;
  try {
    const answer = await post(target.senderOrigin, sender.cookie, {
      profile: receiver.profile,
      type: 'message',
      text: `bench ${seq}`,
      client_id: `bench-${randomBytes(6).toString('hex')}-${seq}`,
    });
    send.answered = performance.now();
    send.status = answer.status;
    if (answer.status !== 200) recorder.firstFailure ??= `${answer.status} ${answer.text.slice(0, 200)}`;
  } catch (error) {
    send.status = 0;
    recorder.firstFailure ??= String(error);
  }
}

/** Opens every member's socket (senders' on the senders' process) and waits for each one's `hello`. */
async function connectMembers(target: Target, recorder: Recorder): Promise<WebSocket[]> {
  const open = (origin: string, member: Member, onMessage: (data: string) => void) =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/ws`, {
        headers: { cookie: member.cookie },
        origin,
      });
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`the socket was refused: ${response.statusCode}`)),
      );
      socket.once('message', (data) => {
        const frame = JSON.parse(String(data)) as { t: string };
        if (frame.t !== 'hello') reject(new Error(`a socket's first frame was ${frame.t}`));
        socket.on('message', (more) => onMessage(String(more)));
        // As a page does when its socket opens: it is in sight, so what reaches it is not pushed or mailed as well.
        socket.send(JSON.stringify({ t: 'presence', visible: true }));
        resolve(socket);
      });
    });
  const sockets: WebSocket[] = [];
  const jobs = target.pairs.flatMap((pair, index) => [
    () =>
      open(target.receiverOrigin, pair.receiver, (data) => {
        const at = performance.now();
        const frame = JSON.parse(data) as { t: string; type?: string; payload?: { message?: { text?: string } } };
        if (frame.t !== 'event' || frame.type !== 'message') return;
        recorder.arrive(Number(frame.payload?.message?.text?.slice('bench '.length)), index, at);
      }),
    () =>
      open(target.senderOrigin, pair.sender, (data) => {
        if (data.includes('"from_me":true')) recorder.echoes++;
      }),
  ]);
  // 50 handshakes at a time, as a crowd of browsers coming back would.
  for (let start = 0; start < jobs.length; start += 50) {
    sockets.push(...(await Promise.all(jobs.slice(start, start + 50).map((job) => job()))));
  }
  return sockets;
}

/** CPU time a process has used, ms. */
const readCpuMs = (pid: number) => readCpuMicros(pid) / 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Open loop: a send every 1/rate s, whatever the answers, for `seconds`; stopped early once a second's worth of
 * sends waits for an answer (the server cannot keep up, and the run would only queue more). Answers when it stopped.
 */
async function sendSteadily(target: Target, recorder: Recorder, phase: Phase, seconds: number) {
  const pending: Promise<void>[] = [];
  let waiting = 0;
  const start = performance.now();
  const count = Math.round(rate * seconds);
  let stoppedAt: number | null = null;
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    if (waiting >= rate) {
      stoppedAt = (performance.now() - start) / 1000;
      break;
    }
    waiting++;
    pending.push(sendMessage(target, recorder, phase).finally(() => waiting--));
  }
  await Promise.all(pending);
  return stoppedAt;
}

/** Closed loop: `inFlight` senders, each sending again as soon as its answer comes, for `seconds`. */
async function sendFlatOut(target: Target, recorder: Recorder, seconds: number) {
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < end) await sendMessage(target, recorder, 'saturation');
    }),
  );
}

/** Until every answered send of `phase` has reached its receiver, or 5 s without a new frame. */
async function waitForDelivery(recorder: Recorder, phase: Phase) {
  const awaited = () => recorder.sends.filter((send) => send.phase === phase && send.status === 200);
  let arrived = -1;
  let since = performance.now();
  while (true) {
    const now = awaited().filter((send) => send.arrived !== undefined).length;
    if (now === awaited().length) return;
    if (now !== arrived) [arrived, since] = [now, performance.now()];
    if (performance.now() - since > 5_000) return;
    await sleep(20);
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

function summarize(recorder: Recorder, phase: Phase) {
  const sends = recorder.sends.filter((send) => send.phase === phase);
  const answered = sends.filter((send) => send.status === 200);
  const arrived = answered.filter((send) => send.arrived !== undefined);
  const delivery = arrived.map((send) => send.arrived! - send.started).sort((a, b) => a - b);
  const afterAnswer = arrived.map((send) => send.arrived! - send.answered!).sort((a, b) => a - b);
  const answer = answered.map((send) => send.answered! - send.started).sort((a, b) => a - b);
  const first = Math.min(...sends.map((send) => send.started));
  const last = Math.max(...arrived.map((send) => send.arrived!));
  return {
    sent: sends.length,
    failed: sends.length - answered.length,
    lost: answered.length - arrived.length,
    delivery,
    afterAnswer,
    answer,
    perSecond: arrived.length / ((last - first) / 1000),
  };
}

type Measured = {
  target: Target;
  steady: ReturnType<typeof summarize>;
  saturation: ReturnType<typeof summarize>;
  recorder: Recorder;
  rss: number[];
  connectSeconds: number;
  /** The server processes' CPU time over the flat-out phase. */
  cpuMs: number;
  /** Seconds into the steady phase when it stopped because the server fell a second's sends behind. */
  stoppedAt: number | null;
};

async function measure(target: Target): Promise<Measured> {
  report(`${target.name} on ${target.database}: connecting ${target.pairs.length * 2} sockets`);
  const recorder = new Recorder();
  const started = performance.now();
  const sockets = await connectMembers(target, recorder);
  const connectSeconds = (performance.now() - started) / 1000;
  try {
    report(`  connected in ${connectSeconds.toFixed(1)} s; 1 s warm-up, then ${rate}/s for ${steadySeconds} s`);
    await sendSteadily(target, recorder, 'warm-up', 1);
    await waitForDelivery(recorder, 'warm-up');
    const stoppedAt = await sendSteadily(target, recorder, 'steady', steadySeconds);
    if (stoppedAt !== null) report(`  stopped after ${stoppedAt.toFixed(1)} s: ${rate} sends waiting for an answer`);
    await waitForDelivery(recorder, 'steady');
    const rss = target.pids.map((pid) => readRssMegabytes(pid));
    report(`  ${inFlight} sends in flight for ${saturationSeconds} s`);
    const cpuBefore = target.pids.map(readCpuMs);
    await sendFlatOut(target, recorder, saturationSeconds);
    await waitForDelivery(recorder, 'saturation');
    const cpuMs = target.pids.reduce((sum, pid, index) => sum + readCpuMs(pid) - cpuBefore[index]!, 0);
    if (recorder.firstFailure) report(`  first failed send: ${recorder.firstFailure}`);
    return {
      target,
      steady: summarize(recorder, 'steady'),
      saturation: summarize(recorder, 'saturation'),
      recorder,
      rss: rss.map((value, index) => Math.max(value, readRssMegabytes(target.pids[index]!))),
      connectSeconds,
      cpuMs,
      stoppedAt,
    };
  } finally {
    for (const socket of sockets) socket.terminate();
  }
}

/**
 * The demo site (no demo profiles) and `memberCount` members with a profile, a confirmed login and a session each,
 * inserted in bulk as signup leaves them; the senders (the first half) with credits through a ledger entry.
 * Answers the pairs: sender i writes to receiver i.
 */
async function seedMembers(target: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }) {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    const { db } = database;
    await seedDemoData(db, createMemoryStorage(), { profiles: 0, likes: false });
    // Plain SQL text: every value in it is a number or a hex hash made here.
    await db.execute(`
      insert into profiles (site_id, name, birth_date, gender, sexuality, country, region, status, invisible, last_active_at)
      select (select min(id) from sites), 'Lid ' || n, date '1990-01-01' + n, case when n % 2 = 0 then 'female' else 'male' end,
             'hetero', 'NL', 'NL-NH', 'active', false, now()
      from generate_series(1, ${memberCount}) as n`);
    await db.execute(`
      insert into users (site_id, profile_id, email, password_hash, status, language, signup_step, signup_date)
      select site_id, id, 'chat' || id || '@bench.test', 'no login', 'active', 'nl', 5, now() - interval '1 day'
      from profiles where name like 'Lid %'`);
    const { rows } = (await db.execute(
      `select u.id as "user", p.id as profile from users u join profiles p on p.id = u.profile_id
       where u.email like '%@bench.test' order by p.id`,
    )) as unknown as { rows: { user: number; profile: number }[] };
    const members = rows.map((row) => ({ ...row, token: randomBytes(32).toString('base64url') }));
    const sessions = members.map((member) => `('${hashSessionToken(member.token)}', ${Number(member.user)})`);
    await db.execute(`
      insert into sessions (token_hash, user_id, expires_at)
      select hash, id, now() + interval '30 days' from (values ${sessions.join(', ')}) as given (hash, id)`);
    const senders = members.slice(0, memberCount / 2).map((member) => Number(member.user));
    await db.execute(`
      insert into credit_entries (user_id, delta, reason, reference, balance_after)
      select id, ${senderCredits}, 'correction', 'chat-bench-' || id, ${senderCredits}
      from users where id in (${senders.join(', ')})`);
    await db.execute(`update users set credits = ${senderCredits} where id in (${senders.join(', ')})`);
    const asMember = (row: (typeof members)[number]): Member => ({
      profile: row.profile,
      cookie: `auth.token=${row.token}`,
    });
    return members
      .slice(0, memberCount / 2)
      .map((sender, index) => ({ sender: asMember(sender), receiver: asMember(members[memberCount / 2 + index]!) }));
  } finally {
    await database.close();
  }
}

/** After the run: every balance still the sum of its ledger, and the messages stored. */
async function checkLedger(target: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }) {
  const database = await openDatabase(target);
  try {
    const mismatches = await createLedgerRepository(database.db).findBalanceMismatches();
    const { rows } = (await database.db.execute(
      `select count(*)::int as messages, (select count(*)::int from credit_entries where reason = 'message') as debits
       from messages`,
    )) as unknown as { rows: { messages: number; debits: number }[] };
    return { mismatches: mismatches.length, ...rows[0]! };
  } finally {
    await database.close();
  }
}

/** main.ts as `npm start` runs it, without the web app; with `BENCH_CPU_PROF`, profiled. */
function startApp(env: Record<string, string>): Promise<ChildServer> {
  stripServerSources();
  return startChildServer({
    script: 'apps/server/src/main.ts',
    nodeArgs: [...productionNodeArgs, ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [])],
    env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', SERVE_WEB: 'false', LOG_LEVEL: 'warn', ...env },
    readyPath: '/readyz',
  });
}

const results: Measured[] = [];
const ledgerLines: string[] = [];

async function measureDatabase(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-chat-'));
  deferCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = kind === 'postgres' ? await createThrowawayDatabase(postgresUrl!) : null;
  const location =
    kind === 'postgres'
      ? ({ kind: 'postgres', url: database!.url } as const)
      : ({ kind: 'pglite', dataDir: join(dataDir, 'db') } as const);
  const name = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const started = performance.now();
  const pairs = await seedMembers(location);
  report(`${name}: ${memberCount} members seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };

  const app = await startApp(env);
  results.push(
    await measure({
      name: 'app, 1 process',
      database: name,
      senderOrigin: app.origin,
      receiverOrigin: app.origin,
      pairs,
      pids: [app.pid],
    }),
  );
  await app.stop();

  if (database) {
    const redis = await startTestRedisServer();
    deferCleanup(() => redis.close());
    // One after the other: each migrates the database when it starts.
    const senders = await startApp({ ...env, REDIS_URL: redis.url });
    const receivers = await startApp({ ...env, REDIS_URL: redis.url, DATA_DIR: mkdtempSync(join(dataDir, 'b-')) });
    results.push(
      await measure({
        name: 'app, 2 processes + Redis',
        database: name,
        senderOrigin: senders.origin,
        receiverOrigin: receivers.origin,
        pairs,
        pids: [senders.pid, receivers.pid],
      }),
    );
    await senders.stop();
    await receivers.stop();
    await redis.close();
  }
  const ledger = await checkLedger(location);
  ledgerLines.push(
    `${name}: ${ledger.messages} messages stored, ${ledger.debits} message debits in the ledger, ` +
      `${ledger.mismatches} balances ≠ their ledger`,
  );
  await database?.drop();
}

await runBench('bench:chat', 300, async () => {
  console.log(
    `Chat delivery: ${memberCount} members on sockets (${memberCount / 2} senders, ${memberCount / 2} receivers), ` +
      `${rate} messages/s for ${steadySeconds} s after a 1 s warm-up, then ${inFlight} sends in flight for ${saturationSeconds} s`,
  );
  console.log(`machine at start: ${describeMachine()}`);
  const bare = await startChildServer({ script: 'bench/chat-bare-server.ts', readyPath: '/readyz' });
  const barePairs = Array.from({ length: memberCount / 2 }, (_, index) => ({
    sender: { profile: index + 1, cookie: `auth.token=${index + 1}` },
    receiver: { profile: memberCount / 2 + index + 1, cookie: `auth.token=${memberCount / 2 + index + 1}` },
  }));
  const bareTarget = {
    name: 'bare ws',
    database: '–',
    senderOrigin: bare.origin,
    receiverOrigin: bare.origin,
    pairs: barePairs,
    pids: [bare.pid],
  };
  results.push(await measure(bareTarget));
  if (!skipPglite) await measureDatabase('pglite');
  if (postgresUrl) await measureDatabase('postgres');
  // The baseline again at the end: the machine's load moves during the run; the ratio uses the mean of the two.
  results.push(await measure({ ...bareTarget, name: 'bare ws (again)' }));
  await bare.stop();

  const bareRate = (results[0]!.saturation.perSecond + results.at(-1)!.saturation.perSecond) / 2;
  const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
  console.log(
    `\nsteady: ${rate} messages/s for ${steadySeconds} s (DESIGN's budget: delivery p99 under ${budgetMs} ms)`,
  );
  printTable(
    [
      'server',
      'database',
      'sent',
      'delivery p50',
      'p99',
      'max',
      'after answer p50',
      'p99',
      'answer p50',
      'p99',
      'delivered/s',
      'failed',
      'lost',
      'dup',
      'RSS MB',
    ],
    results.map(({ target, steady, recorder, rss, stoppedAt }) => [
      target.name,
      target.database,
      stoppedAt === null ? String(steady.sent) : `${steady.sent}, stopped at ${stoppedAt.toFixed(1)} s`,
      ms(percentile(steady.delivery, 50)),
      ms(percentile(steady.delivery, 99)) + (percentile(steady.delivery, 99) > budgetMs ? ' !' : ''),
      ms(steady.delivery.at(-1) ?? Number.NaN),
      ms(percentile(steady.afterAnswer, 50)),
      ms(percentile(steady.afterAnswer, 99)),
      ms(percentile(steady.answer, 50)),
      ms(percentile(steady.answer, 99)),
      steady.perSecond.toFixed(0),
      String(steady.failed),
      String(steady.lost),
      String(recorder.duplicates + recorder.misdelivered),
      rss.map((value) => value.toFixed(0)).join(' + '),
    ]),
  );
  console.log(`\nflat out: ${inFlight} sends in flight for ${saturationSeconds} s`);
  printTable(
    [
      'server',
      'database',
      'delivered/s',
      '÷ bare',
      'delivery p50',
      'p99',
      'server CPU ms/msg',
      'failed',
      'lost',
      'sockets up in',
    ],
    results.map(({ target, saturation, connectSeconds, cpuMs }) => [
      target.name,
      target.database,
      saturation.perSecond.toFixed(0),
      (saturation.perSecond / bareRate).toFixed(3),
      ms(percentile(saturation.delivery, 50)),
      ms(percentile(saturation.delivery, 99)),
      (cpuMs / (saturation.sent - saturation.failed)).toFixed(2),
      String(saturation.failed),
      String(saturation.lost),
      `${connectSeconds.toFixed(1)} s`,
    ]),
  );
  console.log(
    "\nms from the send's start to the receiver's frame (\"after answer\": from the API's answer, negative when the " +
      'frame came first); dup counts frames received twice or by the wrong member; RSS after each phase, the larger. ' +
      '"stopped": the server fell a second of sends behind and the steady run ended there.',
  );
  console.log(
    'The apps are child processes running apps/server/src/main.ts (NODE_ENV=production, SERVE_WEB=false); with 2 ' +
      'processes the senders call and listen on the first, the receivers listen on the second.',
  );
  console.log(`÷ bare: against the bare ws server's mean of its two runs (${bareRate.toFixed(0)}/s).`);
  if (!postgresUrl) console.log('BENCH_DATABASE_URL unset: no PostgreSQL rows (two processes need PostgreSQL).');
  for (const line of ledgerLines) console.log(line);
  console.log(`machine at end: ${describeMachine()}`);
  const broken = results.some(
    (result) =>
      result.steady.lost + result.saturation.lost + result.recorder.duplicates + result.recorder.misdelivered > 0 ||
      result.steady.failed + result.saturation.failed > 0,
  );
  if (broken || ledgerLines.some((line) => !line.endsWith(' 0 balances ≠ their ledger'))) {
    throw new Error('messages lost, doubled or refused, or a balance off its ledger');
  }
});
