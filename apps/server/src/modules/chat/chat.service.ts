import type { SessionUser } from '@app/shared/accounts/session-user';
import type {
  ChatGift,
  ChatItem,
  ChatMessage,
  ChatProfile,
  ChatsResponse,
  Composer,
  Gif,
  MessagesResponse,
  SendMessageInput,
  SendMessageResponse,
} from '@app/shared/chat/chat';
import {
  chatsListLimit,
  defaultChatHistoryLimit,
  freeConversationLimit,
  messagesPageSize,
  type ReportReason,
} from '@app/shared/chat/chat-constants';
import type { CreditReason } from '@app/shared/credits/credits';
import { AppError } from '@app/shared/errors/app-error';
import type { Locale } from '@app/shared/i18n/locales';
import { ageOn } from '@app/shared/profiles/age';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { MemberCountCache } from '../../events/member-count-cache.ts';
import type { MemberEventLog } from '../../events/member-event-log.ts';
import type { MemberEventInput } from '../../events/member-events.repository.ts';
import type { Storage } from '../../storage/storage.ts';
import { photoFileName } from '../profiles/photo-processing.ts';
import type { Site } from '../sites/sites.service.ts';
import type { ChatPartnerRow, ChatRepository, MessageRow } from './chat.repository.ts';
import { storeChatPhoto } from './chat-photos.ts';
import type { GifProvider } from './gifs/gif-provider.ts';

/** The gift catalogue, priced for a site (gift-catalogue.ts). */
export interface GiftCatalogue {
  findGiftCatalogue(giftCredits: number): ChatGift[];
  findGift(id: string, giftCredits: number): ChatGift | null;
}

const ledgerReasons: Record<MessageRow['type'], CreditReason> = {
  message: 'message',
  gif: 'message',
  photo: 'photo',
  gift: 'gift',
};

