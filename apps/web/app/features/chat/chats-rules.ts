import type { ChatItem } from '@app/shared/chat/chat';
import { type MessageType, messageTypes } from '@app/shared/chat/chat-constants';
import { findDateTimeFormat, findRelativeTimeFormat } from '@app/shared/i18n/intl-formats';
import { type Locale, localeInfo } from '@app/shared/i18n/locales';
import type { MemberEvent } from '../realtime/member-events.ts';

/** The conversation list's rules (/chats), apart from its components so that they are unit-tested. */

/** A line of the list: the chat as GET /api/chats.php answers it, with its time as the list writes it. */
export interface ChatListEntry extends ChatItem {
  time_text: string;
}

/** How much of a message the list keeps for its preview (the line is cut to its width by CSS). */
const previewLength = 120;
const dayMs = 86_400_000;

function calendarDay(instant: Date, timeZone: string): string {
  return findDateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/**
 * When the last message came, short, in the site's time zone: the time today ("14:05"), "gisteren", the weekday in
 * the past week, else the date (with the year when it is not this year's). Loaders write the first list, so the
 * server's page and the hydrated one do not differ; the browser writes only what changes while the list is open.
 */
export function formatChatTime(at: string, now: number, locale: Locale, timeZone: string): string {
  const iso = localeInfo[locale].iso;
  const instant = new Date(at);
  const day = calendarDay(instant, timeZone);
  const today = calendarDay(new Date(now), timeZone);
  if (day >= today) return findDateTimeFormat(iso, { timeZone, hour: '2-digit', minute: '2-digit' }).format(instant);
  const daysAgo = Math.round((Date.parse(today) - Date.parse(day)) / dayMs);
  if (daysAgo === 1) return findRelativeTimeFormat(iso, { numeric: 'auto' }).format(-1, 'day');
  if (daysAgo < 7) return findDateTimeFormat(iso, { timeZone, weekday: 'long' }).format(instant);
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  const options: Intl.DateTimeFormatOptions = sameYear
    ? { timeZone, day: 'numeric', month: 'short' }
    : { timeZone, day: 'numeric', month: 'short', year: 'numeric' };
  return findDateTimeFormat(iso, options).format(instant);
}

/** The moment a chat's line shows: its last message, or when the conversation began. */
function chatMoment(chat: ChatItem): string {
  return chat.last_message?.created_at ?? chat.updated_at;
}

export function toChatListEntry(chat: ChatItem, now: number, locale: Locale, timeZone: string): ChatListEntry {
  return { ...chat, time_text: formatChatTime(chatMoment(chat), now, locale, timeZone) };
}

/** What the preview line says: the text's start, or the kind of message; "Jij: " before the member's own. */
export type ChatPreview =
  | { kind: 'none' }
  | { kind: 'text'; text: string; own: boolean }
  | { kind: Exclude<MessageType, 'message'>; own: boolean };

export function describePreview(last: ChatItem['last_message']): ChatPreview {
  if (!last) return { kind: 'none' };
  if (last.type === 'message') {
    const text = (last.text ?? '').replace(/\s+/g, ' ').trim();
    return { kind: 'text', text: text.slice(0, previewLength), own: last.from_me };
  }
  return { kind: last.type, own: last.from_me };
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** The part of a `message` event's message (chat.ts `chatMessageSchema`) the list shows, or null when malformed. */
function readEventMessage(value: unknown): NonNullable<ChatItem['last_message']> | null {
  if (value === null || typeof value !== 'object') return null;
  const message = value as Record<string, unknown>;
  const { type, text, from_me: fromMe, created_at: createdAt } = message;
  if (typeof type !== 'string' || !(messageTypes as readonly string[]).includes(type)) return null;
  if (typeof fromMe !== 'boolean' || typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) return null;
  if (text !== null && text !== undefined && typeof text !== 'string') return null;
  return {
    type: type as MessageType,
    text: type === 'message' && typeof text === 'string' ? text.slice(0, previewLength) : null,
    from_me: fromMe,
    created_at: createdAt,
  };
}

/**
 * The list after one member event (chat-constants.ts `ChatEventPayloads`):
 * - `message`: its chat shows the message, moves to the top and counts one more unread when it came from the other;
 *   a message of a chat the list does not hold yet (a new conversation) answers `unknown`: the page reloads the list.
 * - `chat_read`: the chat has nothing unread (the member opened it, here or in another tab).
 * - `chat_removed`: the chats leave the list.
 * Other events leave it as it is. `describeTime` writes a new time for the list.
 */
export function applyChatEvent(
  entries: readonly ChatListEntry[],
  event: MemberEvent,
  describeTime: (at: string) => string,
): { entries: readonly ChatListEntry[]; unknown: boolean } {
  const same = { entries, unknown: false };
  const { payload } = event;
  switch (event.type) {
    case 'message': {
      const message = readEventMessage(payload.message);
      if (!isId(payload.conversation) || !message) return same;
      const current = entries.find((entry) => entry.conversation.id === payload.conversation);
      if (!current) return { entries, unknown: true };
      // The list was loaded after this message: it is in it already, and counted.
      const shown = current.last_message ? Date.parse(current.last_message.created_at) : Number.NEGATIVE_INFINITY;
      if (shown >= Date.parse(message.created_at)) return same;
      const updated: ChatListEntry = {
        ...current,
        last_message: message,
        updated_at: message.created_at,
        num_unread_messages: current.num_unread_messages + (message.from_me ? 0 : 1),
        time_text: describeTime(message.created_at),
      };
      return { entries: [updated, ...entries.filter((entry) => entry !== current)], unknown: false };
    }
    case 'chat_read': {
      const read = entries.find((entry) => entry.conversation.id === payload.conversation);
      if (!read || read.num_unread_messages === 0) return same;
      const updated = entries.map((entry) => (entry === read ? { ...entry, num_unread_messages: 0 } : entry));
      return { entries: updated, unknown: false };
    }
    case 'chat_removed': {
      const removed = Array.isArray(payload.conversations) ? new Set(payload.conversations) : null;
      if (!removed || !entries.some((entry) => removed.has(entry.conversation.id))) return same;
      return { entries: entries.filter((entry) => !removed.has(entry.conversation.id)), unknown: false };
    }
    default:
      return same;
  }
}

/** The conversation whose delete confirmation the address opens (`?delete=<id>`), when the list holds it. */
export function findChatToDelete<Entry extends ChatItem>(entries: readonly Entry[], search: string): Entry | null {
  const value = new URLSearchParams(search).get('delete');
  if (value === null || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  return entries.find((entry) => entry.conversation.id === Number(value)) ?? null;
}

/** The list's address with the delete confirmation of a chat open, or closed (null); other parameters stay. */
export function withDeleteParam(search: string, conversationId: number | null): string {
  const params = new URLSearchParams(search);
  if (conversationId === null) params.delete('delete');
  else params.set('delete', String(conversationId));
  const query = params.toString();
  return `/chats${query ? `?${query}` : ''}`;
}

/** Whether two addresses of the list differ only in the delete confirmation (no reload of the list for that). */
export function differsOnlyInDeleteParam(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname || current.search === next.search) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete('delete');
    params.sort();
    return params.toString();
  };
  return strip(current) === strip(next);
}
