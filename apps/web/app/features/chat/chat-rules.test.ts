import type { ChatMessage, Composer } from '@app/shared/chat/chat';
import { clientIdPattern, typingRepeatMs } from '@app/shared/chat/chat-constants';
import { describe, expect, it } from 'vitest';
import {
  changesOnlyView,
  createClientId,
  dropSettled,
  findDay,
  findDayName,
  findOpenDialog,
  findOwnMessageState,
  findSendCost,
  groupByDay,
  isTypingDue,
  mergeMessages,
  type PendingMessage,
  readEventMessage,
} from './chat-rules.ts';

const zone = 'Europe/Amsterdam';

function message(id: number, created_at: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    conversation: 7,
    client_id: null,
    from_me: true,
    type: 'message',
    text: `bericht ${id}`,
    photo: null,
    gift: null,
    gif: null,
    credits: 5,
    created_at,
    read: false,
    held: false,
    ...extra,
  };
}

function pending(client_id: string): PendingMessage {
  return {
    client_id,
    type: 'message',
    text: 'hoi',
    gif: null,
    gift: null,
    photoPreview: null,
    created_at: '2026-05-04T10:00:00.000Z',
    status: 'sending',
    error: null,
  };
}

describe('messages by day', () => {
  it('puts consecutive messages of one calendar day of the site under one divider', () => {
    const groups = groupByDay(
      [
        message(1, '2026-05-03T21:59:00.000Z'), // 23:59 in Amsterdam (summer time)
        message(2, '2026-05-03T22:01:00.000Z'), // 00:01 the next day there
        message(3, '2026-05-04T09:00:00.000Z'),
        message(4, '2026-05-06T09:00:00.000Z'),
      ],
      zone,
    );
    expect(groups.map((group) => [group.day, group.items.map((item) => item.id)])).toEqual([
      ['2026-05-03', [1]],
      ['2026-05-04', [2, 3]],
      ['2026-05-06', [4]],
    ]);
  });

  it('answers no groups for no messages', () => {
    expect(groupByDay([], zone)).toEqual([]);
  });

  it('names today and yesterday on the site clock, across the change to summer time, and other days by date', () => {
    const now = Date.parse('2026-03-29T10:00:00.000Z'); // the night the clocks went forward
    expect(findDay(now, zone)).toBe('2026-03-29');
    expect(findDayName('2026-03-29', now, zone)).toBe('today');
    expect(findDayName('2026-03-28', now, zone)).toBe('yesterday');
    expect(findDayName('2026-03-27', now, zone)).toBe('date');
    expect(findDayName('2026-03-01', Date.parse('2026-03-01T23:30:00.000Z'), zone)).toBe('yesterday');
  });
});

describe('state of an own message', () => {
  it('is held while the sender has not confirmed, whatever else', () => {
    expect(findOwnMessageState({ id: 5, read: true, held: true }, 10)).toBe('held');
  });

  it('is read when the answer says so or a read receipt reached it', () => {
    expect(findOwnMessageState({ id: 5, read: true, held: false }, 0)).toBe('read');
    expect(findOwnMessageState({ id: 5, read: false, held: false }, 5)).toBe('read');
    expect(findOwnMessageState({ id: 6, read: false, held: false }, 5)).toBe('sent');
  });
});

