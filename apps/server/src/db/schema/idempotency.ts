import { index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** First answers of state-changing calls by their Idempotency-Key, so that a retry is answered, not redone. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Site, caller (user id or a visitor marker) and the client's key. */
    scopedKey: text('scoped_key').primaryKey(),
    /** SHA-256 of method, URL and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: smallint('status'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('idempotency_keys_created_idx').on(table.createdAt)],
);
