import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './client.ts';

/**
 * Runs several repositories in one transaction. Repositories are built once on `db`, a handle that stands for the
 * transaction of the running unit of work, or for the database outside one; so the same repository code runs
 * inside and outside, and a service that calls another service inside `transaction` carries it along.
 */
export interface UnitOfWork {
  /** The database as repositories see it: the current transaction when there is one. */
  readonly db: Database;
  /**
   * Runs `work` in one transaction: it commits when `work` resolves and rolls back when it throws. Called inside
   * another unit of work, it joins that one (one commit, one rollback for all).
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `effect` once the running transaction has committed (never when it rolls back), or at once outside one.
   * For what others must only learn of committed data by, such as dropping a cached session. An effect must not
   * throw: the data is committed by then.
   */
  afterCommit(effect: () => void | Promise<void>): Promise<void>;
  /**
   * Runs `step` inside the running transaction once its work is done, just before it commits (a step that throws rolls
   * it back), or at once outside one. For writes that are cheaper gathered, such as a transaction's member events.
   * A step registered under a `key` already registered runs once.
   */
  beforeCommit(key: symbol, step: () => Promise<void>): Promise<void>;
  /** The running transaction as an identity (to keep state per transaction by), or undefined outside one. */
  currentTransaction(): object | undefined;
}

interface RunningTransaction {
  tx: Database;
  beforeCommit: Map<symbol, () => Promise<void>>;
  afterCommit: (() => void | Promise<void>)[];
}

const executorKey = Symbol('executor');

/**
 * What a repository's `db` stands for at this moment: the running transaction or the database. A handle that is not
 * a unit of work's (a repository built on the bare database) stands for itself.
 */
export function currentExecutor(db: Database): Database {
  return (db as unknown as Record<symbol, Database | undefined>)[executorKey] ?? db;
}

export function createUnitOfWork(root: Database): UnitOfWork {
  const current = new AsyncLocalStorage<RunningTransaction>();
  const executor = () => current.getStore()?.tx ?? root;
  // Each access resolves the executor anew, so a repository never holds on to a finished transaction.
  const db = new Proxy(root, {
    get(_target, property) {
      if (property === executorKey) return executor();
      const target = executor();
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    db,
    async transaction(work) {
      if (current.getStore()) return work();
      const effects: RunningTransaction['afterCommit'] = [];
      const result = await root.transaction((tx) => {
        const running: RunningTransaction = {
          tx: tx as unknown as Database,
          beforeCommit: new Map(),
          afterCommit: effects,
        };
        return current.run(running, async () => {
          const value = await work();
          // A step may register another (its own writes gather events): run until none is left.
          while (running.beforeCommit.size > 0) {
            const [key, step] = running.beforeCommit.entries().next().value!;
            running.beforeCommit.delete(key);
            await step();
          }
          return value;
        });
      });
      for (const effect of effects) await effect();
      return result;
    },
    async afterCommit(effect) {
      const running = current.getStore();
      if (running) running.afterCommit.push(effect);
      else await effect();
    },
    currentTransaction: () => current.getStore(),
    async beforeCommit(key, step) {
      const running = current.getStore();
      if (!running) return step();
      if (!running.beforeCommit.has(key)) running.beforeCommit.set(key, step);
    },
  };
}
