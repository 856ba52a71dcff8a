import { sql } from 'drizzle-orm';
import { type Clock, fromDrizzle, fromPglite, type Job, type PGliteLike, PgBoss, systemClock } from 'pg-boss';
import type { DatabaseHandle } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { createWakeTimers } from './wake-timers.ts';

/** What runs a kind of job, and how often and how widely it may run. */
interface JobDefinition<P extends object = object> {
  /** Throwing fails this attempt; the job is retried with back-off until `maxAttempts`. */
  handler(payload: P, job: { id: string; attempt: number }): Promise<void>;
  /**
   * How many jobs of this kind run at once. 1 (the default) holds over all processes, enforced by the database; a
   * larger limit holds per process and, as pg-boss's group count, only roughly over processes claiming at once.
   */
  concurrency?: number;
  /** Attempts before the job is failed for good and kept for inspection. Default 5. */
  maxAttempts?: number;
  /** Delay before the first retry; each later one doubles it (with jitter). Default 30. */
  backoffSeconds?: number;
  /** A job running longer than this is taken to be lost with its worker and retried. Default 300. */
  leaseSeconds?: number;
  /** Finished jobs (done and failed) are deleted this long after they finish. Default 14. */
  keepDays?: number;
  /**
   * An enqueue with a `singletonKey` that is already queued or running adds nothing (`true`), or only one that is
   * already queued (`'queued'`: one may wait while another runs, so work that arrives during a run is not lost).
   */
  dedupe?: boolean | 'queued';
}

interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Only for kinds defined with `dedupe`. */
  singletonKey?: string;
  maxAttempts?: number;
}

type JobState = 'queued' | 'retry' | 'running' | 'done' | 'cancelled' | 'failed';

/** One job as an operator inspects it. */
interface JobRecord {
  id: string;
  kind: string;
  payload: unknown;
  state: JobState;
  /** Attempts that have started. */
  attempts: number;
  lastError: string | null;
  runAt: Date;
  finishedAt: Date | null;
}

/**
 * Work that runs later or again, kept in the database (pg-boss; decision 012). `enqueue` called inside
 * `work.transaction` is part of that transaction: the job exists only if the caller's writes commit.
 */
export interface Jobs {
  /** Before `start`. */
  define<P extends object>(kind: string, definition: JobDefinition<P>): void;
  /** After `start`. Answers the job id, or null when `dedupe` found the key already queued or running. */
  enqueue<P extends object>(kind: string, payload: P, options?: EnqueueOptions): Promise<string | null>;
  /** A cron expression (UTC); every process may declare it, each slot gets one job. */
  schedule(kind: string, cron: string, payload?: object): Promise<void>;
  /**
   * Installs or upgrades the queue's tables, creates the kinds and schedules, and works the queue: woken by each new
   * job, polling only as a safety net. `work: false` runs no worker and does not listen.
   */
  start(options?: { work?: boolean }): Promise<void>;
  /** Stops taking jobs and waits for running handlers. */
  stop(): Promise<void>;
  /** Runs every due job (of one kind) until none is left; answers how many ran. For tests and scripts. */
  runDue(kind?: string): Promise<number>;
  findJob(kind: string, id: string): Promise<JobRecord | null>;
}

/** Where pg-boss keeps its tables: inside the embedded database, or PostgreSQL through its own small pool. */
export type JobsConnection = { kind: 'pglite'; client: PGliteLike } | { kind: 'postgres'; connectionString: string };

/** The connection of an open database handle (the driver client drizzle holds). */
export function jobsConnectionOf(database: DatabaseHandle): JobsConnection {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') return { kind: 'pglite', client: client as PGliteLike };
  const connectionString = (client as { options?: { connectionString?: string } }).options?.connectionString;
  if (!connectionString) throw new Error('the PostgreSQL pool has no connection string for the job queue');
  return { kind: 'postgres', connectionString };
}

export interface JobsDeps {
  connection: JobsConnection;
  /** The caller's transactions, which `enqueue` joins. */
  work: UnitOfWork;
  /** pg-boss's clock; tests pass its TestClock, which moves the database's idea of now as well. */
  clock?: Clock;
  /** PostgreSQL schema of the queue's tables. Default `pgboss`. */
  schema?: string;
  /**
   * How often an idle worker looks for work without being woken: for retries that fell due, jobs another process
   * queued for later, and a wake-up that was lost. Default 60.
   */
  safetyPollSeconds?: number;
  /** Connections of the queue's own pool on PostgreSQL. */
  poolSize?: number;
  log?: { error(object: object, message: string): void; warn(object: object, message: string): void };
}

