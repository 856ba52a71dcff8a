import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * The SMS code that proves a member holds a mobile number (direct debit): one per member and number, replaced by
 * each new send. Only a hash of the code is kept; `attempts` counts the tries, raised by the same statement that
 * compares, so parallel guesses cannot pass the limit. `verified_at` is set once: a code is used once.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** E.164, as the service normalised it ('+31612345678'). */
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('phone_codes_user_phone_idx').on(table.userId, table.phone),
    index('phone_codes_expires_idx').on(table.expiresAt),
  ],
);

/** The local SMS box used when no SMS provider is configured (viewable at /dev/smsbox from loopback). */
export const localSmsbox = pgTable('local_smsbox', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull(),
  toNumber: text('to_number').notNull(),
  text: text('text').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
