// A production server for the benches: the built app on a spare port with a throwaway database, the embedded one
// by default or a fresh database on a PostgreSQL server.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { demoAccounts, demoPassword } from '../apps/server/src/seed/demo-site.ts';
import { writeStrippedSources } from '../apps/server/start/write-stripped-sources.ts';
import { deferCleanup, report, startChildServer } from './harness.ts';

export type ProductionServer = {
  origin: string;
  /** The server process, for its memory and CPU time. */
  pid: number;
  /** Which database it runs on, as the tables print it. */
  database: 'PGlite' | 'PostgreSQL';
  /** Stops the server, then removes its data folder and database. */
  stop: () => Promise<void>;
};

export type ProductionServerOptions = {
  /** Demo member profiles to seed (`SEED_PROFILES`). */
  seedProfiles?: number;
  /**
   * A PostgreSQL server (any database on it): the app gets a fresh `bench_<random>` database there, seeded with the
   * demo site (`DEMO_DATA=true`) and dropped when it stops. Without it the app runs on PGlite.
   */
  postgresUrl?: string;
  /**
   * Seed in a first process and measure a second one started on the seeded data, as a site runs after its first
   * start: the memory that seeding once took (photos drawn and resized) is not the server's.
   */
  restartAfterSeeding?: boolean;
};

/** The Node flags of `npm start`, read from its script in package.json (decisions 026, 030, 032 and 033). */
function readStartFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  const flags = /\bnode((?: --\S+)*) apps\/server\/src\/main\.ts/.exec(scripts.start)?.[1];
  if (flags === undefined) throw new Error('package.json: the start script runs no `node … apps/server/src/main.ts`');
  return flags.split(' ').filter(Boolean);
}

/** As `npm start` runs the server; `BENCH_NODE_ARGS` adds flags to try. */
export const productionNodeArgs = [
  ...readStartFlags(),
  ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
];

/** The same flags for a bare baseline server, without the preload that loads the app's stripped sources. */
export const baselineNodeArgs = productionNodeArgs.filter((flag) => !flag.startsWith('--import='));

/**
 * As `npm start` does before it starts the server: the sources edited since the last build stripped of their types,
 * so that the server does not load Node's stripper for them (decision 032).
 */
export function stripServerSources(): void {
  writeStrippedSources(fileURLToPath(new URL('..', import.meta.url)));
}

/** Needs `npm run build` first. */
export async function startProductionServer(options: ProductionServerOptions = {}): Promise<ProductionServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const forgetDataDir = deferCleanup(removeDataDir);
  const database = options.postgresUrl ? await createThrowawayDatabase(options.postgresUrl) : null;
  stripServerSources();
  const launch = (seed: boolean) =>
    startChildServer({
      script: 'apps/server/src/main.ts',
      nodeArgs: productionNodeArgs,
      env: {
        NODE_ENV: 'production',
        // As `npm start` runs it: two malloc arenas instead of one per thread (less resident memory, same speed).
        MALLOC_ARENA_MAX: '2',
        DATA_DIR: dataDir,
        SEED_PROFILES: String(options.seedProfiles ?? 10),
        // A restarted server on PostgreSQL runs as a site's own does, without DEMO_DATA (nor the seeding code).
        ...(database ? { DATABASE_URL: database.url, ...(seed ? { DEMO_DATA: 'true' } : {}) } : {}),
      },
      readyPath: '/readyz',
      // Seeding the demo site (photos included) takes a while on a busy machine.
      startLimit: 240,
    });
  const seedAndRestart = async () => {
    const seeding = await launch(true);
    if (!options.restartAfterSeeding) return seeding;
    await seeding.stop();
    return launch(false);
  };
  const server = await seedAndRestart().catch(async (error: Error) => {
    await database?.drop();
    forgetDataDir();
    removeDataDir();
    throw new Error(`the server did not start (run \`npm run build\` first): ${error.message}`);
  });
  return {
    origin: server.origin,
    pid: server.pid,
    database: database ? 'PostgreSQL' : 'PGlite',
    stop: async () => {
      await server.stop();
      await database?.drop();
      forgetDataDir();
      removeDataDir();
    },
  };
}

/** A new empty database on the server `serverUrl` points at, dropped at the end of the bench at the latest. */
export async function createThrowawayDatabase(serverUrl: string) {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      // FORCE: a server killed mid-request may leave its connections behind for a moment.
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  };
  const forget = deferCleanup(drop);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      forget();
      await drop();
    },
  };
}

/**
 * Runs `measure` against the app on each database in turn, seeded and restarted, logged in as the demo member;
 * stops each server, whatever happens.
 */
export async function forEachDatabase(
  settings: { databases: (string | undefined)[]; seedProfiles: number },
  measure: (app: ProductionServer, memberCookie: string) => Promise<void>,
): Promise<void> {
  for (const postgresUrl of settings.databases) {
    const app = await startProductionServer({
      seedProfiles: settings.seedProfiles,
      postgresUrl,
      restartAfterSeeding: true,
    });
    try {
      report(
        `${app.database}: server up with ${settings.seedProfiles} demo profiles; logging in as ${demoMember.email}`,
      );
      await measure(app, await logIn(app.origin, demoMember));
    } finally {
      await app.stop();
    }
  }
}

const demoMember = { email: demoAccounts[0].email, password: demoPassword };

/** A cookie that has dismissed the entry warning, as a returning visitor has. */
export const visitorCookie = () => `entry_warning_dismissed=${Date.now()}`;

/** Logs in through the API as a browser does; answers the cookies a logged-in member sends. */
export async function logIn(origin: string, login: { email: string; password: string }): Promise<string> {
  const visitor = visitorCookie();
  const response = await fetch(`${origin}/api/user.php`, {
    method: 'POST',
    // The CSRF guard: a state-changing API call needs X-Request-Type; Origin, when sent, must be the site's own.
    headers: { 'content-type': 'application/json', 'x-request-type': 'client', origin, cookie: visitor },
    body: JSON.stringify(login),
  });
  const session = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!response.ok || !session) throw new Error(`logging in as ${login.email} failed: ${response.status}`);
  return `${visitor}; ${session}`;
}

/** The id of the first member the public list links to. */
export async function findSeededMemberId(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/members`, { headers: { cookie: visitorCookie() } })).text();
  const id = html.match(/href="\/members\/(\d+)"/)?.[1];
  if (!id) throw new Error('no member on /members');
  return id;
}