describe('merging the sources of messages', () => {
  it('keeps each message once, oldest first, the later copy winning but read staying read', () => {
    const merged = mergeMessages(
      [message(2, '2026-05-04T10:02:00.000Z', { read: true })],
      [message(3, '2026-05-04T10:03:00.000Z'), message(1, '2026-05-04T10:01:00.000Z')],
      [message(2, '2026-05-04T10:02:00.000Z', { read: false, held: false, text: 'nieuwer' })],
    );
    expect(merged.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(merged[1]).toMatchObject({ text: 'nieuwer', read: true });
  });

  it('drops a pending send once the server answered it, by its client id', () => {
    const stored = [message(1, '2026-05-04T10:01:00.000Z', { client_id: 'abc12345' })];
    expect(dropSettled([pending('abc12345'), pending('def67890')], stored).map((item) => item.client_id)).toEqual([
      'def67890',
    ]);
  });

  it("reads a `message` event's message only for this conversation", () => {
    const payload = { conversation: 7, profile: 3, message: message(9, '2026-05-04T10:00:00.000Z'), unread_total: 1 };
    expect(readEventMessage(payload, 7)?.id).toBe(9);
    expect(readEventMessage(payload, 8)).toBeNull();
    expect(readEventMessage({ conversation: 7, message: null }, 7)).toBeNull();
  });
});

describe('what a send costs', () => {
  const composer: Pick<Composer, 'prices' | 'message_money'> = {
    prices: { message: 5, photo: 10, gif: 5, gift: 15 },
    message_money: { amount: 0.45, currency: 'EUR' },
  };

  it("is the type's credits and the country's message price in proportion", () => {
    expect(findSendCost('message', composer)).toEqual({ credits: 5, money: { amount: 0.45, currency: 'EUR' } });
    expect(findSendCost('photo', composer)).toEqual({ credits: 10, money: { amount: 0.9, currency: 'EUR' } });
    expect(findSendCost('gif', composer).credits).toBe(5);
  });

  it("is a gift's own price when it has one, else the site's gift price", () => {
    expect(findSendCost('gift', composer, 25)).toEqual({ credits: 25, money: { amount: 2.25, currency: 'EUR' } });
    expect(findSendCost('gift', composer).credits).toBe(15);
  });

  it('has no money without a country price or a message price', () => {
    expect(findSendCost('message', { ...composer, message_money: null }).money).toBeNull();
    expect(
      findSendCost('photo', { prices: { ...composer.prices, message: 0 }, message_money: composer.message_money }),
    ).toEqual({ credits: 10, money: null });
  });
});

describe('client ids and typing', () => {
  it('makes client ids the server accepts, different each time', () => {
    const first = createClientId();
    expect(first).toMatch(clientIdPattern);
    expect(first).not.toContain('-');
    expect(createClientId()).not.toBe(first);
    expect(() => createClientId(() => 'short')).toThrow();
  });

  it('sends the typing signal at once, then at most every few seconds', () => {
    expect(isTypingDue(null, 1_000)).toBe(true);
    expect(isTypingDue(1_000, 1_000 + typingRepeatMs - 1)).toBe(false);
    expect(isTypingDue(1_000, 1_000 + typingRepeatMs)).toBe(true);
  });
});

describe('the address of the page', () => {
  const url = (path: string) => new URL(path, 'http://localhost');

  it('reads a dialog from its parameter, and deleting only with a conversation', () => {
    expect(findOpenDialog('?report=form', true)).toBe('report');
    expect(findOpenDialog('?block=modal&panel=gif', false)).toBe('block');
    expect(findOpenDialog('?delete=confirm', true)).toBe('delete');
    expect(findOpenDialog('?delete=confirm', false)).toBeNull();
    expect(findOpenDialog('?report=yes', true)).toBeNull();
  });

  it('reads nothing again when only a dialog opens or closes', () => {
    expect(changesOnlyView(url('/chats/7'), url('/chats/7?report=form'))).toBe(true);
    expect(changesOnlyView(url('/chats/7?reported=1'), url('/chats/7'))).toBe(true);
    expect(changesOnlyView(url('/chats/7?before=40&block=modal'), url('/chats/7?before=40'))).toBe(true);
    expect(changesOnlyView(url('/chats/7'), url('/chats/7?before=40'))).toBe(false);
    expect(changesOnlyView(url('/chats/7'), url('/chats/7?gif=kat'))).toBe(false);
    expect(changesOnlyView(url('/chats/7'), url('/chats/8'))).toBe(false);
    // A revalidation (the other member wrote first on /members/{id}/chat) reads the page again.
    expect(changesOnlyView(url('/chats/7?report=form'), url('/chats/7?report=form'))).toBe(false);
  });
});
