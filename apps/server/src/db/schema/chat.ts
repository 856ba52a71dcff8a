import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { profiles } from './profiles.ts';
import { sites } from './sites.ts';

/** One conversation per pair of profiles (`profile_low` < `profile_high`), whoever wrote first. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    profileLow: integer('profile_low')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    profileHigh: integer('profile_high')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('conversations_pair_idx').on(table.profileLow, table.profileHigh),
    check('conversations_pair_order', sql`${table.profileLow} < ${table.profileHigh}`),
  ],
);

/**
 * Each side's view of a conversation: its list entry, unread count and read mark, and what it removed. A fictional
 * profile's side (no login) with unread messages is the operator desk's queue.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The login of this side; null for a fictional profile. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    otherProfileId: integer('other_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Shown in this side's list: a message it may see exists, and it has not removed the conversation since. */
    listed: boolean('listed').notNull().default(false),
    /** This side sent a message here (free members may write in a limited number of conversations). */
    wrote: boolean('wrote').notNull().default(false),
    unreadCount: integer('unread_count').notNull().default(0),
    /** The newest message this side has seen; the other side's messages up to it show as read. */
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    /** Messages up to here were removed by this side (deleting the conversation); the other side keeps them. */
    hiddenUpToId: bigint('hidden_up_to_id', { mode: 'number' }).notNull().default(0),
    /** The newest message this side sees, for the list's order and preview. */
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.profileId, table.conversationId] }),
    index('conversation_members_list_idx').on(table.profileId, table.updatedAt).where(sql`${table.listed}`),
    index('conversation_members_operator_queue_idx')
      .on(table.updatedAt)
      .where(sql`${table.userId} is null and ${table.unreadCount} > 0`),
    check('conversation_members_unread', sql`${table.unreadCount} >= 0`),
  ],
);

/** A photo uploaded for a message: only its sender and the receiver of that message may load it. */
export const chatPhotos = pgTable(
  'chat_photos',
  {
    id: serial('id').primaryKey(),
    ownerProfileId: integer('owner_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('chat_photos_owner_idx').on(table.ownerProfileId, table.createdAt)],
);

/**
 * Messages, with the price paid stored on each. `held`: the sender had not confirmed their address; kept and
 * delivered (and paid) when they do.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderProfileId: integer('sender_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    recipientProfileId: integer('recipient_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['message', 'photo', 'gift', 'gif'] }).notNull(),
    text: text('text'),
    photoId: integer('photo_id').references(() => chatPhotos.id),
    giftId: text('gift_id'),
    /** The GIF as it was chosen (id, addresses, size, title), so it shows the same later. */
    gif: jsonb('gif'),
    credits: integer('credits').notNull(),
    clientId: text('client_id').notNull(),
    held: boolean('held').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('messages_client_idx').on(table.senderProfileId, table.clientId),
    index('messages_conversation_idx').on(table.conversationId, table.id),
    index('messages_held_idx').on(table.senderProfileId).where(sql`${table.held}`),
    index('messages_photo_idx').on(table.photoId).where(sql`${table.photoId} is not null`),
    check('messages_credits', sql`${table.credits} >= 0`),
  ],
);

/** A member's report of a message or member from the chat, for moderation. */
export const memberReports = pgTable(
  'member_reports',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    reporterProfileId: integer('reporter_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    reportedProfileId: integer('reported_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    status: text('status', { enum: ['open', 'handled'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('member_reports_open_idx').on(table.createdAt).where(sql`${table.status} = 'open'`),
    index('member_reports_reporter_idx').on(table.reporterProfileId, table.createdAt),
  ],
);
