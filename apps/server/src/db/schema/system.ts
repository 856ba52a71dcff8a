import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Secrets the server generates on first start (VAPID keys) and keeps across restarts and nodes. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
