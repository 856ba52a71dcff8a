import { closeCodeLoggedOut, closeCodeTooSlow } from '@app/shared/chat/chat-constants';
import { describe, expect, it } from 'vitest';
import {
  decideAfterClose,
  eventIdStorageKey,
  readServerFrame,
  readStoredEventId,
  reconnectDelayMs,
  socketAddress,
} from './realtime-rules.ts';

const frame = (value: unknown) => JSON.stringify(value);
const event = (id: number, type = 'message', payload: Record<string, unknown> = { conversation: 3 }) =>
  frame({ t: 'event', id, type, payload, created_at: '2026-11-24T12:00:00.000Z' });

describe('a hello frame', () => {
  it('gives a tab without an id its starting point', () => {
    expect(readServerFrame(null, frame({ t: 'hello', last_event_id: 41 }))).toEqual({
      lastEventId: 41,
      effect: { kind: 'none' },
      connected: true,
    });
  });

  it('leaves the id of a tab that has one (the replay follows from it)', () => {
    expect(readServerFrame(30, frame({ t: 'hello', last_event_id: 41 }))).toEqual({
      lastEventId: 30,
      effect: { kind: 'none' },
      connected: true,
    });
  });

  it('from a server that is behind the tab makes the page reload and start from the server', () => {
    expect(readServerFrame(90, frame({ t: 'hello', last_event_id: 12 }))).toEqual({
      lastEventId: 12,
      effect: { kind: 'refetch' },
      connected: true,
    });
  });
});

describe('an event frame', () => {
  it('is announced and becomes the last id', () => {
    const outcome = readServerFrame(5, event(6, 'chat_read', { conversation: 3, unread_total: 0 }));
    expect(outcome.lastEventId).toBe(6);
    expect(outcome.effect).toEqual({
      kind: 'event',
      event: {
        id: 6,
        type: 'chat_read',
        payload: { conversation: 3, unread_total: 0 },
        created_at: '2026-11-24T12:00:00.000Z',
      },
    });
  });

  it('at or below the last id is dropped (a replay overlapping what came live)', () => {
    expect(readServerFrame(6, event(6))).toEqual({ lastEventId: 6, effect: { kind: 'none' }, connected: false });
    expect(readServerFrame(6, event(2))).toEqual({ lastEventId: 6, effect: { kind: 'none' }, connected: false });
  });

  it('is taken by a tab that has no id yet', () => {
    expect(readServerFrame(null, event(1)).lastEventId).toBe(1);
  });

  it('delivers a run in order, each once, whatever repeats', () => {
    let last: number | null = 3;
    const seen: number[] = [];
    for (const id of [2, 3, 4, 5, 4, 5, 6]) {
      const outcome = readServerFrame(last, event(id));
      last = outcome.lastEventId;
      if (outcome.effect.kind === 'event') seen.push(outcome.effect.event.id);
    }
    expect(seen).toEqual([4, 5, 6]);
    expect(last).toBe(6);
  });
});

describe('refetch and typing frames', () => {
  it('refetch reloads the page and adopts the server id, older or newer', () => {
    expect(readServerFrame(10, frame({ t: 'refetch', last_event_id: 500 }))).toEqual({
      lastEventId: 500,
      effect: { kind: 'refetch' },
      connected: false,
    });
    expect(readServerFrame(null, frame({ t: 'refetch', last_event_id: 0 })).lastEventId).toBe(0);
  });

  it('typing passes the conversation on and keeps the id', () => {
    expect(readServerFrame(8, frame({ t: 'typing', conversation: 12 }))).toEqual({
      lastEventId: 8,
      effect: { kind: 'typing', conversation: 12 },
      connected: false,
    });
  });
});

describe('a frame that is not one', () => {
  it.each([
    ['not JSON', '{'],
    ['a list', '[1]'],
    ['null', 'null'],
    ['binary', new ArrayBuffer(4)],
    ['an unknown kind', frame({ t: 'welcome', last_event_id: 3 })],
    ['a hello without an id', frame({ t: 'hello' })],
    ['a negative id', frame({ t: 'hello', last_event_id: -1 })],
    ['an event id 0', event(0)],
    ['an event with a text id', frame({ t: 'event', id: '9', type: 'x', payload: {}, created_at: 'now' })],
    ['an event without a payload', frame({ t: 'event', id: 9, type: 'x', created_at: 'now' })],
    ['an event with a list payload', frame({ t: 'event', id: 9, type: 'x', payload: [], created_at: 'now' })],
    ['a refetch with a fractional id', frame({ t: 'refetch', last_event_id: 1.5 })],
    ['typing without a conversation', frame({ t: 'typing' })],
  ])('%s changes nothing', (_name, data) => {
    expect(readServerFrame(7, data)).toEqual({ lastEventId: 7, effect: { kind: 'none' }, connected: false });
  });
});

describe('the reconnect wait', () => {
  it('starts at 0.5 s', () => {
    expect(reconnectDelayMs(0, 0)).toBe(500);
    expect(reconnectDelayMs(0, 0.999)).toBe(500);
  });

  it('doubles with each failure, between half and all of its step', () => {
    expect(reconnectDelayMs(1, 0)).toBe(500);
    expect(reconnectDelayMs(1, 0.999)).toBe(1000);
    expect(reconnectDelayMs(3, 0)).toBe(2000);
    expect(reconnectDelayMs(3, 0.5)).toBe(3000);
  });

  it('never exceeds 30 s however long the server is away', () => {
    expect(reconnectDelayMs(6, 0.999)).toBe(29_985);
    expect(reconnectDelayMs(1000, 0.999)).toBeLessThanOrEqual(30_000);
    expect(reconnectDelayMs(1000, 0)).toBe(15_000);
    expect(reconnectDelayMs(Number.POSITIVE_INFINITY, 0.5)).toBe(22_500);
  });

  it('spreads the tabs of one failure count apart', () => {
    const waits = new Set([0, 0.25, 0.5, 0.75].map((random) => reconnectDelayMs(5, random)));
    expect(waits.size).toBe(4);
  });
});

describe('a close', () => {
  it('of an ended session stops the socket', () => {
    expect(decideAfterClose(closeCodeLoggedOut)).toBe('stop');
  });

  it('of a slow reader, a restart or a lost network reconnects', () => {
    expect(decideAfterClose(closeCodeTooSlow)).toBe('reconnect');
    expect(decideAfterClose(1001)).toBe('reconnect');
    expect(decideAfterClose(1006)).toBe('reconnect');
    expect(decideAfterClose(1000)).toBe('reconnect');
  });
});

describe('the address', () => {
  it('follows the page: wss on https, ws on http, with the last id when there is one', () => {
    expect(socketAddress({ protocol: 'https:', host: 'hartklop.nl' }, null)).toBe('wss://hartklop.nl/api/ws');
    expect(socketAddress({ protocol: 'http:', host: 'localhost:4300' }, 0)).toBe('ws://localhost:4300/api/ws?after=0');
    expect(socketAddress({ protocol: 'https:', host: 'hartklop.nl' }, 123)).toBe('wss://hartklop.nl/api/ws?after=123');
  });
});

describe('the stored id', () => {
  it('is kept per member', () => {
    expect(eventIdStorageKey(7)).not.toBe(eventIdStorageKey(8));
  });

  it('is read back only when it is a plain whole number', () => {
    expect(readStoredEventId('42')).toBe(42);
    expect(readStoredEventId('0')).toBe(0);
    for (const value of [null, '', '-1', '1e3', '04', '1.5', 'abc', '99999999999999999']) {
      expect(readStoredEventId(value)).toBeNull();
    }
  });
});
