import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * The rows of a hand-written statement (a data-modifying CTE Drizzle cannot build), as the driver gives them: column
 * names as written, and 64-bit integers as node-postgres's strings or PGlite's numbers, so callers convert them.
 */
export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
