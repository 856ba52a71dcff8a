import { closeCodeLoggedOut, closeCodeTooSlow } from '@app/shared/chat/chat-constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MemberEvent, onMemberEvent, onRefetch, onTyping, sendTyping } from './member-events.ts';
import { startRealtimeSocket } from './realtime-socket.ts';

/** A socket the test plays the server of: it records what the page opened and sent. */
class FakeSocket {
  static readonly OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedByPage: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closedByPage = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const event = (id: number, type = 'message') => ({
  t: 'event',
  id,
  type,
  payload: { conversation: 4, unread_total: id },
  created_at: '2026-11-24T12:00:00.000Z',
});

let page: EventTarget & {
  location: { protocol: string; host: string };
  sessionStorage: ReturnType<typeof memoryStorage>;
};
let doc: EventTarget & { visibilityState: string };
let heard: MemberEvent[];
let refetches: number;
let stopListening: (() => void)[];

function latest(): FakeSocket {
  const socket = FakeSocket.opened.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.opened = [];
  page = Object.assign(new EventTarget(), {
    location: { protocol: 'http:', host: 'localhost:4300' },
    sessionStorage: memoryStorage(),
  });
  doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  vi.stubGlobal('window', page);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('WebSocket', FakeSocket);
  heard = [];
  refetches = 0;
  stopListening = [onMemberEvent((memberEvent) => heard.push(memberEvent)), onRefetch(() => refetches++)];
});

