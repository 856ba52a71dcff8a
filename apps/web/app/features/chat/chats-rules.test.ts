import type { ChatItem } from '@app/shared/chat/chat';
import { describe, expect, it } from 'vitest';
import {
  applyChatEvent,
  type ChatListEntry,
  describePreview,
  differsOnlyInDeleteParam,
  findChatToDelete,
  formatChatTime,
  toChatListEntry,
  withDeleteParam,
} from './chats-rules.ts';

const zone = 'Europe/Amsterdam';

function chat(id: number, at: string, extra: Partial<ChatItem> = {}): ChatListEntry {
  return {
    conversation: { id },
    profile: { id: 100 + id, name: `Lid ${id}`, age: 30, thumbnail: null, fictional: false, available: true },
    num_unread_messages: 0,
    last_message: { type: 'message', text: 'Hoi', from_me: false, created_at: at },
    updated_at: at,
    time_text: 'earlier',
    ...extra,
  };
}

function messageEvent(conversation: number, message: Record<string, unknown>, id = 50) {
  return {
    id,
    type: 'message',
    payload: { conversation, profile: 100 + conversation, message, unread_total: 3 },
    created_at: '2026-11-24T12:00:00.000Z',
  };
}

const incoming = (at: string, extra: Record<string, unknown> = {}) => ({
  id: 9,
  conversation: 2,
  client_id: null,
  from_me: false,
  type: 'message',
  text: 'Zin in een drankje?',
  photo: null,
  gift: null,
  gif: null,
  credits: 0,
  created_at: at,
  read: false,
  held: false,
  ...extra,
});

const describeTime = (at: string) => `at ${at.slice(11, 16)}`;

describe('the time of a chat', () => {
  // Tuesday 24 November 2026, 15:00 in Amsterdam.
  const now = Date.parse('2026-11-24T14:00:00Z');

  it('is the time of day today, in the site’s zone', () => {
    expect(formatChatTime('2026-11-24T08:05:00Z', now, 'nl', zone)).toBe('09:05');
    expect(formatChatTime('2026-11-24T08:05:00Z', now, 'nl', 'America/New_York')).toBe('03:05');
  });

  it('counts days by the site’s calendar, not UTC’s', () => {
    // 23:30 UTC on the 23rd is already the 24th in Amsterdam.
    expect(formatChatTime('2026-11-23T23:30:00Z', now, 'nl', zone)).toBe('00:30');
  });

  it('says yesterday, then the weekday in the past week', () => {
    expect(formatChatTime('2026-11-23T10:00:00Z', now, 'nl', zone)).toBe('gisteren');
    expect(formatChatTime('2026-11-23T10:00:00Z', now, 'en', zone)).toBe('yesterday');
    expect(formatChatTime('2026-11-20T10:00:00Z', now, 'nl', zone)).toBe('vrijdag');
    expect(formatChatTime('2026-11-18T10:00:00Z', now, 'de', zone)).toBe('Mittwoch');
  });

  it('is the date beyond a week, with the year only when it is another', () => {
    expect(formatChatTime('2026-11-10T10:00:00Z', now, 'nl', zone)).toMatch(/^10 nov/);
    expect(formatChatTime('2026-11-10T10:00:00Z', now, 'nl', zone)).not.toMatch(/2026/);
    expect(formatChatTime('2025-12-30T10:00:00Z', now, 'nl', zone)).toMatch(/30 dec.*2025/);
  });

  it('of a message a little ahead of the clock is its time', () => {
    expect(formatChatTime('2026-11-24T14:00:30Z', now, 'nl', zone)).toBe('15:00');
  });

  it('of a chat without messages is when it began', () => {
    const entry = toChatListEntry(chat(1, '2026-11-24T08:05:00Z', { last_message: null }), now, 'nl', zone);
    expect(entry.time_text).toBe('09:05');
  });
});

describe('the preview', () => {
  it('is the text’s start on one line, marked when it is the member’s own', () => {
    const last = { type: 'message' as const, text: 'Hoi!\n\nHoe  gaat het?', from_me: true, created_at: '' };
    expect(describePreview(last)).toEqual({ kind: 'text', text: 'Hoi! Hoe gaat het?', own: true });
    const long = describePreview({ ...last, text: 'a'.repeat(500), from_me: false });
    expect(long).toEqual({ kind: 'text', text: 'a'.repeat(120), own: false });
  });

  it('names a photo, a GIF or a gift', () => {
    for (const type of ['photo', 'gif', 'gift'] as const) {
      expect(describePreview({ type, text: null, from_me: false, created_at: '' })).toEqual({ kind: type, own: false });
    }
  });

  it('is empty for a conversation without messages', () => {
    expect(describePreview(null)).toEqual({ kind: 'none' });
  });
});

