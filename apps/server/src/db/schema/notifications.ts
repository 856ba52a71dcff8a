import { bigint, bigserial, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** A browser (device) that accepted web push for a member; one member may have several. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser: one browser profile is one member's at a time. */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/**
 * Per member, how far push and mail have gone through their member events (ids rise per member in commit order),
 * and whether they are looking at the site now: nothing is pushed or mailed for what shows on screen anyway.
 */
export const notificationState = pgTable('notification_state', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pushedUpTo: bigint('pushed_up_to', { mode: 'number' }).notNull().default(0),
  mailedUpTo: bigint('mailed_up_to', { mode: 'number' }).notNull().default(0),
  /** A visible page of the member's has an open socket until then (renewed while it stays); null when hidden. */
  lookingUntil: timestamp('looking_until', { withTimezone: true }),
});

/**
 * Notification mails sent, by what they were about (`conversation:12`, `like`, `weekly`, `unread:12`,
 * `reminder:profile`): the hourly limit per conversation and the once-only reminders are read from here.
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    about: text('about').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('notification_mails_user_about_idx').on(table.userId, table.about, table.sentAt)],
);