const defaults = { concurrency: 1, maxAttempts: 5, backoffSeconds: 30, leaseSeconds: 300, keepDays: 14 };
const defaultSafetyPollSeconds = 60;

const states: Record<string, JobState> = {
  created: 'queued',
  retry: 'retry',
  active: 'running',
  completed: 'done',
  cancelled: 'cancelled',
  failed: 'failed',
};

export function createJobs(deps: JobsDeps): Jobs {
  const clock = deps.clock ?? systemClock;
  const safetyPollSeconds = deps.safetyPollSeconds ?? defaultSafetyPollSeconds;
  const definitions = new Map<string, Required<Omit<JobDefinition, 'dedupe'>> & { dedupe: boolean | 'queued' }>();
  const schedules: { kind: string; cron: string; payload: object | null }[] = [];
  let boss: PgBoss | null = null;
  let begun = false;
  // The first worker of each kind in this process, which a wake-up for a job queued for later notifies.
  const workers = new Map<string, string>();
  const wakeTimers = createWakeTimers(clock, (kind) => {
    const worker = workers.get(kind);
    if (worker) boss?.notifyWorker(worker);
  });

  const started = () => {
    if (!boss) throw new Error('the job queue is not started');
    return boss;
  };
  const definitionOf = (kind: string) => {
    const definition = definitions.get(kind);
    if (!definition) throw new Error(`no job kind ${kind}`);
    return definition;
  };
  // Every job of a kind is in one group, so pg-boss's group limit is the limit per kind over all processes.
  const groupOf = (kind: string) => ({ id: kind });

  async function runOne(kind: string, job: Job<object>) {
    const definition = definitionOf(kind);
    const attempt = { id: job.id, retryCount: job.retryCount };
    try {
      await definition.handler(job.data, { id: job.id, attempt: job.retryCount + 1 });
    } catch (error) {
      await started().fail(kind, attempt, { message: error instanceof Error ? error.message : String(error) });
      return;
    }
    await started().complete(kind, attempt);
  }

  async function runDueOf(kind: string) {
    const { concurrency } = definitionOf(kind);
    const queue = started();
    // Expired leases first, so a crashed worker's jobs are due now rather than at the next maintenance pass.
    await queue.supervise(kind);
    let ran = 0;
    for (;;) {
      const batch = await queue.fetch<object>(kind, { batchSize: concurrency, groupConcurrency: concurrency });
      if (batch.length === 0) return ran;
      await Promise.all(batch.map((job) => runOne(kind, job)));
      ran += batch.length;
    }
  }

  return {
    define(kind, definition) {
      if (begun) throw new Error('define job kinds before start');
      if (definitions.has(kind)) throw new Error(`job kind ${kind} is defined twice`);
      const given = definition as JobDefinition;
      definitions.set(kind, {
        handler: given.handler,
        concurrency: given.concurrency ?? defaults.concurrency,
        maxAttempts: given.maxAttempts ?? defaults.maxAttempts,
        backoffSeconds: given.backoffSeconds ?? defaults.backoffSeconds,
        leaseSeconds: given.leaseSeconds ?? defaults.leaseSeconds,
        keepDays: given.keepDays ?? defaults.keepDays,
        dedupe: given.dedupe ?? false,
      });
    },

    async enqueue(kind, payload, options = {}) {
      const definition = definitionOf(kind);
      if (options.singletonKey && !definition.dedupe) throw new Error(`job kind ${kind} does not dedupe`);
      // On the system clock a job due now is stamped by the database, whose time decides what is due; the NOTIFY
      // that wakes the workers goes only with a job due by the database's clock, and a time taken here, inside a
      // transaction the database dates from its start, would be later. A test clock stamps it itself: pg-boss moves
      // the database's idea of now only on its own connections, not on ours.
      const startAfter = options.runAt ?? (clock === systemClock ? undefined : new Date(clock.now()));
      const id = await started().send(kind, payload, {
        // Through the unit of work: inside a transaction this is the transaction.
        db: fromDrizzle(deps.work.db as never, sql),
        group: groupOf(kind),
        // pg-boss refuses an option present as undefined.
        ...(startAfter ? { startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.maxAttempts ? { retryLimit: options.maxAttempts - 1 } : {}),
      });
      if (id && options.runAt && boss) wakeTimers.add(kind, options.runAt);
      return id;
    },

    async schedule(kind, cron, payload) {
      definitionOf(kind);
      const entry = { kind, cron, payload: payload ?? null };
      schedules.push(entry);
      if (boss) await boss.schedule(kind, cron, entry.payload, { group: groupOf(kind) });
    },

    async start(options = {}) {
      if (begun) throw new Error('the job queue is started once');
      begun = true;
      const connection = deps.connection;
      const working = options.work !== false;
      const queue = new PgBoss({
        ...(connection.kind === 'pglite'
          ? { db: fromPglite(connection.client), backend: 'pglite' as const }
          : { connectionString: connection.connectionString, max: deps.poolSize ?? 4 }),
        schema: deps.schema ?? 'pgboss',
        clock,
        // Workers sleep until a job is queued: its insert sends a NOTIFY that the database delivers at commit (never
        // after a rollback) to one listening connection per process, in-process on PGlite. Processes that run no
        // worker do not listen.
        useListenNotify: working,
        // On PostgreSQL the listening connection is checked this often; one lost silently is replaced, and whatever
        // it missed is found by the next safety poll at the latest.
        notifyHeartbeatIntervalMs: safetyPollSeconds * 1000,
        // pg-boss's own loops, each a statement or more per pass. Our schedules are hourly, so a slot's job may start
        // up to 75 s late (the 30 s schedule check, then this); we use no flows (job dependencies); the instance
        // registry is for dashboards we do not run.
        cronWorkerIntervalSeconds: 45,
        flowIntervalSeconds: 3_600,
        registerInstance: false,
      });
      queue.on('error', (error) => deps.log?.error({ err: error }, 'job queue'));
      queue.on('warning', (warning) => deps.log?.warn({ warning }, 'job queue'));
      await queue.start();
      try {
        for (const [kind, definition] of definitions) {
          const settings = {
            // Every insert of a job due now sends the NOTIFY that wakes the workers.
            notify: true,
            retryLimit: definition.maxAttempts - 1,
            retryDelay: definition.backoffSeconds,
            retryBackoff: true,
            expireInSeconds: definition.leaseSeconds,
            deleteAfterSeconds: definition.keepDays * 86_400,
          };
          // An existing queue keeps its policy; its retry and retention settings follow the code.
          // One at a time is the database's rule (a unique index on running jobs), which parallel claims cannot pass;
          // a larger limit is pg-boss's group count, which two processes claiming at the same instant can overrun.
          const policy =
            definition.dedupe === 'queued'
              ? 'stately'
              : definition.dedupe
                ? 'exclusive'
                : definition.concurrency === 1
                  ? 'singleton'
                  : 'standard';
          await queue.createQueue(kind, { ...settings, policy });
          await queue.updateQueue(kind, settings);
        }
        for (const entry of schedules) {
          await queue.schedule(entry.kind, entry.cron, entry.payload, { group: groupOf(entry.kind) });
        }
        // Handlers may enqueue follow-up jobs from here on.
        boss = queue;
        if (working) {
          for (const [kind, definition] of definitions) {
            const worker = await queue.work<object>(
              kind,
              {
                localConcurrency: definition.concurrency,
                groupConcurrency: definition.concurrency,
                // Woken by NOTIFY; polled only as a safety net, and every 2 s when the listener could not be set up.
                notifyPollingIntervalSeconds: safetyPollSeconds,
              },
              async ([job]) => {
                if (job) await definition.handler(job.data, { id: job.id, attempt: job.retryCount + 1 });
              },
            );
            workers.set(kind, worker);
          }
        }
      } catch (error) {
        boss = null;
        await queue.stop({ graceful: false });
        throw error;
      }
    },

    async stop() {
      const queue = boss;
      if (!queue) return;
      // Running handlers may still enqueue while they finish.
      // Within main.ts's 10 s shutdown deadline; an interrupted job is retried.
      await queue.stop({ graceful: true, close: true, timeout: 8_000 });
      wakeTimers.clear();
      if (boss === queue) boss = null;
    },

    async runDue(kind) {
      let ran = 0;
      for (const name of kind ? [kind] : definitions.keys()) ran += await runDueOf(name);
      return ran;
    },

    async findJob(kind, id) {
      const [job] = await started().findJobs<unknown>(kind, { id });
      if (!job) return null;
      const state = states[job.state] ?? 'queued';
      const output = job.output as { message?: unknown } | null;
      return {
        id: job.id,
        kind,
        payload: job.data,
        state,
        // pg-boss counts a retry when it starts, so a job waiting to retry has one attempt more than its count.
        attempts: job.startedOn ? job.retryCount + 1 : 0,
        lastError: typeof output?.message === 'string' ? output.message : null,
        runAt: job.startAfter,
        finishedAt: job.completedOn,
      };
    },
  };
}
