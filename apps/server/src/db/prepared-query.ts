import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
import { currentExecutor } from './unit-of-work.ts';

type PlaceholderValues = Record<string, unknown>;

/** A Drizzle query that can be prepared: its values are `sql.placeholder`s, filled in at each run. */
interface Preparable<Result> {
  prepare(name: string): { execute(values?: PlaceholderValues): Promise<Result>; getQuery(): { sql: string } };
}

// node-postgres keeps each connection's statements by name and refuses a name that comes back with another text;
// a second text for a name is a mistake in our code, found here on first use rather than on some connection later.
const statementTexts = new Map<string, string>();

export interface PrepareOptions {
  /**
   * Plan the statement with each run's values (PostgreSQL gets it unnamed): for queries whose best plan depends on
   * the values, such as a search that walks an index in order for a broad filter and reads a few rows for a narrow
   * one. PostgreSQL would settle on one generic plan for a named statement after five runs. Drizzle still builds the
   * text only once.
   */
  planEachRun?: boolean;
}

/**
 * A query whose SQL text Drizzle builds once per process instead of on every call; PostgreSQL also parses and plans it
 * once per connection (unless `planEachRun`); PGlite gets the text ready-made. Inside a unit of work's transaction it
 * runs on the transaction, never on the database beside it: that would be another connection on PostgreSQL, and on
 * PGlite a wait for the transaction's own lock.
 */
export function prepareQuery<Result>(
  db: Database,
  name: string,
  build: (db: Database) => Preparable<Result>,
  options: PrepareOptions = {},
): (values?: PlaceholderValues) => Promise<Result> {
  let prepared: { on: Database; query: ReturnType<Preparable<Result>['prepare']> } | undefined;
  const prepareOn = (executor: Database) => {
    // Without a name, as Drizzle runs its own unprepared queries: node-postgres then sends an unnamed statement.
    const query = build(executor).prepare(options.planEachRun ? (undefined as unknown as string) : name);
    const text = query.getQuery().sql;
    const known = statementTexts.get(name);
    if (known !== undefined && known !== text) throw new Error(`the prepared statement ${name} has two texts`);
    statementTexts.set(name, text);
    return query;
  };
  let built: ReturnType<Preparable<Result>['prepare']> | undefined;
  const rebound = new WeakMap<object, ReturnType<Preparable<Result>['prepare']>>();
  return (values) => {
    const executor = currentExecutor(db);
    if (is(executor, PgTransaction)) {
      // Built once, then pointed at each transaction's connection: Drizzle binds a prepared query to the session it
      // was prepared on, and building the text anew for every transaction is what preparing saves.
      built ??= prepareOn(executor);
      const client = sessionClient(executor);
      if (!client || !('client' in built)) return prepareOn(executor).execute(values);
      let query = rebound.get(client);
      if (!query) {
        query = Object.assign(Object.create(Object.getPrototypeOf(built)), built, { client }) as typeof built;
        rebound.set(client, query);
      }
      return query.execute(values);
    }
    if (prepared?.on !== executor) prepared = { on: executor, query: prepareOn(executor) };
    return prepared.query.execute(values);
  };
}

/** The connection (node-postgres) or transaction (PGlite) a Drizzle transaction runs its statements on. */
function sessionClient(executor: Database): object | undefined {
  const session = (executor as unknown as { session?: { client?: unknown } }).session;
  return typeof session?.client === 'object' && session.client !== null ? session.client : undefined;
}

/**
 * Prepared queries of one shape with optional parts (the search's filters): one statement per combination of the parts
 * in use, prepared on first use and named by it (`search_page_0110…`, a digit per part in the order of their names).
 */
export function prepareQueryVariants<Parts extends Record<string, boolean>, Result>(
  db: Database,
  name: string,
  build: (db: Database, parts: Parts) => Preparable<Result>,
  options: PrepareOptions = {},
): (parts: Parts, values: PlaceholderValues) => Promise<Result> {
  const variants = new Map<string, (values?: PlaceholderValues) => Promise<Result>>();
  return (parts, values) => {
    const key = Object.keys(parts)
      .sort()
      .map((part) => (parts[part] ? '1' : '0'))
      .join('');
    let run = variants.get(key);
    if (!run) {
      run = prepareQuery(db, `${name}_${key}`, (executor) => build(executor, parts), options);
      variants.set(key, run);
    }
    return run(values);
  };
}
