import pg from 'pg';
import type { DatabaseHandle } from '../db/client.ts';

/**
 * Counts the statements this process sends to the database, whoever sends them (repositories, the job queue):
 * every call on the embedded database's client, or every query on a PostgreSQL connection. A statement inside a
 * transaction on PGlite runs on the transaction's handle and is not counted; the transaction itself is.
 */
export function countStatements(database: DatabaseHandle) {
  const seen: string[] = [];
  const note = (text: unknown) => {
    const sql = typeof text === 'string' ? text : (text as { text?: string } | null)?.text;
    seen.push(
      String(sql ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 120),
    );
  };
  const restores: (() => void)[] = [];

  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
    for (const method of ['query', 'exec', 'sql', 'transaction'] as const) {
      const original = client[method] as (...args: unknown[]) => unknown;
      client[method] = function (this: unknown, ...args: unknown[]) {
        note(method === 'transaction' ? 'transaction' : args[0]);
        return original.apply(this, args);
      };
      restores.push(() => {
        client[method] = original;
      });
    }
  } else {
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      note(args[0]);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    restores.push(() => {
      pg.Client.prototype.query = original;
    });
  }

  return {
    /** The statements since counting began, each shortened to its start. */
    get statements(): readonly string[] {
      return seen;
    },
    /** Waits until `quietMs` pass without a statement (at most `timeoutMs`). */
    async settle(quietMs: number, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      let last = seen.length;
      let quietSince = Date.now();
      while (Date.now() - quietSince < quietMs) {
        if (Date.now() > deadline) throw new Error(`the database never went quiet: ${seen.slice(-5).join(' | ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (seen.length !== last) {
          last = seen.length;
          quietSince = Date.now();
        }
      }
    },
    stop() {
      for (const restore of restores.splice(0)) restore();
    },
  };
}
