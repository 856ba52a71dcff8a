import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Single-use links sent by mail (activation, password reset, e-mail change and its undo, reactivation); only hashes
 * stored.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['activation', 'password_reset', 'mail_change', 'reactivation', 'mail_change_undo'],
    }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link sets: the new one for mail_change, the old one back for mail_change_undo. */
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_tokens_user_idx').on(table.userId, table.purpose, table.createdAt)],
);
