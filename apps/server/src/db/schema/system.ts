import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Secrets the server generates on first start (VAPID keys) and keeps across restarts and nodes. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters for every limit that parallel requests must not pass (login attempts, signups and mails
 * per address): one upsert counts a hit and answers the count, so the decision is atomic on both databases.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_window_idx').on(table.windowStartedAt)],
);
