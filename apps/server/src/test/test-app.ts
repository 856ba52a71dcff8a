import { randomBytes } from 'node:crypto';
import type { SessionUser } from '@app/shared/accounts/session-user';
import type { Logger } from 'drizzle-orm';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { demoPassword } from '../seed/demo-site.ts';
import { seedDemoData } from '../seed/seed-demo.ts';
import { createMemoryStorage } from '../storage/local-storage.ts';
import type { Storage } from '../storage/storage.ts';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-server.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The PostgreSQL test database's address (another process may open it); undefined on PGlite. */
  databaseUrl: string | undefined;
  storage: Storage;
  config: AppConfig;
  /** Closes the app and the database, and drops a PostgreSQL test database. */
  close(): Promise<void>;
  /** Drops a PostgreSQL test database only (for tests that closed the database themselves). */
  dropDatabase(): Promise<void>;
}

/** Which database the API tests run on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite in memory. */
export function testDatabaseKind(): 'postgres' | 'pglite' {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

/** A fresh, empty database of the kind under test; PostgreSQL gets a new database per call. */
async function openTestDatabase(
  logger?: Logger,
): Promise<{ database: DatabaseHandle; url?: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    return { database: await openDatabase({ kind: 'pglite', dataDir: null }, { logger }), drop: async () => {} };
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: testUrl.toString() }, { logger });
  return {
    database,
    url: testUrl.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The `auth.token` cookie a login or signup answer set, as a Cookie header value. */
export function sessionCookie(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === 'auth.token');
  if (!cookie) throw new Error('the answer set no session cookie');
  return `auth.token=${cookie.value}`;
}

/**
 * Signs a new member up through the API (a strong password, born 1991), each address from its own client address;
 * answers the Cookie header value of the new session.
 */
export async function signupMember(app: FastifyInstance, email: string, name: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/signup.php',
    headers: { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' },
    payload: JSON.stringify({ email, name, password: 'sterk-genoeg-123', date_of_birth: '1991-01-01' }),
    remoteAddress: `198.51.100.${email.length}`,
  });
  return sessionCookie(response);
}

/** Logs a member in with a password (the demo password by default); answers the Cookie header value and the user. */
export async function loginMember(app: FastifyInstance, email: string, password = demoPassword) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
  });
  return { cookie: sessionCookie(response), user: response.json().user as SessionUser };
}

interface TestAppOptions {
  profiles?: number;
  /** Seed the demo accounts' likes and matches as a fresh start does; off so that tests start from no likes. */
  demoLikes?: boolean;
  /** Settings that differ from the test configuration (production mode, proxies). */
  config?: Partial<AppConfig>;
  now?: () => Date;
  smtpUrl?: string;
  /** Sees every route as it is registered, with its schemas. */
  onRoute?: (route: RouteOptions) => void;
  /** Works the job queue in the background, as main.ts does (tests otherwise run due jobs themselves). */
  startWorkers?: boolean;
  /** Sees every statement Drizzle sends, the seed's included. */
  logger?: Logger;
}

/** Test apps not yet closed: after every test the ledger is summed against their balances (ledger-check.setup.ts). */
export const openTestApps = new Set<TestApp>();

/** The whole app on a fresh, migrated database with a small demo site; pages are not rendered. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, url: databaseUrl, drop } = await openTestDatabase(options.logger);
  await database.migrate();
  const storage = createMemoryStorage();
  await seedDemoData(database.db, storage, { profiles: options.profiles ?? 12, likes: options.demoLikes ?? false });
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test' }),
    serveWeb: false,
    smtpUrl: options.smtpUrl,
    ...options.config,
  };
  const app = await buildApp({
    config,
    database,
    storage,
    now: options.now,
    onRoute: options.onRoute,
    startWorkers: options.startWorkers,
  });
  await app.ready();
  const testApp: TestApp = {
    app,
    database,
    databaseUrl,
    storage,
    config,
    close: async () => {
      openTestApps.delete(testApp);
      await app.close();
      await database.close();
      await drop();
    },
    dropDatabase: async () => {
      openTestApps.delete(testApp);
      await drop();
    },
  };
  openTestApps.add(testApp);
  return testApp;
}

export type TestAppWithSmtp = TestApp & { smtp: TestSmtpServer };

/** createTestApp sending its mail to a real SMTP server on loopback; close() stops both. */
export async function createTestAppWithSmtp(options: Omit<TestAppOptions, 'smtpUrl'> = {}): Promise<TestAppWithSmtp> {
  const smtp = await startTestSmtpServer();
  const t = await createTestApp({ ...options, smtpUrl: smtp.url });
  return {
    ...t,
    smtp,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}