describe('a message event', () => {
  const list = [chat(1, '2026-11-24T10:00:00Z'), chat(2, '2026-11-24T09:00:00Z'), chat(3, '2026-11-24T08:00:00Z')];

  it('moves its chat to the top with the message, its time and one more unread', () => {
    const { entries, unknown } = applyChatEvent(
      list,
      messageEvent(2, incoming('2026-11-24T11:30:00.000Z')),
      describeTime,
    );
    expect(unknown).toBe(false);
    expect(entries.map((entry) => entry.conversation.id)).toEqual([2, 1, 3]);
    expect(entries[0]).toMatchObject({
      num_unread_messages: 1,
      last_message: { type: 'message', text: 'Zin in een drankje?', from_me: false },
      updated_at: '2026-11-24T11:30:00.000Z',
      time_text: 'at 11:30',
    });
  });

  it('of the member’s own (another tab) moves the chat but adds nothing unread', () => {
    const own = incoming('2026-11-24T11:30:00.000Z', { from_me: true, type: 'gift', text: null });
    const { entries } = applyChatEvent(list, messageEvent(3, own), describeTime);
    expect(entries[0]).toMatchObject({
      conversation: { id: 3 },
      num_unread_messages: 0,
      last_message: { type: 'gift', text: null, from_me: true },
    });
  });

  it('the list already holds (loaded after it) changes nothing', () => {
    const event = messageEvent(2, incoming('2026-11-24T09:00:00Z'));
    expect(applyChatEvent(list, event, describeTime)).toEqual({ entries: list, unknown: false });
  });

  it('of a conversation the list does not hold asks for the list again', () => {
    const { entries, unknown } = applyChatEvent(list, messageEvent(8, incoming('2026-11-24T11:30:00Z')), describeTime);
    expect(unknown).toBe(true);
    expect(entries).toBe(list);
  });

  it('that is malformed is left alone', () => {
    for (const message of [null, 'hoi', incoming('gisteren'), incoming('2026-11-24T11:30:00Z', { type: 'video' })]) {
      expect(applyChatEvent(list, messageEvent(2, message as never), describeTime)).toEqual({
        entries: list,
        unknown: false,
      });
    }
  });
});

describe('read and removal events', () => {
  const list = [
    chat(1, '2026-11-24T10:00:00Z', { num_unread_messages: 4 }),
    chat(2, '2026-11-24T09:00:00Z', { num_unread_messages: 1 }),
    chat(3, '2026-11-24T08:00:00Z'),
  ];
  const event = (type: string, payload: Record<string, unknown>) => ({ id: 7, type, payload, created_at: '' });

  it('a read clears its chat’s count and leaves the order', () => {
    const { entries } = applyChatEvent(list, event('chat_read', { conversation: 1, unread_total: 1 }), describeTime);
    expect(entries.map((entry) => [entry.conversation.id, entry.num_unread_messages])).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
    ]);
  });

  it('a removal takes every removed chat out', () => {
    const { entries } = applyChatEvent(
      list,
      event('chat_removed', { conversations: [1, 3, 99], unread_total: 1 }),
      describeTime,
    );
    expect(entries.map((entry) => entry.conversation.id)).toEqual([2]);
  });

  it('of chats the list does not hold, or other events, change nothing', () => {
    for (const other of [
      event('chat_read', { conversation: 99, unread_total: 0 }),
      event('chat_read', { conversation: 3, unread_total: 0 }),
      event('chat_removed', { conversations: [99], unread_total: 0 }),
      event('chat_removed', { conversations: 'all' }),
      event('messages_read', { conversation: 1, up_to: 5 }),
      event('like_received', { match: false }),
    ]) {
      expect(applyChatEvent(list, other, describeTime).entries).toBe(list);
    }
  });
});

describe('the delete confirmation in the address', () => {
  const list = [chat(1, '2026-11-24T10:00:00Z'), chat(2, '2026-11-24T09:00:00Z')];

  it('opens for a chat of the list only', () => {
    expect(findChatToDelete(list, '?delete=2')?.conversation.id).toBe(2);
    for (const search of ['', '?delete=9', '?delete=02', '?delete=abc', '?delete=-1']) {
      expect(findChatToDelete(list, search)).toBeNull();
    }
  });

  it('opens and closes keeping the other parameters', () => {
    expect(withDeleteParam('', 4)).toBe('/chats?delete=4');
    expect(withDeleteParam('?delete=4', null)).toBe('/chats');
    expect(withDeleteParam('?x=1&delete=4', null)).toBe('/chats?x=1');
  });

  it('does not reload the list when it opens or closes', () => {
    const at = (path: string) => new URL(path, 'http://localhost');
    expect(differsOnlyInDeleteParam(at('/chats'), at('/chats?delete=4'))).toBe(true);
    expect(differsOnlyInDeleteParam(at('/chats?delete=4'), at('/chats'))).toBe(true);
    // A revalidation (same address) and any other change reload it.
    expect(differsOnlyInDeleteParam(at('/chats'), at('/chats'))).toBe(false);
    expect(differsOnlyInDeleteParam(at('/chats?delete=4'), at('/chats?delete_error=not_found'))).toBe(false);
    expect(differsOnlyInDeleteParam(at('/chats'), at('/chats/4'))).toBe(false);
  });
});
