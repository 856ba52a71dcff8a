import { closeCodeLoggedOut } from '@app/shared/chat/chat-constants';
import type { MemberEvent } from './member-events.ts';

/**
 * The realtime socket's rules, apart from the socket (realtime-socket.ts) so that they are unit-tested: what each
 * frame of /api/ws means for the page and for the last event id, how long to wait before a reconnect, and where to
 * connect.
 */

/** What the page hears of one frame. */
export type FrameEffect =
  | { kind: 'event'; event: MemberEvent }
  | { kind: 'refetch' }
  | { kind: 'typing'; conversation: number }
  | { kind: 'none' };

export interface FrameOutcome {
  /** The last event id after the frame: the socket stores it and sends it as `?after=` on a reconnect. */
  lastEventId: number | null;
  effect: FrameEffect;
  /** The frame proves the connection works (the server said hello): the back-off starts again from the shortest wait. */
  connected: boolean;
}

function isEventId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function parseFrame(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'string') return null;
  try {
    const frame: unknown = JSON.parse(data);
    return frame !== null && typeof frame === 'object' && !Array.isArray(frame)
      ? (frame as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * One frame of the socket (chat-constants.ts `ServerFrame`) read against the last event id the tab has seen:
 * - `hello` gives a tab without an id its starting point. A server whose newest id is below the tab's has lost
 *   or reset its events: the tab takes the server's id and reloads what it shows, or it would skip what comes.
 * - `event` is announced once, in order: an id at or below the last one (a replay overlapping what came live) is
 *   dropped.
 * - `refetch`: what was missed cannot be replayed; the page reloads and carries on from the server's id.
 * - `typing` is passed on. Anything else, or a malformed frame, changes nothing.
 */
export function readServerFrame(lastEventId: number | null, data: unknown): FrameOutcome {
  const unchanged: FrameOutcome = { lastEventId, effect: { kind: 'none' }, connected: false };
  const frame = parseFrame(data);
  if (!frame) return unchanged;
  switch (frame.t) {
    case 'hello': {
      if (!isEventId(frame.last_event_id)) return unchanged;
      if (lastEventId === null) return { lastEventId: frame.last_event_id, effect: { kind: 'none' }, connected: true };
      if (frame.last_event_id < lastEventId) {
        return { lastEventId: frame.last_event_id, effect: { kind: 'refetch' }, connected: true };
      }
      return { ...unchanged, connected: true };
    }
    case 'event': {
      const { id, type, payload, created_at: createdAt } = frame;
      if (!isEventId(id) || id === 0 || typeof type !== 'string' || typeof createdAt !== 'string') return unchanged;
      if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return unchanged;
      if (lastEventId !== null && id <= lastEventId) return unchanged;
      const event: MemberEvent = { id, type, payload: payload as Record<string, unknown>, created_at: createdAt };
      return { lastEventId: id, effect: { kind: 'event', event }, connected: false };
    }
    case 'refetch':
      if (!isEventId(frame.last_event_id)) return unchanged;
      return { lastEventId: frame.last_event_id, effect: { kind: 'refetch' }, connected: false };
    case 'typing':
      if (!isEventId(frame.conversation) || frame.conversation === 0) return unchanged;
      return { lastEventId, effect: { kind: 'typing', conversation: frame.conversation }, connected: false };
    default:
      return unchanged;
  }
}

const reconnectMinMs = 500;
const reconnectMaxMs = 30_000;

/**
 * The wait before reconnect number `failures + 1`: doubling from 0.5 s up to 30 s, each wait between half and all
 * of its step (never under 0.5 s), so that the tabs a restarted server dropped do not all come back at once.
 * `random` is a number in [0, 1).
 */
export function reconnectDelayMs(failures: number, random: number): number {
  const step = Math.min(reconnectMaxMs, reconnectMinMs * 2 ** Math.min(Math.max(failures, 0), 16));
  return Math.max(reconnectMinMs, Math.round(step * (0.5 + random / 2)));
}

/** After a close: the session ended (logout, password change, deletion), so stop; anything else reconnects. */
export function decideAfterClose(code: number): 'stop' | 'reconnect' {
  return code === closeCodeLoggedOut ? 'stop' : 'reconnect';
}

/** The socket's address on this page's origin, with the last event id the tab saw. */
export function socketAddress(location: { protocol: string; host: string }, lastEventId: number | null): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/ws${lastEventId === null ? '' : `?after=${lastEventId}`}`;
}

/** Where a tab keeps the last event id of a member (sessionStorage: per tab, kept over a reload). */
export function eventIdStorageKey(userId: number): string {
  return `realtime-last-event:${userId}`;
}

export function readStoredEventId(value: string | null): number | null {
  if (value === null || !/^(0|[1-9][0-9]{0,15})$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
