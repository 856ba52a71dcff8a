import { and, asc, desc, eq, gt, inArray, isNotNull, lt, ne, or, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { prepareQuery } from '../../db/prepared-query.ts';
import { users } from '../../db/schema/accounts.ts';
import { chatPhotos, conversationMembers, conversations, memberReports, messages } from '../../db/schema/chat.ts';
import { blocks } from '../../db/schema/moderation.ts';
import { photos, profiles } from '../../db/schema/profiles.ts';
import { selectRows } from '../../db/select-rows.ts';
import { visibleTo, writableBy } from '../profiles/profile-visibility.ts';
import { mainPhotoJoin } from '../profiles/profiles.repository.ts';

export type MessageRow = typeof messages.$inferSelect;

/** The other side of a chat as the member sees it, with whether the member may write to them now. */
export interface ChatPartnerRow {
  id: number;
  name: string;
  birthDate: string;
  fictional: boolean;
  photoKey: string | null;
  /** Their login; null for a fictional profile. */
  userId: number | null;
  visible: boolean;
  writable: boolean;
  /** A block either way stands between them. */
  blocked: boolean;
}

/** First key of the advisory lock a sender holds while sending ('CH'): one send per member at a time. */
const senderLockSpace = 0x4348;
const placeholder = sql.placeholder;

/** A conversation's messages after `after` that `viewer` sees (a held message only its sender sees). */
const seenIn = (conversationId: number, viewer: number, after: number) =>
  and(
    eq(messages.conversationId, conversationId),
    gt(messages.id, after),
    or(eq(messages.held, false), eq(messages.senderProfileId, viewer)),
  );

/** Conversations, their members' views, messages, chat photos and reports: the only code on those tables. */
export function createChatRepository(db: Database) {
  const lastMessage = alias(messages, 'last_message');

  const partnerColumns = (viewer: number | Placeholder) => ({
    id: profiles.id,
    name: profiles.name,
    birthDate: profiles.birthDate,
    fictional: profiles.fictional,
    photoKey: photos.storageKey,
    userId: users.id,
    visible: sql<boolean>`(${visibleTo(viewer)})`,
    writable: sql<boolean>`(${writableBy(viewer)})`,
    blocked: sql<boolean>`exists (select 1 from ${blocks} where (${blocks.blockerProfileId} = ${viewer} and ${blocks.blockedProfileId} = ${profiles.id}) or (${blocks.blockerProfileId} = ${profiles.id} and ${blocks.blockedProfileId} = ${viewer}))`,
  });

  const unreadTotalQuery = prepareQuery(db, 'chat_unread_total', (db) =>
    db
      .select({ total: sql<number>`coalesce(sum(${conversationMembers.unreadCount}), 0)::int` })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.profileId, placeholder('me')), eq(conversationMembers.listed, true))),
  );

  /** Everything a send decides by, after the sender's lock: the partner, their conversation, the free-member limit. */
  const sendContextQuery = prepareQuery(db, 'chat_send_context', (db) => {
    const me = placeholder('me');
    const mine = conversationMembers;
    return db
      .select({
        ...partnerColumns(me),
        conversationId: sql<
          number | null
        >`(select ${conversations.id} from ${conversations} where ${conversations.profileLow} = least(${me}::int, ${profiles.id}) and ${conversations.profileHigh} = greatest(${me}::int, ${profiles.id}))`,
        wroteHere: sql<boolean>`exists (select 1 from ${mine} where ${mine.profileId} = ${me}::int and ${mine.otherProfileId} = ${profiles.id} and ${mine.wrote})`,
        writtenElsewhere: sql<number>`(select count(*)::int from ${mine} where ${mine.profileId} = ${me}::int and ${mine.otherProfileId} <> ${profiles.id} and ${mine.wrote})`,
      })
      .from(profiles)
      .leftJoin(photos, mainPhotoJoin)
      .leftJoin(users, eq(users.profileId, profiles.id))
      .where(and(eq(profiles.id, placeholder('profile')), eq(profiles.siteId, placeholder('site'))));
  });

  const clientIdQuery = prepareQuery(db, 'chat_message_by_client_id', (db) =>
    db
      .select()
      .from(messages)
      .where(and(eq(messages.senderProfileId, placeholder('sender')), eq(messages.clientId, placeholder('clientId')))),
  );

  return {
    /** Held until commit: a member's sends (limits, balance, idempotency) are decided one at a time. */
    async lockSender(profileId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(${senderLockSpace}, ${profileId})`);
    },

    /** A profile of the site as a chat partner of `viewer`; null when it does not exist there. */
    async findPartner(siteId: number, viewer: number, profileId: number): Promise<ChatPartnerRow | null> {
      const [row] = await db
        .select(partnerColumns(viewer))
        .from(profiles)
        .leftJoin(photos, mainPhotoJoin)
        .leftJoin(users, eq(users.profileId, profiles.id))
        .where(and(eq(profiles.id, profileId), eq(profiles.siteId, siteId)));
      return row ?? null;
    },

    async findMessageByClientId(senderProfileId: number, clientId: string): Promise<MessageRow | null> {
      const [row] = await clientIdQuery({ sender: senderProfileId, clientId });
      return row ?? null;
    },

    /**
     * The profile as `viewer`'s chat partner (null when it is not one of the site's), with their conversation and
     * how many others the viewer wrote in.
     */
    async findSendContext(siteId: number, viewer: number, profileId: number) {
      const [row] = await sendContextQuery({ me: viewer, profile: profileId, site: siteId });
      if (!row) return null;
      const { conversationId, wroteHere, writtenElsewhere, ...partner } = row;
      return { partner: partner as ChatPartnerRow, conversationId, wroteHere, writtenElsewhere };
    },

    async findConversationId(profileA: number, profileB: number): Promise<number | null> {
      const [low, high] = profileA < profileB ? [profileA, profileB] : [profileB, profileA];
      const [row] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.profileLow, low), eq(conversations.profileHigh, high)));
      return row?.id ?? null;
    },

    /** The pair's conversation, made with both sides' views when it is the first message. */
    async ensureConversation(
      siteId: number,
      sides: [{ profileId: number; userId: number | null }, { profileId: number; userId: number | null }],
      now: Date,
    ): Promise<number> {
      const [a, b] = sides;
      const [low, high] = a.profileId < b.profileId ? [a.profileId, b.profileId] : [b.profileId, a.profileId];
      await db
        .insert(conversations)
        .values({ siteId, profileLow: low, profileHigh: high, createdAt: now })
        .onConflictDoNothing();
      const [row] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.profileLow, low), eq(conversations.profileHigh, high)));
      const id = row!.id;
      await db
        .insert(conversationMembers)
        .values([
          { conversationId: id, profileId: a.profileId, userId: a.userId, otherProfileId: b.profileId, updatedAt: now },
          { conversationId: id, profileId: b.profileId, userId: b.userId, otherProfileId: a.profileId, updatedAt: now },
        ])
        .onConflictDoNothing();
      return id;
    },

    /**
     * Stores a message and records it on both sides in one statement: the sender's side listed and written in, the
     * receiver's (when it is delivered, not held) listed with one more unread. Answers the message and both members'
     * unread totals after it; null, changing nothing, when the sender's client id is stored already.
     */
    async insertMessage(
      values: Omit<MessageRow, 'id'>,
      delivered: boolean,
    ): Promise<{ row: MessageRow; senderUnread: number; recipientUnread: number } | null> {
      const { conversationId: conversation, senderProfileId: sender, recipientProfileId: recipient } = values;
      const at = values.createdAt.toISOString();
      // Each side's total counts its conversations listed after this statement: the listed ones, and this one.
      const unreadOf = (profileId: number) =>
        sql`(select coalesce(sum(unread_count), 0)::int from ${conversationMembers} where profile_id = ${profileId}::int and (listed or conversation_id = ${conversation}::int))`;
      const [result] = await selectRows<{ id: number | string; sender_unread: number; recipient_unread: number }>(
        db,
        sql`with added as (
          insert into ${messages} (conversation_id, sender_profile_id, recipient_profile_id, type, text, photo_id, gift_id, gif, credits, client_id, held, created_at)
          values (${conversation}::int, ${sender}::int, ${recipient}::int, ${values.type}, ${values.text}, ${values.photoId}::int, ${values.giftId}, ${values.gif === null ? null : JSON.stringify(values.gif)}::jsonb, ${values.credits}::int, ${values.clientId}, ${values.held}, ${at}::timestamptz)
          on conflict (sender_profile_id, client_id) do nothing
          returning id
        ), sent as (
          update ${conversationMembers} set listed = true, wrote = true, last_message_id = (select id from added), updated_at = ${at}::timestamptz
          where conversation_id = ${conversation}::int and profile_id = ${sender}::int and exists (select 1 from added)
        ), received as (
          update ${conversationMembers} set listed = true, unread_count = unread_count + 1, last_message_id = (select id from added), updated_at = ${at}::timestamptz
          where conversation_id = ${conversation}::int and profile_id = ${recipient}::int and ${delivered} and exists (select 1 from added)
        )
        select (select id from added) as id, ${unreadOf(sender)} as sender_unread, ${unreadOf(recipient)} as recipient_unread`,
      );
      if (result?.id === null || result?.id === undefined) return null;
      return {
        row: { ...values, id: Number(result.id) },
        senderUnread: result.sender_unread,
        // Read before the receiver's side counted this message.
        recipientUnread: result.recipient_unread + (delivered ? 1 : 0),
      };
    },

    /** The receiver's side when a held message is delivered: listed, one more unread. */
    async recordDelivered(conversationId: number, profileId: number, messageId: number, now: Date) {
      await db
        .update(conversationMembers)
        .set({
          listed: true,
          unreadCount: sql`${conversationMembers.unreadCount} + 1`,
          lastMessageId: messageId,
          updatedAt: now,
        })
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, profileId)),
        );
    },

    /** Conversations the member wrote in, besides `except` (free members may write in a limited number). */
    async countWrittenConversations(profileId: number, except: number | null): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(conversationMembers)
        .where(
          and(
            eq(conversationMembers.profileId, profileId),
            eq(conversationMembers.wrote, true),
            except === null ? undefined : ne(conversationMembers.conversationId, except),
          ),
        );
      return row?.count ?? 0;
    },

    async hasWritten(conversationId: number, profileId: number): Promise<boolean> {
      const [row] = await db
        .select({ wrote: conversationMembers.wrote })
        .from(conversationMembers)
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, profileId)),
        );
      return row?.wrote ?? false;
    },

    /** What a member's held messages will cost when they are delivered. */
    async sumHeldCredits(senderProfileId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${messages.credits}), 0)::int` })
        .from(messages)
        .where(and(eq(messages.senderProfileId, senderProfileId), eq(messages.held, true)));
      return row?.total ?? 0;
    },

    async findHeldMessages(senderProfileId: number): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(and(eq(messages.senderProfileId, senderProfileId), eq(messages.held, true)))
        .orderBy(asc(messages.id));
    },

    async releaseMessage(messageId: number) {
      await db.update(messages).set({ held: false }).where(eq(messages.id, messageId));
    },

    async deleteMessage(messageId: number) {
      await db.delete(messages).where(eq(messages.id, messageId));
    },

    /** The member's side of a conversation, when they are in it. */
    async findMembership(conversationId: number, profileId: number) {
      const [row] = await db
        .select({
          conversationId: conversationMembers.conversationId,
          otherProfileId: conversationMembers.otherProfileId,
          listed: conversationMembers.listed,
          unreadCount: conversationMembers.unreadCount,
          hiddenUpToId: conversationMembers.hiddenUpToId,
          lastMessageId: conversationMembers.lastMessageId,
          siteId: conversations.siteId,
        })
        .from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, profileId)),
        );
      return row ?? null;
    },

    /** Which of these conversations still hold messages the member (by profile) has not read (notification mails). */
    async findUnreadConversationIds(profileId: number, conversationIds: readonly number[]): Promise<Set<number>> {
      if (conversationIds.length === 0) return new Set();
      const rows = await db
        .select({ id: conversationMembers.conversationId })
        .from(conversationMembers)
        .where(
          and(
            eq(conversationMembers.profileId, profileId),
            inArray(conversationMembers.conversationId, [...conversationIds]),
            gt(conversationMembers.unreadCount, 0),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Members (with a login, after `afterUserId`, at most `limit` of them, by id) whose oldest unread message of a
     * conversation arrived between `newerThan` and `olderThan`, with those conversations (unread-message reminders).
     */
    async findLongUnread(input: { olderThan: Date; newerThan: Date; afterUserId: number; limit: number }) {
      const firstUnread = sql`(select min(${messages.createdAt}) from ${messages} where ${messages.conversationId} = ${conversationMembers.conversationId} and ${messages.recipientProfileId} = ${conversationMembers.profileId} and ${messages.held} = false and ${messages.id} > greatest(${conversationMembers.lastReadMessageId}, ${conversationMembers.hiddenUpToId}))`;
      const waiting = and(
        isNotNull(conversationMembers.userId),
        gt(conversationMembers.unreadCount, 0),
        gt(conversationMembers.userId, input.afterUserId),
        sql`${firstUnread} <= ${input.olderThan.toISOString()}::timestamptz`,
        sql`${firstUnread} > ${input.newerThan.toISOString()}::timestamptz`,
      );
      const members = await db
        .selectDistinct({ userId: conversationMembers.userId })
        .from(conversationMembers)
        .where(waiting)
        .orderBy(asc(conversationMembers.userId))
        .limit(input.limit);
      if (members.length === 0) return [];
      return db
        .select({
          userId: sql<number>`${conversationMembers.userId}`,
          conversationId: conversationMembers.conversationId,
          otherProfileId: conversationMembers.otherProfileId,
          firstUnreadMs: sql<number>`(extract(epoch from ${firstUnread}) * 1000)::float8`,
        })
        .from(conversationMembers)
        .where(
          and(
            waiting,
            inArray(
              conversationMembers.userId,
              members.map((member) => member.userId!),
            ),
          ),
        )
        .orderBy(asc(conversationMembers.userId), asc(conversationMembers.conversationId));
    },

    /** The other side's read mark: the member's messages up to it are read. */
    async findReadMark(conversationId: number, profileId: number): Promise<number> {
      const [row] = await db
        .select({ id: conversationMembers.lastReadMessageId })
        .from(conversationMembers)
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, profileId)),
        );
      return row?.id ?? 0;
    },

    /** Messages the member sees in a conversation, newest first, older than `before`, not beyond `oldest`. */
    async findMessagesPage(
      conversationId: number,
      viewer: number,
      after: number,
      before: number | null,
      limit: number,
    ): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            gt(messages.id, after),
            before === null ? undefined : lt(messages.id, before),
            or(eq(messages.held, false), eq(messages.senderProfileId, viewer)),
          ),
        )
        .orderBy(desc(messages.id))
        .limit(limit);
    },

    /** The id of the oldest message within the member's history limit (the `limit` newest they see). */
    async findHistoryStart(conversationId: number, viewer: number, after: number, limit: number) {
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(seenIn(conversationId, viewer, after)))
        .orderBy(desc(messages.id))
        .offset(limit - 1)
        .limit(2);
      return { oldestKept: rows[0]?.id ?? null, cut: rows.length > 1 };
    },

    async countMessages(conversationId: number, viewer: number, after: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(messages)
        .where(and(seenIn(conversationId, viewer, after)));
      return row?.count ?? 0;
    },

    /** Marks the conversation read up to its newest message; answers that id when anything changed, else null. */
    async markRead(conversationId: number, profileId: number): Promise<number | null> {
      const newest = sql`(select coalesce(max(${messages.id}), 0) from ${messages} where ${messages.conversationId} = ${conversationId} and ${messages.recipientProfileId} = ${profileId} and ${messages.held} = false)`;
      const [row] = await db
        .update(conversationMembers)
        .set({ unreadCount: 0, lastReadMessageId: sql`greatest(${conversationMembers.lastReadMessageId}, ${newest})` })
        .where(
          and(
            eq(conversationMembers.conversationId, conversationId),
            eq(conversationMembers.profileId, profileId),
            or(gt(conversationMembers.unreadCount, 0), sql`${conversationMembers.lastReadMessageId} < ${newest}`),
          ),
        )
        .returning({ upTo: conversationMembers.lastReadMessageId });
      return row?.upTo ?? null;
    },

    /** The member's listed conversations, newest first, with the other side and the newest message. */
    async findChats(viewer: number, limit: number) {
      return db
        .select({
          conversationId: conversationMembers.conversationId,
          unreadCount: conversationMembers.unreadCount,
          updatedAt: conversationMembers.updatedAt,
          partner: partnerColumns(viewer),
          last: {
            id: lastMessage.id,
            type: lastMessage.type,
            text: sql<string | null>`left(${lastMessage.text}, 120)`,
            senderProfileId: lastMessage.senderProfileId,
            createdAt: lastMessage.createdAt,
          },
        })
        .from(conversationMembers)
        .innerJoin(profiles, eq(profiles.id, conversationMembers.otherProfileId))
        .leftJoin(photos, mainPhotoJoin)
        .leftJoin(users, eq(users.profileId, profiles.id))
        .leftJoin(lastMessage, eq(lastMessage.id, conversationMembers.lastMessageId))
        .where(and(eq(conversationMembers.profileId, viewer), eq(conversationMembers.listed, true)))
        .orderBy(desc(conversationMembers.updatedAt), desc(conversationMembers.conversationId))
        .limit(limit);
    },

    async sumUnread(profileId: number): Promise<number> {
      const [row] = await unreadTotalQuery({ me: profileId });
      return row?.total ?? 0;
    },

    /**
     * Removes conversations from the member's side: out of the list, nothing unread, and their messages so far hidden
     * for good (the other side keeps theirs). Answers the removed conversation ids.
     */
    async hideConversations(profileId: number, target: { conversation: number } | { otherProfile: number }) {
      const newest = sql`(select coalesce(max(${messages.id}), 0) from ${messages} where ${messages.conversationId} = ${conversationMembers.conversationId})`;
      const rows = await db
        .update(conversationMembers)
        .set({ listed: false, unreadCount: 0, hiddenUpToId: newest, lastMessageId: null })
        .where(
          and(
            eq(conversationMembers.profileId, profileId),
            'conversation' in target
              ? eq(conversationMembers.conversationId, target.conversation)
              : eq(conversationMembers.otherProfileId, target.otherProfile),
          ),
        )
        .returning({ conversationId: conversationMembers.conversationId });
      return rows.map((row) => row.conversationId);
    },

    async insertChatPhoto(ownerProfileId: number, storageKey: string, now: Date): Promise<number> {
      const [row] = await db
        .insert(chatPhotos)
        .values({ ownerProfileId, storageKey, createdAt: now })
        .returning({ id: chatPhotos.id });
      return row!.id;
    },

    /** The member's own uploaded photo, when no message carries it yet. */
    async findUnsentChatPhoto(photoId: number, ownerProfileId: number): Promise<string | null> {
      const [row] = await db
        .select({ key: chatPhotos.storageKey })
        .from(chatPhotos)
        .where(
          and(
            eq(chatPhotos.id, photoId),
            eq(chatPhotos.ownerProfileId, ownerProfileId),
            sql`not exists (select 1 from ${messages} where ${messages.photoId} = ${chatPhotos.id})`,
          ),
        );
      return row?.key ?? null;
    },

    /** A chat photo's storage key for a viewer who may see it: its owner, or the receiver of a delivered message. */
    async findChatPhotoKeyFor(photoId: number, viewer: number): Promise<string | null> {
      const [row] = await db
        .select({ key: chatPhotos.storageKey })
        .from(chatPhotos)
        .where(
          and(
            eq(chatPhotos.id, photoId),
            or(
              eq(chatPhotos.ownerProfileId, viewer),
              sql`exists (select 1 from ${messages} where ${messages.photoId} = ${chatPhotos.id} and ${messages.recipientProfileId} = ${viewer} and ${messages.held} = false)`,
            ),
          ),
        );
      return row?.key ?? null;
    },

    /** Uploaded photos no message carries, older than `before` (the upload was abandoned). */
    async deleteUnsentChatPhotos(before: Date): Promise<string[]> {
      const rows = await db
        .delete(chatPhotos)
        .where(
          and(
            lt(chatPhotos.createdAt, before),
            sql`not exists (select 1 from ${messages} where ${messages.photoId} = ${chatPhotos.id})`,
          ),
        )
        .returning({ key: chatPhotos.storageKey });
      return rows.map((row) => row.key);
    },

    async insertReport(values: typeof memberReports.$inferInsert) {
      await db.insert(memberReports).values(values);
    },

    /** Whether a message of this conversation is one the member sees (to report it). */
    async isMessageIn(messageId: number, profileA: number, profileB: number): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.id, messageId),
            or(
              and(eq(messages.senderProfileId, profileA), eq(messages.recipientProfileId, profileB)),
              and(eq(messages.senderProfileId, profileB), eq(messages.recipientProfileId, profileA)),
            ),
          ),
        );
      return row !== undefined;
    },

    async findProfileOfUser(userId: number): Promise<number | null> {
      const [row] = await db.select({ profileId: users.profileId }).from(users).where(eq(users.id, userId));
      return row?.profileId ?? null;
    },

    /** The login of each of these profiles (fictional ones have none). */
    async findUserIds(profileIds: number[]): Promise<Map<number, number>> {
      if (profileIds.length === 0) return new Map();
      const rows = await db
        .select({ profileId: users.profileId, userId: users.id })
        .from(users)
        .where(and(inArray(users.profileId, profileIds), isNotNull(users.profileId)));
      return new Map(rows.map((row) => [row.profileId!, row.userId]));
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
