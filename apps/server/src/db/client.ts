import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as accountTables from './schema/accounts.ts';
import * as idempotencyTables from './schema/idempotency.ts';
import * as mailTables from './schema/mail.ts';
import * as moderationTables from './schema/moderation.ts';
import * as profileTables from './schema/profiles.ts';
import * as siteTables from './schema/sites.ts';
import * as systemTables from './schema/system.ts';
import * as tokenTables from './schema/tokens.ts';

const schema = {
  ...siteTables,
  ...profileTables,
  ...accountTables,
  ...idempotencyTables,
  ...mailTables,
  ...moderationTables,
  ...systemTables,
  ...tokenTables,
};
type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

const migrationsFolder = join(import.meta.dirname, 'migrations');

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };

export interface DatabaseOptions {
  /** Sees every statement Drizzle sends (tests count the queries of a request with it). */
  logger?: Logger;
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite (in memory when dataDir is null). */
export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (error) => process.emitWarning(`idle database connection lost: ${error.message}`));
    const db = drizzleNodePg(pool, { schema, logger: options.logger }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(db as never, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  // Loaded for the embedded database only: a server on PostgreSQL never holds its code (about 3 MB of heap).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  // PostgreSQL's default 128 MB of shared buffers is WebAssembly memory here, in the app's own process, and it is
  // never given back; the embedded database's data fit in far less, and the OS caches its files besides.
  const settings = { postgresqlconf: ['shared_buffers=16MB'] };
  const client = target.dataDir ? new PGlite(target.dataDir, settings) : new PGlite(settings);
  await client.waitReady;
  const db = drizzlePglite(client, { schema, logger: options.logger }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
