import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './sites.ts';

/** Complaints sent through /complaints; handled by customer service. */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    category: text('category').notNull(),
    profile: text('profile').notNull().default(''),
    message: text('message').notNull(),
    locale: text('locale').notNull(),
    ip: text('ip').notNull(),
    status: text('status', { enum: ['open', 'handled'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('complaints_ip_idx').on(table.ip, table.createdAt)],
);
