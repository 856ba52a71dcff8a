import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';
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

/** A member blocking another: neither sees nor reaches the other anywhere. */
export const blocks = pgTable(
  'blocks',
  {
    blockerProfileId: integer('blocker_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    blockedProfileId: integer('blocked_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerProfileId, table.blockedProfileId] }),
    index('blocks_blocked_idx').on(table.blockedProfileId),
  ],
);
