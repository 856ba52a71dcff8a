import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { demoAccounts, demoPassword } from '../../seed/demo-site.ts';
import { findFreePort } from '../../test/free-port.ts';
import { startTestRedisServer, type TestRedisServer } from '../../test/redis-server.ts';
import { createTestApp, loginMember, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };

type UserAnswer = { user: SessionUser };

/** The second app process, as the tests talk to it: a status and a body per call. */
interface SecondProcess {
  call(method: string, url: string, cookie: string, body?: object): Promise<{ status: number; body: UserAnswer }>;
  close(): Promise<void>;
}

/**
 * On PostgreSQL: the server's own entry point (main.ts) in a child process, on the same database and Redis. On the
 * embedded database, which one process owns, a second app instance in this process with its own Redis
 * connections and its own session cache.
 */
async function startSecondProcess(t: TestApp, redisUrl: string): Promise<SecondProcess> {
  if (!t.databaseUrl) {
    const app = await buildApp({ config: { ...t.config, redisUrl }, database: t.database, storage: t.storage });
    await app.ready();
    return {
      async call(method, url, cookie, body) {
        const response = await app.inject({
          method: method as 'GET',
          url,
          headers: { ...headers, cookie },
          payload: body ? JSON.stringify(body) : undefined,
        });
        return { status: response.statusCode, body: response.json() };
      },
      close: () => app.close(),
    };
  }
  const port = await findFreePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'second-process-'));
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: t.databaseUrl,
      REDIS_URL: redisUrl,
      SERVE_WEB: 'false',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const origin = `http://localhost:${port}`;
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (tries > 200 || child.exitCode !== null) {
      child.kill();
      throw new Error(`the second process did not start: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    async call(method, url, cookie, body) {
      const response = await fetch(origin + url, {
        method,
        headers: { 'x-request-type': 'client', 'content-type': 'application/json', cookie },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: await response.json() };
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let redis: TestRedisServer;
let t: TestApp;
let second: SecondProcess;

beforeAll(async () => {
  redis = await startTestRedisServer();
  t = await createTestApp({ profiles: 4, config: { redisUrl: redis.url } });
  second = await startSecondProcess(t, redis.url);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  await redis?.close();
});

const call = (method: string, url: string, cookie: string, body?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, cookie },
    payload: body ? JSON.stringify(body) : undefined,
  });

/** Milliseconds from `started` (the answer that ended the session) until the second process refuses it. */
async function untilRefused(cookie: string, started: number): Promise<number> {
  for (;;) {
    const answer = await second.call('GET', '/api/user.php', cookie);
    if (answer.status === 403) return Date.now() - started;
    expect(answer.status).toBe(200);
    if (Date.now() - started > 5_000) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Shows that the second process answers from its cache: the member's name changes in the database behind the app's
 * back (nothing revokes), and the second process still shows the old one.
 */
async function expectCachedOnSecond(cookie: string, profileId: number) {
  const before = await second.call('GET', '/api/user.php', cookie);
  expect(before.status).toBe(200);
  const name = before.body.user.profile.name as string;
  await t.database.db
    .update(profiles)
    .set({ name: `${name}-x` })
    .where(eq(profiles.id, profileId));
  expect((await second.call('GET', '/api/user.php', cookie)).body.user.profile.name).toBe(name);
  await t.database.db.update(profiles).set({ name }).where(eq(profiles.id, profileId));
}

describe(`sessions across two app processes on ${testDatabaseKind()} and Redis`, () => {
  it('a logout on one process ends the session on the other within a second', async () => {
    const { cookie, user } = await loginMember(t.app, demoAccounts[0].email);
    await expectCachedOnSecond(cookie, user.profile.id);
    expect((await call('GET', '/api/logout.php', cookie)).statusCode).toBe(200);
    expect(await untilRefused(cookie, Date.now())).toBeLessThan(1_000);
    expect((await call('GET', '/api/user.php', cookie)).statusCode).toBe(403);
  });

  it('a password change ends the other sessions there, and the member sees their own changes there at once', async () => {
    const email = demoAccounts[1].email;
    const here = await loginMember(t.app, email);
    const elsewhere = await loginMember(t.app, email);
    await expectCachedOnSecond(elsewhere.cookie, elsewhere.user.profile.id);
    await expectCachedOnSecond(here.cookie, here.user.profile.id);
    const changed = await call('POST', '/api/password.php', here.cookie, {
      old_password: demoPassword,
      password: 'nieuw-en-sterk-1',
      password_repeat: 'nieuw-en-sterk-1',
    });
    expect(changed.statusCode).toBe(200);
    expect(await untilRefused(elsewhere.cookie, Date.now())).toBeLessThan(1_000);
    expect((await second.call('GET', '/api/user.php', here.cookie)).status).toBe(200);
    // The member's own change (the language) shows on the other process too, without waiting for the cache.
    expect((await call('PUT', '/api/user.php', here.cookie, { language: 'de' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await second.call('GET', '/api/user.php', here.cookie)).body.user.language).toBe('de');
  });

  it('a deleted account is logged out on the other process within a second', async () => {
    const { cookie, user } = await loginMember(t.app, demoAccounts[2].email);
    await expectCachedOnSecond(cookie, user.profile.id);
    const deleted = await call('POST', '/api/delete-account.php', cookie, {
      reason: 'found_partner',
      password: demoPassword,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await untilRefused(cookie, Date.now())).toBeLessThan(1_000);
  });
});
