import { describe, expect, it } from 'vitest';
import { isLikeEvent, readCreditsBalance, readUnreadTotal } from './member-event-rules.ts';

describe('events for other parts of the page', () => {
  const memberEvent = (type: string, payload: Record<string, unknown>) => ({
    id: 1,
    type,
    payload,
    created_at: '2026-11-24T12:00:00.000Z',
  });

  it('a credits event carries the new balance', () => {
    expect(readCreditsBalance(memberEvent('credits', { credits: 12, reason: 'message' }))).toBe(12);
    expect(readCreditsBalance(memberEvent('credits', { credits: 0, reason: 'message' }))).toBe(0);
    expect(readCreditsBalance(memberEvent('credits', { credits: '12' }))).toBeNull();
    expect(readCreditsBalance(memberEvent('message', { credits: 12 }))).toBeNull();
  });

  it('likes, matches and withdrawn likes reload the likes; messages do not', () => {
    for (const type of ['like_received', 'like_given', 'like_withdrawn', 'like_taken_back', 'match']) {
      expect(isLikeEvent(memberEvent(type, {}))).toBe(true);
    }
    for (const type of ['message', 'chat_read', 'credits']) expect(isLikeEvent(memberEvent(type, {}))).toBe(false);
  });

  it('messages, reads and removals carry the unread total; other events do not', () => {
    expect(readUnreadTotal(memberEvent('message', { conversation: 1, unread_total: 4 }))).toBe(4);
    expect(readUnreadTotal(memberEvent('chat_read', { conversation: 1, unread_total: 0 }))).toBe(0);
    expect(readUnreadTotal(memberEvent('chat_removed', { conversations: [1], unread_total: 2 }))).toBe(2);
    expect(readUnreadTotal(memberEvent('messages_read', { conversation: 1, unread_total: 3 }))).toBeNull();
    expect(readUnreadTotal(memberEvent('message', { conversation: 1 }))).toBeNull();
    expect(readUnreadTotal(memberEvent('message', { unread_total: -1 }))).toBeNull();
  });
});
