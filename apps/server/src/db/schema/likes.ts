import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

/** One like per pair: a match is two likes, one each way. Written only by the likes repository. */
export const likes = pgTable(
  'likes',
  {
    /** Orders likes (newest first) and pages lists by keyset. */
    id: serial('id').primaryKey(),
    likerProfileId: integer('liker_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    likedProfileId: integer('liked_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Where it was given: a profile or card, the swipe game, or the auto-like of a fictional profile. */
    source: text('source', { enum: ['profile', 'swipe', 'auto'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the liked member opened the liker's profile; null while the like is new to them (`like_new`). */
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('likes_pair_idx').on(table.likerProfileId, table.likedProfileId),
    index('likes_given_idx').on(table.likerProfileId, table.id),
    index('likes_received_idx').on(table.likedProfileId, table.id),
    // The new-likes badge counts a member's unseen likes only, not every like they ever received (3 ms at 3,000).
    index('likes_new_idx').on(table.likedProfileId).where(sql`${table.seenAt} is null`),
    check('likes_not_self', sql`${table.likerProfileId} <> ${table.likedProfileId}`),
  ],
);

/** The swipe game's answers: 'yes' is also a like; 'no' keeps the profile out of the game for 30 days. */
export const swipeAnswers = pgTable(
  'swipe_answers',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    targetProfileId: integer('target_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    answer: text('answer', { enum: ['yes', 'no'] }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.profileId, table.targetProfileId] })],
);

/**
 * Per-day allowances (swipe likes, auto-likes), counted per calendar day in the site's time zone. A use is one
 * conditional upsert, so parallel requests cannot pass the limit.
 */
export const dailyAllowances = pgTable(
  'daily_allowances',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['swipe_like', 'auto_like'] }).notNull(),
    day: date('day').notNull(),
    used: smallint('used').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.profileId, table.kind, table.day] }),
    index('daily_allowances_day_idx').on(table.day),
  ],
);

/** The match finder's questionnaire, kept for the member's next visit. */
export const matchFinderAnswers = pgTable('match_finder_answers', {
  profileId: integer('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  answers: jsonb('answers').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
