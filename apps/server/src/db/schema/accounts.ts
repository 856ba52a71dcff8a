import { defaultNotificationSettings, type NotificationSettings } from '@app/shared/accounts/account-settings';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';
import { sites } from './sites.ts';

/** A login. What other members see is its profile. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    profileId: integer('profile_id')
      .notNull()
      .unique()
      .references(() => profiles.id),
    /** Stored lower-cased; unique per site. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['not_confirmed', 'active', 'deleted'] })
      .notNull()
      .default('not_confirmed'),
    language: text('language').notNull(),
    paidUser: boolean('paid_user').notNull().default(false),
    /** Cached balance; the credit ledger is the truth. */
    credits: integer('credits').notNull().default(0),
    notificationsDisabled: text('notifications_disabled').array().notNull().default([]),
    /**
     * The newest member event the member saw on /notifications: newer entries are unread. Written only by
     * notifications-feed.repository, and only upwards.
     */
    notificationsReadUpTo: bigint('notifications_read_up_to', { mode: 'number' }).notNull().default(0),
    tracking: jsonb('tracking').$type<Record<string, string>>().notNull().default({}),
    signupIp: text('signup_ip'),
    signupDate: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
    notificationSettings: jsonb('notification_settings')
      .$type<NotificationSettings>()
      .notNull()
      .default(defaultNotificationSettings()),
    /** The next step of /complete-signup (0 to 4); 5 when finished. */
    signupStep: smallint('signup_step').notNull().default(0),
    /**
     * What the member chose at the push step (accepted, declined or skipped), or `denied` when the browser refused
     * notifications.
     */
    pushChoice: text('push_choice'),
    /** Whether a push may show a message's text (a lock screen shows it to anyone near the phone). */
    pushPreviews: boolean('push_previews').notNull().default(false),
    /** The member whose landing page led to this signup; complete-signup leads back to them. */
    signupTargetProfileId: integer('signup_target_profile_id').references(() => profiles.id, {
      onDelete: 'set null',
    }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deleteReason: text('delete_reason'),
    /** When the personal data of a deleted account were erased for good. */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_site_email_idx').on(table.siteId, table.email),
    index('users_signup_ip_idx').on(table.signupIp, table.signupDate),
    check('users_credits_not_negative', sql`${table.credits} >= 0`),
  ],
);

/** Login sessions; the cookie holds a random token, the table only its hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Every login attempt, for the lockout per account and per address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_attempts_email_idx').on(table.siteId, table.email, table.createdAt),
    index('login_attempts_ip_idx').on(table.ip, table.createdAt),
  ],
);
