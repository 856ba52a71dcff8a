import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** First answers of state-changing calls by their Idempotency-Key, so that a retry is answered, not redone. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Site, caller (user id or a visitor marker) and the client's key. */
    scopedKey: text('scoped_key').primaryKey(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: smallint('status'),
    body: text('body'),
    /** When the first answer logged someone in: a replay logs the same member in again. */
    sessionUserId: integer('session_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('idempotency_keys_created_idx').on(table.createdAt)],
);
