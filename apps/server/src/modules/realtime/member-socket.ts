import { closeCodeTooSlow, replayLimit, type ServerFrame } from '@app/shared/chat/chat-constants';
import type { WebSocket } from 'ws';
import type { PublishedMemberEvent } from '../../events/channels.ts';

/** What a socket reads from the database when the bus's news does not follow on from what it sent. */
export interface EventSource {
  findMemberEventsAfter(
    userId: number,
    afterId: number,
    limit: number,
  ): Promise<{ id: number; type: string; payload: unknown; createdAt: Date }[]>;
  findLastEventId(userId: number): Promise<number>;
  hasMemberEvent(userId: number, id: number): Promise<boolean>;
}

/** Bytes a socket may have waiting to be sent; beyond, the client reads too slowly and must reconnect and replay. */
const maxBufferedBytes = 512 * 1024;

/**
 * One member's open socket: sends each of their events once, in id order. Everything that sends goes through one
 * queue per socket, so replay, live news and catch-up never interleave.
 */
export class MemberSocket {
  /** The newest event id this socket has sent (or the client had). */
  private lastSent = 0;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  readonly userId: number;
  readonly tokenHash: string;
  private readonly socket: WebSocket;
  private readonly source: EventSource;
  private readonly onError: (error: unknown) => void;

  constructor(
    userId: number,
    tokenHash: string,
    socket: WebSocket,
    source: EventSource,
    onError: (error: unknown) => void,
  ) {
    this.userId = userId;
    this.tokenHash = tokenHash;
    this.socket = socket;
    this.source = source;
    this.onError = onError;
    socket.on('close', () => {
      this.closed = true;
    });
  }

  get isOpen() {
    return !this.closed && this.socket.readyState === this.socket.OPEN;
  }

  /** Starts the socket: from now (no `after`), or with the events after the client's last one. */
  start(after: number | null) {
    this.enqueue(async () => {
      const last = await this.source.findLastEventId(this.userId);
      if (after === null || after > last) {
        this.lastSent = last;
        this.send({ t: 'hello', last_event_id: last });
        return;
      }
      // An id the member does not have (removed as too old, or never theirs) cannot be replayed from.
      if (after > 0 && after < last && !(await this.source.hasMemberEvent(this.userId, after))) {
        this.lastSent = last;
        this.send({ t: 'refetch', last_event_id: last });
        return;
      }
      this.lastSent = after;
      this.send({ t: 'hello', last_event_id: last });
      await this.catchUp();
    });
  }

  /** News from the bus: sent as it is when it follows on from what was sent, else read from the database. */
  deliver(events: PublishedMemberEvent[]) {
    this.enqueue(async () => {
      const fresh = events.filter((event) => event.id > this.lastSent);
      if (fresh.length === 0) return;
      if (fresh[0]!.prev !== this.lastSent) {
        await this.catchUp();
        return;
      }
      for (const event of fresh) {
        this.send({ t: 'event', id: event.id, type: event.type, payload: event.payload, created_at: event.created_at });
        this.lastSent = event.id;
      }
    });
  }

  /** The bus may have lost news (its connection dropped): the client reloads what it shows. */
  resync() {
    this.enqueue(async () => {
      const last = await this.source.findLastEventId(this.userId);
      this.lastSent = Math.max(this.lastSent, last);
      this.send({ t: 'refetch', last_event_id: this.lastSent });
    });
  }

  signal(frame: ServerFrame) {
    if (this.isOpen) this.send(frame);
  }

  close(code: number, reason: string) {
    if (this.isOpen) this.socket.close(code, reason);
    this.closed = true;
  }

  private async catchUp() {
    const rows = await this.source.findMemberEventsAfter(this.userId, this.lastSent, replayLimit + 1);
    if (rows.length > replayLimit) {
      const last = await this.source.findLastEventId(this.userId);
      this.lastSent = last;
      this.send({ t: 'refetch', last_event_id: last });
      return;
    }
    for (const row of rows) {
      this.send({
        t: 'event',
        id: row.id,
        type: row.type,
        payload: row.payload as Record<string, unknown>,
        created_at: row.createdAt.toISOString(),
      });
      this.lastSent = row.id;
    }
  }

  private enqueue(work: () => Promise<void>) {
    this.queue = this.queue.then(async () => {
      if (!this.isOpen) return;
      try {
        await work();
      } catch (error) {
        this.onError(error);
      }
    });
  }

  private send(frame: ServerFrame) {
    if (!this.isOpen) return;
    if (this.socket.bufferedAmount > maxBufferedBytes) {
      this.close(closeCodeTooSlow, 'too slow');
      return;
    }
    this.socket.send(JSON.stringify(frame));
  }
}