/** Conversations and messages: every rule of the chat (prices, limits, who may write, read state) is checked here. */
export async function createChatService(deps: {
  repository: ChatRepository;
  events: MemberEventLog;
  work: UnitOfWork;
  storage: Storage;
  now: () => Date;
  /** Debits a paid message in the running transaction; throws insufficient_credits (credits' ledger). */
  debitCredits(change: { userId: number; reason: CreditReason; reference: string }, cost: number): Promise<number>;
  /** The member's balance now. */
  findCredits(userId: number): Promise<number>;
  gifs: GifProvider;
  gifts: GiftCatalogue;
  /** Keeps the unread total every page shows per member (member-count-cache.ts), read with `read`. */
  keepUnreadTotal: (read: (user: SessionUser) => Promise<number>) => Promise<MemberCountCache>;
}) {
  const { repository, work } = deps;
  const unreadTotals = await deps.keepUnreadTotal((user) => repository.sumUnread(user.profile.id));

  const historyLimitOf = (site: Site) => site.settings.chat_history_limit ?? defaultChatHistoryLimit;

  function toChatProfile(site: Site, row: ChatPartnerRow): ChatProfile {
    const shown = row.visible;
    return {
      id: row.id,
      name: row.name,
      age: ageOn(row.birthDate, deps.now()),
      thumbnail: shown && row.photoKey ? site.settings.cdn_prefix + photoFileName(row.photoKey, 'thumb') : null,
      fictional: row.fictional,
      available: row.writable,
    };
  }

  function toChatMessage(site: Site, row: MessageRow, viewer: number, readUpTo: number): ChatMessage {
    const fromMe = row.senderProfileId === viewer;
    const gift = row.giftId ? deps.gifts.findGift(row.giftId, site.settings.gift_credits) : null;
    return {
      id: row.id,
      conversation: row.conversationId,
      client_id: fromMe ? row.clientId : null,
      from_me: fromMe,
      type: row.type,
      text: row.text,
      photo:
        row.photoId === null
          ? null
          : {
              thumb: `/api/chat-photo.php?id=${row.photoId}&size=thumb`,
              full: `/api/chat-photo.php?id=${row.photoId}&size=full`,
            },
      gift: gift ?? (row.giftId ? { id: row.giftId, credits: row.credits, image: `/gifts/${row.giftId}.svg` } : null),
      gif: (row.gif as Gif | null) ?? null,
      credits: fromMe ? row.credits : 0,
      created_at: row.createdAt.toISOString(),
      read: fromMe ? row.id <= readUpTo : true,
      held: row.held,
    };
  }

  function priceOf(site: Site, type: MessageRow['type'], gift: ChatGift | null): number {
    if (type === 'photo') return site.settings.photo_credits;
    if (type === 'gift') return gift!.credits;
    return site.settings.message_credits;
  }

  async function findComposer(
    site: Site,
    user: SessionUser,
    partner: ChatPartnerRow,
    conversationId: number | null,
  ): Promise<Composer> {
    const written = user.paid_user ? 0 : await repository.countWrittenConversations(user.profile.id, conversationId);
    const wroteHere =
      conversationId !== null && !user.paid_user && (await repository.hasWritten(conversationId, user.profile.id));
    const overLimit = !user.paid_user && !wroteHere && written >= freeConversationLimit;
    const money = site.settings.minimum_message_costs[user.profile.country];
    const blocker = !partner.writable
      ? partner.blocked
        ? ('blocked' as const)
        : ('unavailable' as const)
      : overLimit
        ? ('conversation_limit' as const)
        : null;
    return {
      can_write: blocker === null,
      blocker,
      prices: {
        message: site.settings.message_credits,
        photo: site.settings.photo_credits,
        gif: site.settings.message_credits,
        gift: site.settings.gift_credits,
      },
      credits: await deps.findCredits(user.id),
      message_money: money ? { amount: money.costs, currency: money.currency } : null,
      message_length: site.settings.message_length,
      paid_user: user.paid_user,
      conversations_left: user.paid_user ? null : Math.max(0, freeConversationLimit - written - (wroteHere ? 1 : 0)),
      unconfirmed: user.status === 'not_confirmed',
    };
  }

  /**
   * The events of a message: the sender's own (their other tabs), and the receiver's when it is delivered, each with
   * the member's unread total after it. `opens` marks the message that opened the conversation (the receiver is told
   * of a new conversation rather than a new message).
   */
  function messageEvents(
    site: Site,
    row: MessageRow,
    sender: { profileId: number; userId: number | null; unread: number },
    recipient: { profileId: number; userId: number | null; unread: number },
    delivered: boolean,
    opens: boolean,
  ): MemberEventInput[] {
    const events: MemberEventInput[] = [];
    for (const [member, other] of [
      [sender, recipient],
      [recipient, sender],
    ] as const) {
      if (member.userId === null || (member === recipient && !delivered)) continue;
      events.push({
        userId: member.userId,
        type: 'message',
        payload: {
          conversation: row.conversationId,
          profile: other.profileId,
          message: toChatMessage(site, row, member.profileId, 0),
          unread_total: member.unread,
          opens,
        },
      });
    }
    return events;
  }

  function normaliseText(text: string | undefined): string | null {
    if (text === undefined) return null;
    const trimmed = text.replace(/\r\n?/g, '\n').trim();
    return trimmed === '' ? null : trimmed;
  }

  async function sendMessage(
    site: Site,
    user: SessionUser,
    locale: Locale,
    input: SendMessageInput,
  ): Promise<SendMessageResponse> {
    const me = user.profile.id;
    if (input.profile === me) {
      throw new AppError('validation_failed', 'a member cannot write to themselves', { field: 'profile' });
    }
    const text = normaliseText(input.text);
    if (text !== null && [...text].length > site.settings.message_length) {
      throw new AppError('text_too_long', `message of ${[...text].length} characters`, {
        max: site.settings.message_length,
      });
    }
    if (input.type === 'message' && text === null) {
      throw new AppError('validation_failed', 'empty message', { field: 'text' });
    }
    const gift = input.type === 'gift' ? deps.gifts.findGift(input.gift ?? '', site.settings.gift_credits) : null;
    if (input.type === 'gift' && !gift) throw new AppError('validation_failed', 'unknown gift', { field: 'gift' });
    // Looked up before the transaction: GIPHY answers over the network.
    const gif = input.type === 'gif' ? await deps.gifs.findGif(input.gif ?? '', locale) : null;
    if (input.type === 'gif' && !gif) throw new AppError('validation_failed', 'unknown gif', { field: 'gif' });

    /** The message stored under this client id before, when it is this one sent again: a retry answers it. */
    async function findEarlier(): Promise<SendMessageResponse | null> {
      const earlier = await repository.findMessageByClientId(me, input.client_id);
      if (!earlier) return null;
      if (earlier.recipientProfileId !== input.profile || earlier.type !== input.type) {
        throw new AppError('idempotency_key_reused', `client id ${input.client_id} used for another message`);
      }
      const readUpTo = await repository.findReadMark(earlier.conversationId, input.profile);
      return { message: toChatMessage(site, earlier, me, readUpTo), credits: await deps.findCredits(user.id) };
    }

    /** Why this send cannot be made, or null. */
    async function findRefusal(context: Awaited<ReturnType<ChatRepository['findSendContext']>>) {
      if (!context?.partner.visible) return new AppError('not_found', `no profile ${input.profile} to write to`);
      if (!context.partner.writable) {
        return new AppError('chat_unavailable', `profile ${input.profile} cannot be written to`);
      }
      if (!user.paid_user && !context.wroteHere && context.writtenElsewhere >= freeConversationLimit) {
        return new AppError('conversation_limit_reached', `free member ${user.id} writes in enough conversations`, {
          limit: freeConversationLimit,
        });
      }
      if (
        input.type === 'photo' &&
        (input.photo === undefined || !(await repository.findUnsentChatPhoto(input.photo, me)))
      ) {
        return new AppError('validation_failed', `photo ${input.photo} is not an unsent photo of ${me}`, {
          field: 'photo',
        });
      }
      return null;
    }

    return work.transaction(async () => {
      // A free or unconfirmed member's sends are decided one at a time (the conversation limit, the held credits);
      // a premium member's need no lock: the debit is one conditional update and the client id is unique.
      if (!user.paid_user || user.status === 'not_confirmed') await repository.lockSender(me);
      const context = await repository.findSendContext(site.id, me, input.profile);
      const refusal = await findRefusal(context);
      if (refusal || !context) {
        // What has changed since the first try (a block, the photo it carries) does not refuse a retry.
        const earlier = await findEarlier();
        if (earlier) return earlier;
        throw refusal;
      }
      const { partner } = context;
      const photoId = input.type === 'photo' ? input.photo! : null;
      const price = priceOf(site, input.type, gift);
      const held = user.status === 'not_confirmed';
      if (held && (await repository.sumHeldCredits(me)) + price > site.settings.signup_credits) {
        const earlier = await findEarlier();
        if (earlier) return earlier;
        // An unconfirmed member's messages are paid from the credits confirming brings (decision 020).
        throw new AppError('insufficient_credits', `unconfirmed member ${user.id} holds enough messages`);
      }
      const now = deps.now();
      const conversationId =
        context.conversationId ??
        (await repository.ensureConversation(
          site.id,
          [
            { profileId: me, userId: user.id },
            { profileId: partner.id, userId: partner.userId },
          ],
          now,
        ));
      const stored = await repository.insertMessage(
        {
          conversationId,
          senderProfileId: me,
          recipientProfileId: partner.id,
          type: input.type,
          text,
          photoId,
          giftId: gift?.id ?? null,
          gif: gif ?? null,
          credits: price,
          clientId: input.client_id,
          held,
          createdAt: now,
        },
        !held,
      );
      // The client id was stored already: by this retry's first try, or by the same send racing it.
      if (!stored) return (await findEarlier())!;
      const { row, senderUnread, recipientUnread } = stored;
      const credits =
        held || price === 0
          ? await deps.findCredits(user.id)
          : await deps.debitCredits(
              { userId: user.id, reason: ledgerReasons[input.type], reference: String(row.id) },
              price,
            );
      const events = messageEvents(
        site,
        row,
        { profileId: me, userId: user.id, unread: senderUnread },
        { profileId: partner.id, userId: partner.userId, unread: recipientUnread },
        !held,
        context.conversationId === null,
      );
      await deps.events.appendMemberEvents(events, now);
      return { message: toChatMessage(site, row, me, 0), credits };
    });
  }

  return {
    sendMessage,

    async findChats(site: Site, user: SessionUser): Promise<ChatsResponse> {
      const me = user.profile.id;
      const [rows, unread] = await Promise.all([repository.findChats(me, chatsListLimit), repository.sumUnread(me)]);
      const chats: ChatItem[] = rows.map((row) => ({
        conversation: { id: row.conversationId },
        profile: toChatProfile(site, row.partner),
        num_unread_messages: row.unreadCount,
        last_message:
          row.last?.id == null
            ? null
            : {
                type: row.last.type!,
                text: row.last.type === 'message' ? row.last.text : null,
                from_me: row.last.senderProfileId === me,
                created_at: row.last.createdAt!.toISOString(),
              },
        updated_at: row.updatedAt.toISOString(),
      }));
      return { chats, unread_total: unread };
    },

    /**
     * The unread total of the badge on every page: kept per member (member-count-cache.ts); every change to it stores
     * a member event (a message, a conversation read or removed), which drops it.
     */
    countUnread: (user: SessionUser) => unreadTotals.findCount(user),

    /** Which of these conversations still hold unread messages for the member's profile (notification mails). */
    findUnreadConversationIds: (profileId: number, conversationIds: readonly number[]) =>
      repository.findUnreadConversationIds(profileId, conversationIds),

    /** Members whose messages have waited unread between two moments, with those conversations (reminders). */
    findLongUnread: (input: { olderThan: Date; newerThan: Date; afterUserId: number; limit: number }) =>
      repository.findLongUnread(input),

    /** A page of a conversation the member is in; null when it is not theirs or they removed it. */
    async findConversation(
      site: Site,
      user: SessionUser,
      conversationId: number,
      before?: number,
    ): Promise<MessagesResponse | null> {
      const me = user.profile.id;
      const membership = await repository.findMembership(conversationId, me);
      if (!membership?.listed || membership.siteId !== site.id) return null;
      const partner = await repository.findPartner(site.id, me, membership.otherProfileId);
      if (!partner) return null;
      const start = await repository.findHistoryStart(
        conversationId,
        me,
        membership.hiddenUpToId,
        historyLimitOf(site),
      );
      const after = start.cut && start.oldestKept !== null ? start.oldestKept - 1 : membership.hiddenUpToId;
      const [rows, readUpTo, total, composer] = await Promise.all([
        repository.findMessagesPage(conversationId, me, after, before ?? null, messagesPageSize + 1),
        repository.findReadMark(conversationId, partner.id),
        repository.countMessages(conversationId, me, after),
        findComposer(site, user, partner, conversationId),
      ]);
      const more = rows.length > messagesPageSize;
      const page = rows.slice(0, messagesPageSize);
      return {
        conversation: { id: conversationId },
        profile: toChatProfile(site, partner),
        messages: page.map((row) => toChatMessage(site, row, me, readUpTo)),
        next_before: more ? page.at(-1)!.id : null,
        history_limited: start.cut && !more,
        total,
        unread: membership.unreadCount,
        composer,
      };
    },

    /** The chat with a profile: its conversation when the member has one listed, else the start of one. */
    async findChatWith(site: Site, user: SessionUser, profileId: number) {
      const me = user.profile.id;
      if (profileId === me) return null;
      const partner = await repository.findPartner(site.id, me, profileId);
      if (!partner?.visible) return null;
      const existing = await repository.findConversationId(me, profileId);
      const membership = existing === null ? null : await repository.findMembership(existing, me);
      return {
        conversationId: membership?.listed ? existing : null,
        profile: toChatProfile(site, partner),
        composer: await findComposer(site, user, partner, existing),
      };
    },

    /** Opening a conversation: its unread count becomes 0 and the other member learns it was read. */
    async markConversationRead(user: SessionUser, conversationId: number): Promise<void> {
      const me = user.profile.id;
      await work.transaction(async () => {
        const membership = await repository.findMembership(conversationId, me);
        if (!membership) throw new AppError('not_found', `member ${me} is not in conversation ${conversationId}`);
        const upTo = await repository.markRead(conversationId, me);
        if (upTo === null) return;
        const events: MemberEventInput[] = [
          {
            userId: user.id,
            type: 'chat_read',
            payload: { conversation: conversationId, unread_total: await repository.sumUnread(me) },
          },
        ];
        const other = (await repository.findUserIds([membership.otherProfileId])).get(membership.otherProfileId);
        if (other !== undefined) {
          events.push({ userId: other, type: 'messages_read', payload: { conversation: conversationId, up_to: upTo } });
        }
        await deps.events.appendMemberEvents(events, deps.now());
      });
    },

    /** Removes conversations from the member's side (the other keeps theirs); answers the removed ids. */
    async deleteChats(user: SessionUser, target: { conversation: number } | { profile: number }): Promise<number[]> {
      const me = user.profile.id;
      return work.transaction(async () => {
        if ('conversation' in target && !(await repository.findMembership(target.conversation, me))) {
          throw new AppError('not_found', `member ${me} is not in conversation ${target.conversation}`);
        }
        const ids = await repository.hideConversations(
          me,
          'conversation' in target ? target : { otherProfile: target.profile },
        );
        if (ids.length > 0) {
          await deps.events.appendMemberEvents(
            [
              {
                userId: user.id,
                type: 'chat_removed',
                payload: { conversations: ids, unread_total: await repository.sumUnread(me) },
              },
            ],
            deps.now(),
          );
        }
        return ids;
      });
    },

    /** Stores a photo for a photo message; only its sender and its receiver will be able to load it. */
    async uploadChatPhoto(user: SessionUser, image: Buffer): Promise<{ id: number }> {
      const key = await storeChatPhoto(deps.storage, image);
      return { id: await repository.insertChatPhoto(user.profile.id, key, deps.now()) };
    },

    /** A chat photo's file for a viewer who may see it; null otherwise (whatever id they guess). */
    async findChatPhotoFile(user: SessionUser | null, photoId: number, size: 'thumb' | 'full') {
      if (!user) return null;
      const key = await repository.findChatPhotoKeyFor(photoId, user.profile.id);
      if (!key) return null;
      return deps.storage.get(`chat/${key}${size === 'thumb' ? '_thumb' : ''}.jpg`);
    },

    /** Deletes uploads no message carries after a day, with their files. */
    async deleteUnsentChatPhotos(): Promise<number> {
      const keys = await repository.deleteUnsentChatPhotos(new Date(deps.now().getTime() - 86_400_000));
      for (const key of keys) {
        await deps.storage.delete(`chat/${key}.jpg`);
        await deps.storage.delete(`chat/${key}_thumb.jpg`);
      }
      return keys.length;
    },

    findGifts: (site: Site) => deps.gifts.findGiftCatalogue(site.settings.gift_credits),

    searchGifs: (locale: Locale, query: string, offset: number, limit: number) =>
      deps.gifs.searchGifs({ query: query.trim(), locale, offset, limit }),

    /** A member reports a member (and one of their messages) from the chat: stored for moderation. */
    async reportMember(
      site: Site,
      user: SessionUser,
      input: { profile: number; message?: number; reason: ReportReason; text: string },
    ) {
      const me = user.profile.id;
      if (input.profile === me) throw new AppError('validation_failed', 'reporting oneself', { field: 'profile' });
      const partner = await repository.findPartner(site.id, me, input.profile);
      if (!partner) throw new AppError('not_found', `no profile ${input.profile}`);
      if (input.message !== undefined && !(await repository.isMessageIn(input.message, me, input.profile))) {
        throw new AppError('validation_failed', `message ${input.message} is not between ${me} and ${input.profile}`, {
          field: 'message',
        });
      }
      await repository.insertReport({
        siteId: site.id,
        reporterProfileId: me,
        reportedProfileId: input.profile,
        messageId: input.message ?? null,
        reason: input.reason,
        text: input.text.trim(),
        createdAt: deps.now(),
      });
    },

    /**
     * A member confirmed their address (inside that transaction, after the signup credits were granted): their held
     * messages are paid and delivered in order. One the receiver can no longer get, or the balance cannot pay, is
     * dropped unpaid.
     */
    async releaseHeldMessages(site: (siteId: number) => Promise<Site | null>, userId: number) {
      const profileId = await repository.findProfileOfUser(userId);
      if (profileId === null) return;
      const held = await repository.findHeldMessages(profileId);
      // An unconfirmed member's held messages are, in practice, what opened their conversations: the first released
      // in each tells the receiver of a new conversation.
      const opened = new Set<number>();
      for (const row of held) {
        const membership = await repository.findMembership(row.conversationId, profileId);
        const siteOf = membership ? await site(membership.siteId) : null;
        const partner = siteOf ? await repository.findPartner(siteOf.id, profileId, row.recipientProfileId) : null;
        if (!siteOf || !partner?.writable) {
          await repository.deleteMessage(row.id);
          continue;
        }
        if (row.credits > 0) {
          try {
            await deps.debitCredits(
              { userId, reason: ledgerReasons[row.type], reference: String(row.id) },
              row.credits,
            );
          } catch (error) {
            if (!(error instanceof AppError && error.code === 'insufficient_credits')) throw error;
            await repository.deleteMessage(row.id);
            continue;
          }
        }
        const now = deps.now();
        await repository.releaseMessage(row.id);
        await repository.recordDelivered(row.conversationId, partner.id, row.id, now);
        const released = { ...row, held: false };
        const events = messageEvents(
          siteOf,
          released,
          { profileId, userId, unread: await repository.sumUnread(profileId) },
          { profileId: partner.id, userId: partner.userId, unread: await repository.sumUnread(partner.id) },
          true,
          !opened.has(row.conversationId),
        );
        opened.add(row.conversationId);
        await deps.events.appendMemberEvents(events, now);
      }
    },

    /** For a typing signal: the other member's login, when the member is in the conversation and may write there. */
    async findTypingTarget(site: Site, user: SessionUser, conversationId: number): Promise<number | null> {
      const me = user.profile.id;
      const membership = await repository.findMembership(conversationId, me);
      if (!membership || membership.siteId !== site.id) return null;
      const partner = await repository.findPartner(site.id, me, membership.otherProfileId);
      return partner?.writable ? partner.userId : null;
    },
  };
}

export type ChatService = Awaited<ReturnType<typeof createChatService>>;