afterEach(() => {
  for (const stop of stopListening) stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the realtime socket', () => {
  it('connects once, starts from hello, and passes each event on once, in order', () => {
    const stop = startRealtimeSocket({ userId: 9, onLoggedOut: () => {} });
    expect(FakeSocket.opened.map((socket) => socket.url)).toEqual(['ws://localhost:4300/api/ws']);
    const socket = latest();
    socket.open();
    socket.receive({ t: 'hello', last_event_id: 10 });
    for (const id of [11, 12, 11, 13]) socket.receive(event(id));
    expect(heard.map((memberEvent) => memberEvent.id)).toEqual([11, 12, 13]);
    expect(page.sessionStorage.getItem('realtime-last-event:9')).toBe('13');
    stop();
    expect(socket.closedByPage).toBe(1000);
  });

  it('after a drop reconnects with the last id, and the replay brings what was missed without repeats', () => {
    startRealtimeSocket({ userId: 9, onLoggedOut: () => {} });
    latest().receive({ t: 'hello', last_event_id: 10 });
    latest().receive(event(11));
    latest().drop(closeCodeTooSlow);
    expect(FakeSocket.opened).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(FakeSocket.opened).toHaveLength(2);
    expect(latest().url).toBe('ws://localhost:4300/api/ws?after=11');
    latest().receive({ t: 'hello', last_event_id: 13 });
    for (const id of [11, 12, 13]) latest().receive(event(id));
    expect(heard.map((memberEvent) => memberEvent.id)).toEqual([11, 12, 13]);
  });

  it('waits longer after each failed attempt, and starts short again once connected', () => {
    startRealtimeSocket({ userId: 9, onLoggedOut: () => {} });
    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const before = FakeSocket.opened.length;
      latest().drop(1006);
      let waited = 0;
      while (FakeSocket.opened.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    for (let index = 1; index < waits.length; index++) {
      expect(waits[index]).toBeGreaterThanOrEqual(waits[index - 1]! / 2);
    }
    expect(waits[0]).toBe(500);
    expect(Math.max(...waits)).toBeLessThanOrEqual(30_000);
    expect(waits.at(-1)).toBeGreaterThanOrEqual(15_000);
    latest().receive({ t: 'hello', last_event_id: 0 });
    const before = FakeSocket.opened.length;
    latest().drop(1006);
    vi.advanceTimersByTime(500);
    expect(FakeSocket.opened).toHaveLength(before + 1);
  });

  it('comes back at once when the network or the tab returns', () => {
    startRealtimeSocket({ userId: 9, onLoggedOut: () => {} });
    for (let attempt = 0; attempt < 6; attempt++) {
      latest().drop(1006);
      vi.advanceTimersByTime(30_000);
    }
    const before = FakeSocket.opened.length;
    latest().drop(1006);
    page.dispatchEvent(new Event('online'));
    expect(FakeSocket.opened).toHaveLength(before + 1);
    latest().drop(1006);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(FakeSocket.opened).toHaveLength(before + 1);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(FakeSocket.opened).toHaveLength(before + 2);
    // An open socket is left alone.
    page.dispatchEvent(new Event('online'));
    expect(FakeSocket.opened).toHaveLength(before + 2);
  });

  it('stops for good when the session ended, and says so', () => {
    const loggedOut = vi.fn();
    startRealtimeSocket({ userId: 9, onLoggedOut: loggedOut });
    latest().receive({ t: 'hello', last_event_id: 10 });
    latest().drop(closeCodeLoggedOut);
    expect(loggedOut).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(120_000);
    page.dispatchEvent(new Event('online'));
    expect(FakeSocket.opened).toHaveLength(1);
    expect(page.sessionStorage.getItem('realtime-last-event:9')).toBeNull();
  });

  it('carries on from the id a reload left in the tab', () => {
    page.sessionStorage.setItem('realtime-last-event:9', '77');
    startRealtimeSocket({ userId: 9, onLoggedOut: () => {} });
    expect(latest().url).toBe('ws://localhost:4300/api/ws?after=77');
  });

  it('passes refetch and typing on, and sends typing only while open', () => {
    const typing: number[] = [];
    stopListening.push(onTyping((conversation) => typing.push(conversation)));
    startRealtimeSocket({ userId: 9, onLoggedOut: () => {} });
    sendTyping(5);
    expect(latest().sent).toEqual([]);
    latest().open();
    latest().receive({ t: 'refetch', last_event_id: 300 });
    latest().receive({ t: 'typing', conversation: 5 });
    sendTyping(5);
    expect(refetches).toBe(1);
    expect(typing).toEqual([5]);
    expect(latest().sent.map((data) => JSON.parse(data))).toEqual([
      { t: 'presence', visible: true },
      { t: 'typing', conversation: 5 },
    ]);
    expect(page.sessionStorage.getItem('realtime-last-event:9')).toBe('300');
  });

  it('once stopped neither reconnects nor sends', () => {
    const stop = startRealtimeSocket({ userId: 9, onLoggedOut: () => {} });
    const socket = latest();
    socket.open();
    stop();
    socket.drop(1006);
    vi.advanceTimersByTime(60_000);
    sendTyping(5);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(FakeSocket.opened).toHaveLength(1);
    expect(socket.sent).toEqual([JSON.stringify({ t: 'presence', visible: true })]);
  });

  it('says whether the page is in sight when it opens and whenever that changes, and again after a reconnect', () => {
    startRealtimeSocket({ userId: 9, onLoggedOut: () => {} });
    const frames = (socket: FakeSocket) => socket.sent.map((data) => JSON.parse(data));
    // Nothing while connecting: the frame goes once the socket is open.
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(latest().sent).toEqual([]);
    latest().open();
    expect(frames(latest())).toEqual([{ t: 'presence', visible: true }]);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(frames(latest())).toEqual([
      { t: 'presence', visible: true },
      { t: 'presence', visible: false },
      { t: 'presence', visible: true },
    ]);

    // Dropped while hidden: the new socket says so as soon as it opens.
    doc.visibilityState = 'hidden';
    latest().drop(1006);
    vi.advanceTimersByTime(500);
    expect(FakeSocket.opened).toHaveLength(2);
    latest().open();
    expect(frames(latest())).toEqual([{ t: 'presence', visible: false }]);
  });
});
