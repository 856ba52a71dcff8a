import { eq } from 'drizzle-orm';
import { PgBoss, TestClock } from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appSecrets } from '../../db/schema/system.ts';
import { createUnitOfWork, type UnitOfWork } from '../../db/unit-of-work.ts';
import { countStatements } from '../../test/statement-counter.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createJobs, type Jobs, jobsConnectionOf } from './jobs.service.ts';

let t: TestApp;
let work: UnitOfWork;
let clock: TestClock;
let schemas = 0;
const opened: Jobs[] = [];

beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
  work = createUnitOfWork(t.database.db);
});
afterAll(() => t?.close());

// Each test gets its own queue tables and its own clock, on the database of the kind under test.
let schema = '';
function nextQueue() {
  schemas += 1;
  schema = `jobs_test_${schemas}`;
  // A time of day past a cron slot, so the slots a test moves through are always the same ones; more than a minute
  // past, or the queue's first pass would still owe the 10:00 slot to a schedule declared while it runs.
  clock = new TestClock('2026-06-01T10:01:30Z');
}
/** One process's job queue; tests open two to stand for two processes. */
function openJobs(options: { safetyPollSeconds?: number } = {}): Jobs {
  const jobs = createJobs({ connection: jobsConnectionOf(t.database), work, clock, schema, poolSize: 2, ...options });
  opened.push(jobs);
  return jobs;
}
afterEach(async () => {
  vi.restoreAllMocks();
  for (const jobs of opened.splice(0)) await jobs.stop();
});

const seconds = (n: number) => clock.setTime(clock.now() + n * 1000);
const failing = (message: string) => Promise.reject(new Error(message));

