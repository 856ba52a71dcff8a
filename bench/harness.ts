// What the load benches share: child servers that are always stopped, a time limit, autocannon runs, medians, RSS
// and a plain table. The figures are printed, never asserted: they move with the machine's load.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';

type Cleanup = () => void | Promise<void>;
const cleanups = new Set<Cleanup>();

/** Runs `cleanup` when the bench ends, fails, times out or is interrupted; the returned function forgets it. */
export function deferCleanup(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

async function runCleanups() {
  const pending = [...cleanups].reverse();
  cleanups.clear();
  for (const cleanup of pending) {
    try {
      await cleanup();
    } catch (error) {
      console.error('cleanup failed:', error);
    }
  }
}

/**
 * Runs a bench with a time limit. Whatever happens (an error, the limit, Ctrl-C), every child server is stopped and
 * every temporary directory and database removed before the process ends.
 */
export async function runBench(name: string, limitSeconds: number, main: () => Promise<void>): Promise<void> {
  let finished = false;
  const abort = async (reason: string) => {
    if (finished) return;
    finished = true;
    console.error(`\n${name}: ${reason}; cleaning up`);
    await runCleanups();
    process.exit(1);
  };
  const timer = setTimeout(() => void abort(`over its time limit of ${limitSeconds} s`), limitSeconds * 1000);
  const onSignal = (signal: NodeJS.Signals) => void abort(`stopped by ${signal}`);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    if (!finished) {
      finished = true;
      clearTimeout(timer);
      await runCleanups();
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  }
}

const handedOut = new Set<number>();

/**
 * A port nobody listens on: the kernel's choice, or the first free one in `BENCH_PORT_RANGE` (`39600-39699`) when
 * set, so that benches on a shared machine stay inside the ports given to them.
 */
export async function findFreePort(): Promise<number> {
  const range = process.env.BENCH_PORT_RANGE?.match(/^(\d+)-(\d+)$/);
  const candidates = range ? rangeOf(Number(range[1]), Number(range[2])) : [0];
  for (const candidate of candidates) {
    if (handedOut.has(candidate)) continue;
    const port = await probePort(candidate);
    if (port !== null && !handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port${range ? ` in ${range[0]}` : ''}`);
}

const rangeOf = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function probePort(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(null));
    probe.listen(port, 'localhost', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/** Stops a child (its whole process group when it leads one): TERM, then KILL if it has not ended in 10 s. */
export async function stopChild(child: ChildProcess, group = false): Promise<void> {
  if (child.pid === undefined) return;
  const running = child.exitCode === null && child.signalCode === null;
  if (!running) {
    if (group) await stopGroup(child.pid);
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const send = (signal: NodeJS.Signals) => {
    try {
      if (group) process.kill(-child.pid!, signal);
      else child.kill(signal);
    } catch {
      // already gone
    }
  };
  send('SIGTERM');
  const killer = setTimeout(() => send('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
  // The group's other members (npm's shell, the server it started) may outlive their leader.
  if (group) await stopGroup(child.pid);
}

/** Ends what is left of a process group: TERM, then KILL after 10 s. */
async function stopGroup(groupId: number) {
  try {
    process.kill(-groupId, 'SIGTERM');
  } catch {
    return;
  }
  for (let tries = 0; tries < 100; tries++) {
    try {
      process.kill(-groupId, 0);
    } catch {
      return;
    }
    if (tries === 50) {
      try {
        process.kill(-groupId, 'SIGKILL');
      } catch {
        return;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export type ChildServer = { origin: string; pid: number; stop: () => Promise<void> };

/**
 * Starts a Node script as a server on a free port (`PORT`), stopped at the end of the bench at the latest. Ready when
 * `readyPath` answers 2xx; its last standard error lines are shown when it does not get there.
 */
export async function startChildServer(options: {
  script: string;
  /** Node's own options, before the script. */
  nodeArgs?: string[];
  env?: Record<string, string>;
  readyPath?: string;
  /** Seconds. */
  startLimit?: number;
}): Promise<ChildServer> {
  const port = await findFreePort();
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script], {
    env: { ...process.env, ...options.env, PORT: String(port), HOST: 'localhost' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errorTail = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errorTail = (errorTail + chunk.toString()).slice(-4000);
  });
  const forget = deferCleanup(() => stopChild(child));
  const stop = async () => {
    forget();
    await stopChild(child);
  };
  const deadline = Date.now() + (options.startLimit ?? 120) * 1000;
  while (true) {
    const ready = await fetch(origin + (options.readyPath ?? '/')).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    const problem =
      child.exitCode !== null || child.signalCode !== null
        ? 'ended while starting'
        : Date.now() > deadline
          ? 'did not answer in time'
          : null;
    if (problem) {
      await stop();
      throw new Error(`${options.script} ${problem}:\n${errorTail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, pid: child.pid!, stop };
}

/** `npm run build`, its output shown only when it fails (the production server serves the built web app). */
export function buildWebApp(): void {
  const started = performance.now();
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 300_000,
  });
  if (build.status !== 0) {
    console.error(build.stdout, build.stderr);
    throw new Error(`npm run build failed (${build.status ?? build.signal})`);
  }
  console.error(`web app built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function readRssMegabytes(pid: number): number {
  const kilobytes = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)?.[1];
  if (!kilobytes) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kilobytes) / 1024;
}

/**
 * The CPU time a process has used so far (all its threads, user and system), µs. Linux counts it in clock ticks of
 * 1/100 s (USER_HZ), so a figure over a run is off by at most two ticks (20 ms), divided by the run's answers.
 */
export function readCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isFinite(ticks)) throw new Error(`no CPU time for process ${pid}`);
  return ticks * 10_000;
}

export type LoadRun = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers other than 2xx, and connection errors and timeouts. */
  failed: number;
  statusCodes: string;
  /** Bytes per answer on the wire, headers included. */
  bytesPerAnswer: number;
  /** The serving process's CPU time over the run divided by its answers, µs. */
  cpuMicrosPerAnswer: number;
};

/** One autocannon run with 10 connections against the server process `pid`. */
export async function measureLoad(target: LoadTarget, seconds: number): Promise<LoadRun> {
  const cpuBefore = readCpuMicros(target.pid);
  const result = await autocannon({ url: target.url, headers: target.headers, connections: 10, duration: seconds });
  const cpu = readCpuMicros(target.pid) - cpuBefore;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
    statusCodes: Object.entries(result.statusCodeStats)
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' '),
    bytesPerAnswer: result.requests.total ? result.throughput.total / result.requests.total : 0,
    cpuMicrosPerAnswer: result.requests.total ? cpu / result.requests.total : 0,
  };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median of each figure over repeated runs (each figure on its own), and every failure summed. */
export function summarizeRuns(runs: LoadRun[]): LoadRun {
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    failed: runs.reduce((sum, run) => sum + run.failed, 0),
    statusCodes: [...new Set(runs.flatMap((run) => run.statusCodes.split(' ')))].join(' '),
    bytesPerAnswer: median(runs.map((run) => run.bytesPerAnswer)),
    cpuMicrosPerAnswer: median(runs.map((run) => run.cpuMicrosPerAnswer)),
  };
}

/** A number of seconds from the environment variable `name`, 1 or more. */
function readSecondsSetting(name: string, fallback: number): number {
  const seconds = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(seconds) || seconds < 1) throw new Error(`${name} must be a number of seconds, 1 or more`);
  return Math.round(seconds);
}

/**
 * `BENCH_ROUNDS` (default 3, odd): how many times each target is run, in turns with the others; the table shows the
 * median. This machine's speed drifts by 20–30% over minutes, so more and shorter rounds (`BENCH_ROUNDS=7
 * BENCH_SECONDS=3`) spread each target's runs over the same stretch of time.
 */
function readRounds(): number {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds % 2 === 0) throw new Error('BENCH_ROUNDS must be an odd count');
  return rounds;
}

/** `BENCH_SECONDS` (default 5): the length of one measurement. */
export const readBenchSeconds = () => readSecondsSetting('BENCH_SECONDS', 5);

/**
 * What the load benches share: the length of a run, the rounds whose median they print, the demo site's size and
 * the databases (PGlite, and PostgreSQL with `BENCH_DATABASE_URL`; only PostgreSQL with `BENCH_SKIP_PGLITE=true`), and their time limit for `targets` per database.
 */
export function readLoadSettings(targetsPerDatabase: number) {
  const seconds = readBenchSeconds();
  const warmUpSeconds = readWarmUpSeconds();
  const rounds = readRounds();
  const seedProfiles = Number(process.env.SEED_PROFILES ?? 200);
  const postgresUrl = process.env.BENCH_DATABASE_URL || undefined;
  // `BENCH_SKIP_PGLITE=true` measures PostgreSQL alone (the issue's targets are set on it).
  const skipPglite = process.env.BENCH_SKIP_PGLITE === 'true' && postgresUrl !== undefined;
  const databases = postgresUrl ? [...(skipPglite ? [] : [undefined]), postgresUrl] : [undefined];
  // The build; each database: its server's starts (seeding included), then every target warmed up and run each round.
  const limitSeconds =
    300 + databases.length * (300 + targetsPerDatabase * (warmUpSeconds + 2 + rounds * (seconds + 2) + 3)) + 60;
  return { seconds, warmUpSeconds, rounds, seedProfiles, databases, limitSeconds };
}

/**
 * How long each target is loaded, unrecorded, before the rounds (`BENCH_WARMUP_SECONDS`, default 10; 1 was the
 * method before 2026-11-29): the figures are what a request costs a server that has been running, after V8 has
 * compiled what the target runs. Without Maglev (decision 030) a page took up to 20–30 s of load to get there in one
 * of two measured pairs. The warm-up run's own CPU per answer is printed too ("cold CPU µs").
 */
const readWarmUpSeconds = () => readSecondsSetting('BENCH_WARMUP_SECONDS', 10);

/** Progress, on stderr so that stdout holds only the figures. */
export const report = (message: string) => console.error(message);

/** The machine: other work on it moves every absolute figure, so each bench prints it at start and end. */
export function describeMachine(): string {
  const [one, five, fifteen] = loadavg().map((load) => load.toFixed(2));
  return `${cpus().length} cores, load average ${one} ${five} ${fifteen} (1, 5, 15 min), Node ${process.versions.node}`;
}

/** Prints rows as a table with right-aligned columns, the first one left-aligned. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)));
  console.log(`  ${line(header).join('  ')}`);
  for (const row of rows) console.log(`  ${line(row).join('  ')}`);
}

/**
 * What Chrome and Edge send over HTTPS: the server picks zstd from it; browsers without zstd (Safari, 2026-11) send
 * `gzip, deflate, br` and get brotli.
 */
export const browserAcceptEncoding = 'gzip, deflate, br, zstd';

/** Something to load: a URL with its headers, served by the process `pid`. */
export type LoadTarget = { url: string; headers: Record<string, string>; pid: number };

export type TargetFigures = LoadRun & {
  /** The serving process's resident memory right after this target's last run, MB. */
  rssMegabytes: number;
  /** CPU per answer during the warm-up run, µs: what the target cost before V8 had compiled it. */
  coldCpuMicrosPerAnswer: number;
};

/** Fails unless the target answers 2xx: a bench of refusals or redirects measures nothing. */
export async function checkTarget(target: LoadTarget): Promise<Response> {
  const response = await fetch(target.url, { headers: target.headers, redirect: 'manual' });
  if (!response.ok) {
    const body = (await response.text()).slice(0, 300);
    throw new Error(`${target.url} answered ${response.status} before the load run: ${body}`);
  }
  return response;
}

/**
 * Loads every target for `seconds`, `rounds` times, taking turns (one run of each, then the next round), so that
 * the machine's changing load falls on all of them alike. An unrecorded run of each, `warmUpSeconds` long, comes first.
 */
export async function measureTargets(
  targets: LoadTarget[],
  settings: { seconds: number; warmUpSeconds: number; rounds: number },
  report: (message: string) => void,
): Promise<TargetFigures[]> {
  const { seconds, warmUpSeconds, rounds } = settings;
  report(`  warming up: each target ${warmUpSeconds} s`);
  const warmUps: LoadRun[] = [];
  for (const target of targets) warmUps.push(await measureLoad(target, warmUpSeconds));
  const runs: LoadRun[][] = targets.map(() => []);
  const rss: number[] = targets.map(() => 0);
  for (let round = 1; round <= rounds; round++) {
    report(`  round ${round} of ${rounds}`);
    for (const [index, target] of targets.entries()) {
      runs[index]!.push(await measureLoad(target, seconds));
      rss[index] = readRssMegabytes(target.pid);
    }
  }
  return runs.map((targetRuns, index) => ({
    ...summarizeRuns(targetRuns),
    rssMegabytes: rss[index]!,
    coldCpuMicrosPerAnswer: warmUps[index]!.cpuMicrosPerAnswer,
  }));
}
