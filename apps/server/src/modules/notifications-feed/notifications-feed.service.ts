import type { SessionUser } from '@app/shared/accounts/session-user';
import {
  listedCreditReasons,
  type NotificationEntry,
  type NotificationsResponse,
} from '@app/shared/notifications/notifications-feed';
import { toCardPhoto } from '../profiles/member-card.ts';
import type { Site } from '../sites/sites.service.ts';
import type { FeedEventRow, NotificationsFeedRepository } from './notifications-feed.repository.ts';

/** Entries a page shows at most. */
const feedPageSize = 20;
/**
 * Events one page reads at most: a long chat's messages fold into one entry, so a page may stand for many events,
 * but never costs more than this; the next page goes on where the reading stopped.
 */
const feedScanLimit = 200;

type CreditReason = (typeof listedCreditReasons)[number];

function isListedReason(value: unknown): value is CreditReason {
  return listedCreditReasons.some((reason) => reason === value);
}

function toEntry(site: Site, row: FeedEventRow, readMark: number): NotificationEntry {
  const profile = row.profile && {
    id: row.profile.id,
    name: row.profile.name,
    fictional: row.profile.fictional,
    thumbnail: toCardPhoto(row.profile.photoKey, site.settings.cdn_prefix)?.thumb ?? null,
  };
  const base = {
    id: row.id,
    at: row.createdAt.toISOString(),
    unread: row.id > readMark,
    profile,
    count: 1,
    conversation: null,
    credit_reason: null,
    credits: null,
  };
  if (row.type === 'message') {
    const conversation = Number(row.payload.conversation);
    return { ...base, kind: 'messages', conversation, link: `/chats/${conversation}` };
  }
  if (row.type === 'match') return { ...base, kind: 'match', link: `/members/${profile!.id}` };
  if (row.type === 'credits') {
    const reason = row.payload.reason;
    return {
      ...base,
      kind: 'credits',
      credit_reason: isListedReason(reason) ? reason : null,
      credits: Number(row.payload.credits),
      link: '/transactions?tab=credits',
    };
  }
  // A received like names nobody: the likes page shows whom the member may see (decision 018).
  return { ...base, kind: 'like', profile: null, link: '/likes' };
}

/** /notifications: what happened to the member, newest first, from their member events. */
export function createNotificationsFeedService(deps: { repository: NotificationsFeedRepository }) {
  const { repository } = deps;

  return {
    /**
     * One page of the member's notifications, older than `before`; entries newer than the read mark are unread,
     * and with `markRead` the mark then moves up to the newest entry shown. A conversation's messages on one page are one entry
     * (at its newest message). The page ends where the reading stopped, so the next one starts right after it:
     * no event is skipped or shown twice.
     */
    async viewNotifications(
      site: Site,
      user: SessionUser,
      options: { before?: number; markRead: boolean },
    ): Promise<NotificationsResponse> {
      const readMark = await repository.findReadMark(user.id);
      const rows = await repository.findFeedEvents(
        { id: user.id, profileId: user.profile.id },
        options.before ?? Number.MAX_SAFE_INTEGER,
        feedScanLimit + 1,
      );
      const scanned = rows.slice(0, feedScanLimit);
      const entries: NotificationEntry[] = [];
      const byConversation = new Map<number, NotificationEntry>();
      let next: number | null = rows.length > feedScanLimit ? scanned[scanned.length - 1]!.id : null;
      for (const [index, row] of scanned.entries()) {
        const conversation = row.type === 'message' ? Number(row.payload.conversation) : null;
        const group = conversation === null ? undefined : byConversation.get(conversation);
        if (group) {
          group.count += 1;
          continue;
        }
        if (entries.length === feedPageSize) {
          next = scanned[index - 1]!.id;
          break;
        }
        const entry = toEntry(site, row, readMark);
        entries.push(entry);
        if (conversation !== null) byConversation.set(conversation, entry);
      }
      const newest = entries[0]?.id ?? 0;
      if (options.markRead && newest > readMark) await repository.markReadUpTo(user.id, newest);
      return { entries, next };
    },
  };
}

export type NotificationsFeedService = ReturnType<typeof createNotificationsFeedService>;