describe('the job queue', () => {
  it('runs a job once', async () => {
    nextQueue();
    const jobs = openJobs();
    const seen: unknown[] = [];
    jobs.define<{ to: string }>('mail', { handler: async (payload) => void seen.push(payload) });
    await jobs.start({ work: false });

    const id = await jobs.enqueue('mail', { to: 'anna@example.com' });
    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.runDue()).toBe(0);
    expect(seen).toEqual([{ to: 'anna@example.com' }]);
    expect(await jobs.findJob('mail', id!)).toMatchObject({ state: 'done', attempts: 1, lastError: null });
  });

  it('waits until runAt', async () => {
    nextQueue();
    const jobs = openJobs();
    jobs.define('reminder', { handler: async () => {} });
    await jobs.start({ work: false });

    await jobs.enqueue('reminder', {}, { runAt: new Date(clock.now() + 3_600_000) });
    expect(await jobs.runDue()).toBe(0);
    await seconds(3_601);
    expect(await jobs.runDue()).toBe(1);
  });

  it('retries with back-off, then succeeds', async () => {
    nextQueue();
    const jobs = openJobs();
    let calls = 0;
    jobs.define('push', {
      maxAttempts: 3,
      backoffSeconds: 10,
      handler: async () => {
        calls += 1;
        if (calls < 3) await failing(`push service down ${calls}`);
      },
    });
    await jobs.start({ work: false });
    const id = (await jobs.enqueue('push', { user: 7 }))!;

    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.findJob('push', id)).toMatchObject({
      state: 'retry',
      attempts: 1,
      lastError: 'push service down 1',
    });
    // The first retry waits 10 to 20 s, the second 20 to 40 s.
    await seconds(9);
    expect(await jobs.runDue()).toBe(0);
    await seconds(12);
    expect(await jobs.runDue()).toBe(1);
    await seconds(19);
    expect(await jobs.runDue()).toBe(0);
    await seconds(22);
    expect(await jobs.runDue()).toBe(1);
    expect(calls).toBe(3);
    expect(await jobs.findJob('push', id)).toMatchObject({ state: 'done', attempts: 3 });
  });

  it('keeps a job that failed every attempt, with its last error', async () => {
    nextQueue();
    const jobs = openJobs();
    let calls = 0;
    jobs.define('webhook-retry', {
      maxAttempts: 2,
      backoffSeconds: 1,
      handler: () => failing(`provider answered 50${++calls}`),
    });
    await jobs.start({ work: false });
    const id = (await jobs.enqueue('webhook-retry', { payment: 'tr_1' }))!;

    expect(await jobs.runDue()).toBe(1);
    await seconds(3);
    expect(await jobs.runDue()).toBe(1);
    await seconds(3_600);
    expect(await jobs.runDue()).toBe(0);
    expect(await jobs.findJob('webhook-retry', id)).toMatchObject({
      state: 'failed',
      attempts: 2,
      lastError: 'provider answered 502',
      payload: { payment: 'tr_1' },
    });
  });

  it('runs one job of a one-at-a-time kind at once, over two processes claiming in parallel', async () => {
    nextQueue();
    const [a, b] = [openJobs(), openJobs()];
    let running = 0;
    let most = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const jobs of [a, b]) {
      jobs.define('purge', {
        concurrency: 1,
        handler: async () => {
          running += 1;
          most = Math.max(most, running);
          await gate;
          running -= 1;
        },
      });
      await jobs.start({ work: false });
    }
    for (let n = 0; n < 6; n++) await a.enqueue('purge', { n });

    // Hold the first claims until both processes have asked for work, then look.
    let fetching = 0;
    let fetched = 0;
    const fetch = PgBoss.prototype.fetch;
    vi.spyOn(PgBoss.prototype, 'fetch').mockImplementation(async function (this: PgBoss, ...args) {
      fetching += 1;
      try {
        return await (fetch as (...a: unknown[]) => Promise<never>).apply(this, args);
      } finally {
        fetching -= 1;
        fetched += 1;
      }
    });
    const runs = Promise.all([a.runDue('purge'), b.runDue('purge')]);
    await vi.waitFor(() => expect(fetched >= 2 && fetching === 0).toBe(true), { timeout: 30_000 });
    expect(running).toBe(1);
    release();
    const [ranA, ranB] = await runs;
    expect(ranA + ranB).toBe(6);
    expect(most).toBe(1);
  });

  it("gives a job back when its worker's lease runs out", async () => {
    nextQueue();
    const [crashed, alive] = [openJobs(), openJobs()];
    let claimed = () => {};
    const claim = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    // Its handler never ends: the process died holding the job.
    crashed.define('purge', {
      leaseSeconds: 60,
      backoffSeconds: 1,
      handler: () => {
        claimed();
        return new Promise(() => {});
      },
    });
    const done: number[] = [];
    alive.define<{ n: number }>('purge', {
      leaseSeconds: 60,
      backoffSeconds: 1,
      handler: async (payload) => void done.push(payload.n),
    });
    await crashed.start({ work: false });
    await alive.start({ work: false });
    const id = (await alive.enqueue('purge', { n: 1 }))!;

    void crashed.runDue('purge');
    await claim;
    expect(await alive.runDue('purge')).toBe(0);
    await seconds(30);
    expect(await alive.runDue('purge')).toBe(0);
    // Past the lease the job is retried after its back-off (1 to 2 s).
    await seconds(31);
    const ranAtExpiry = await alive.runDue('purge');
    await seconds(3);
    expect(ranAtExpiry + (await alive.runDue('purge'))).toBe(1);
    expect(done).toEqual([1]);
    expect(await alive.findJob('purge', id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('queues one job per cron slot, however many processes declare the schedule', async () => {
    nextQueue();
    const [a, b] = [openJobs(), openJobs()];
    const runs: unknown[] = [];
    for (const jobs of [a, b]) {
      jobs.define('weekly-mail', { handler: async (payload) => void runs.push(payload) });
      await jobs.schedule('weekly-mail', '*/5 * * * *', { digest: true });
      await jobs.start({ work: false });
    }
    // 10:01:30 to 10:17:30 passes the slots 10:05, 10:10 and 10:15.
    await clock.tick(16 * 60_000);
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    // pg-boss's cron pass queues the slots' jobs from a timer the tick fires: the last may land after the first run.
    let ran = ranA + ranB;
    for (let wait = 0; ran < 3 && wait < 50; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ran += await a.runDue();
    }
    expect(ran).toBe(3);
    expect(runs).toEqual([{ digest: true }, { digest: true }, { digest: true }]);
  });

  it('drops a second job with the same key while the first is queued or running', async () => {
    nextQueue();
    const jobs = openJobs();
    jobs.define('reminder', { dedupe: true, handler: async () => {} });
    await jobs.start({ work: false });

    expect(await jobs.enqueue('reminder', { user: 3 }, { singletonKey: 'user:3' })).not.toBeNull();
    expect(await jobs.enqueue('reminder', { user: 3 }, { singletonKey: 'user:3' })).toBeNull();
    expect(await jobs.enqueue('reminder', { user: 4 }, { singletonKey: 'user:4' })).not.toBeNull();
    expect(await jobs.runDue()).toBe(2);
    expect(await jobs.enqueue('reminder', { user: 3 }, { singletonKey: 'user:3' })).not.toBeNull();
  });

  it("commits or rolls back a job with the caller's transaction", async () => {
    nextQueue();
    const jobs = openJobs();
    const seen: unknown[] = [];
    jobs.define('mail', { handler: async (payload) => void seen.push(payload) });
    await jobs.start({ work: false });
    const secret = (name: string) => t.database.db.select().from(appSecrets).where(eq(appSecrets.name, name));

    let rolledBack: string | null = null;
    await expect(
      work.transaction(async () => {
        await work.db.insert(appSecrets).values({ name: 'jobs-rollback', value: 'x' });
        rolledBack = await jobs.enqueue('mail', { to: 'rolled-back@example.com' });
        throw new Error('signup failed');
      }),
    ).rejects.toThrow('signup failed');
    expect(rolledBack).not.toBeNull();
    expect(await jobs.findJob('mail', rolledBack!)).toBeNull();
    expect(await secret('jobs-rollback')).toEqual([]);

    await work.transaction(async () => {
      await work.db.insert(appSecrets).values({ name: 'jobs-commit', value: 'x' });
      await jobs.enqueue('mail', { to: 'committed@example.com' });
    });
    expect(await secret('jobs-commit')).toHaveLength(1);
    expect(await jobs.runDue()).toBe(1);
    expect(seen).toEqual([{ to: 'committed@example.com' }]);
  });

  it('works jobs in the background and waits for a running handler when stopped', async () => {
    nextQueue();
    const jobs = openJobs();
    let entered = () => {};
    const enteredHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let finished = false;
    jobs.define('mail', {
      handler: async () => {
        entered();
        await gate;
        finished = true;
      },
    });
    await jobs.start();
    const id = (await jobs.enqueue('mail', {}))!;
    await clock.tick(5_000);
    await enteredHandler;

    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    await clock.tick(1_000);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);

    const inspector = openJobs();
    inspector.define('mail', { handler: async () => {} });
    await inspector.start({ work: false });
    expect(await inspector.findJob('mail', id)).toMatchObject({ state: 'done' });
  });
});

// The test clock never moves in these tests unless a test ticks it, so no poll of pg-boss's runs: a job that runs
// was woken by its NOTIFY or by a wake-up timer.
describe('waking the workers', () => {
  it('runs a job as soon as the transaction that queued it commits, without a poll', async () => {
    nextQueue();
    const jobs = openJobs();
    const seen: unknown[] = [];
    jobs.define<{ to: string }>('mail', { handler: async (payload) => void seen.push(payload) });
    await jobs.start();

    await work.transaction(async () => {
      await work.db.insert(appSecrets).values({ name: 'jobs-wake', value: 'x' });
      await jobs.enqueue('mail', { to: 'woken@example.com' });
      // Not before the commit: the job is not there for anyone else yet.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seen).toEqual([]);
    });
    await vi.waitFor(() => expect(seen).toEqual([{ to: 'woken@example.com' }]), { timeout: 5_000 });
  });

  it('wakes nothing for a job queued in a transaction that rolled back', async () => {
    nextQueue();
    const jobs = openJobs();
    const seen: unknown[] = [];
    jobs.define<{ to: string }>('mail', { handler: async (payload) => void seen.push(payload) });
    await jobs.start();
    const counter = countStatements(t.database);
    try {
      await counter.settle(300, 10_000);
      await expect(
        work.transaction(async () => {
          await jobs.enqueue('mail', { to: 'rolled-back@example.com' });
          throw new Error('signup failed');
        }),
      ).rejects.toThrow('signup failed');
      const afterRollback = counter.statements.length;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // Not one fetch: nothing was woken.
      expect(counter.statements.slice(afterRollback)).toEqual([]);
      expect(seen).toEqual([]);

      await jobs.enqueue('mail', { to: 'committed@example.com' });
      await vi.waitFor(() => expect(seen).toEqual([{ to: 'committed@example.com' }]), { timeout: 5_000 });
    } finally {
      counter.stop();
    }
  });

  it('wakes its worker when a job it queued for later falls due', async () => {
    nextQueue();
    // A safety poll far beyond the wait, so only the wake-up can start the job.
    const jobs = openJobs({ safetyPollSeconds: 3_600 });
    const seen: unknown[] = [];
    jobs.define('reminder', { handler: async (payload) => void seen.push(payload) });
    await jobs.start();

    await jobs.enqueue('reminder', { n: 2 }, { runAt: new Date(clock.now() + 10 * 60_000) });
    await jobs.enqueue('reminder', { n: 1 }, { runAt: new Date(clock.now() + 5 * 60_000) });
    await clock.tick(4 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([]);
    await clock.tick(60_000 + 1_000);
    await vi.waitFor(() => expect(seen).toEqual([{ n: 1 }]), { timeout: 5_000 });
    await clock.tick(5 * 60_000);
    await vi.waitFor(() => expect(seen).toEqual([{ n: 1 }, { n: 2 }]), { timeout: 5_000 });
  });
});

describe('an idle server', () => {
  it('sends no statement to the database while nothing happens, and mails at once when something does', async () => {
    const idle = await createTestApp({ profiles: 0, startWorkers: true });
    const counter = countStatements(idle.database);
    try {
      // Starting runs every loop once; after that the first pass of any of them is 30 s away.
      await counter.settle(1_000, 20_000);
      const before = counter.statements.length;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(counter.statements.slice(before)).toEqual([]);

      // A signup's mail goes out through the worker, woken by the signup's commit.
      const signup = await idle.app.inject({
        method: 'POST',
        url: '/api/signup.php',
        headers: { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' },
        payload: JSON.stringify({
          email: 'wakker@example.com',
          name: 'Wakker',
          password: 'fietsen-in-de-regen',
          date_of_birth: '1985-09-09',
        }),
      });
      expect(signup.statusCode).toBe(200);
      await vi.waitFor(async () => expect(await idle.app.services.mail.listLocalMails()).toHaveLength(1), {
        timeout: 5_000,
      });
    } finally {
      counter.stop();
      await idle.close();
    }
  });
});
