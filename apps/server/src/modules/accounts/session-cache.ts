import { randomUUID } from 'node:crypto';
import type { SessionUser } from '@app/shared/accounts/session-user';
import { LRUCache } from 'lru-cache';
import type { EventBus } from '../../events/event-bus.ts';
import { publishWithRetry } from '../../events/publish-with-retry.ts';
import { boundByCount } from '../../lib/lru-count-bound.ts';
import { createRevocationTickets } from '../../lib/revocation-tickets.ts';

/**
 * Session → member view, so that a logged-in request costs no database round trip in the common case
 * (ARCHITECTURE.md, "Sessions"). An entry lives `refreshMs` at most; a revocation drops it at once here and, through
 * the event bus, on every other process. A read that started before a revocation of its session or member is not
 * kept, so a slow read cannot bring a revoked session back.
 */
export interface SessionCache {
  /** The cached view of a live session of this site, or undefined when the database must answer. */
  findSession(tokenHash: string, siteId: number, now: Date): SessionUser | undefined;
  /** Taken before the database read whose result `rememberSession` may keep. */
  beginRead(): number;
  rememberSession(read: number, tokenHash: string, session: RememberedSession, now: Date): void;
  /** Drops one session on every process (logout). */
  revokeSession(tokenHash: string): Promise<void>;
  /** Drops every session of a member on every process (password, deletion, blocking): their sockets check theirs. */
  revokeUser(userId: number): Promise<void>;
  /**
   * Drops the cached views of a member's sessions on every process, because what they show changed (a balance, a
   * setting); the sessions stand, so open sockets are not asked to check.
   */
  refreshUser(userId: number): Promise<void>;
  /**
   * A member's balance changed: their cached views here show the new one, other processes drop theirs. Called once
   * the change committed.
   */
  updateCredits(userId: number, credits: number): Promise<void>;
  /**
   * Calls `listener` on each revocation made here or on another process, and on a resync (`'all'`): an open socket
   * then checks that its session still stands.
   */
  onRevoked(listener: (revocation: Revocation | 'all') => void): () => void;
  /** Stops listening to the bus. */
  close(): Promise<void>;
}

interface RememberedSession {
  siteId: number;
  user: SessionUser;
  expiresAt: Date;
}

interface Entry {
  siteId: number;
  user: SessionUser;
  expiresAt: number;
  fetchedAt: number;
}

type Revocation = { session: string } | { user: number };
/** What the bus carries: the change, and which cache sent it (it applied the change itself). */
type Message = (Revocation | { view: number }) & { origin?: string };

const channel = 'sessions.revoked';

function isMessage(message: unknown): message is Message {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  const isId = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value);
  return typeof m.session === 'string' || isId(m.user) || isId(m.view);
}

export async function createSessionCache(options: {
  bus: EventBus;
  maxEntries?: number;
  refreshMs?: number;
  log?: { warn(object: object, message: string): void };
}): Promise<SessionCache> {
  const { bus, maxEntries = 20_000, refreshMs = 30_000 } = options;
  const tokensOfUser = new Map<number, Set<string>>();
  const entries = new LRUCache<string, Entry>({
    ...boundByCount(maxEntries),
    dispose: (entry, tokenHash) => {
      const tokens = tokensOfUser.get(entry.user.id);
      tokens?.delete(tokenHash);
      if (tokens?.size === 0) tokensOfUser.delete(entry.user.id);
    },
  });
  // Revocations by key (`s:<hash>`, `u:<id>`): a read is remembered only if none of its keys was revoked after it
  // began.
  const tickets = createRevocationTickets<string>(maxEntries * 2);

  const origin = randomUUID();
  const revokedListeners = new Set<(revocation: Revocation | 'all') => void>();

  function forget(message: Message) {
    if ('session' in message) {
      tickets.revoke(`s:${message.session}`);
      entries.delete(message.session);
    } else {
      const userId = 'user' in message ? message.user : message.view;
      tickets.revoke(`u:${userId}`);
      for (const tokenHash of [...(tokensOfUser.get(userId) ?? [])]) entries.delete(tokenHash);
    }
    if (!('view' in message)) for (const listener of revokedListeners) listener(message);
  }

  function forgetAll() {
    tickets.revokeAll();
    entries.clear();
    for (const listener of revokedListeners) listener('all');
  }

  async function revoke(revocation: Message) {
    forget(revocation);
    announce(revocation);
  }

  function announce(revocation: Message) {
    // Not awaited: tried again while Redis refuses. Should it never arrive, other processes drop the entry within
    // `refreshMs`, or sooner on resync.
    void publishWithRetry(bus, channel, { ...revocation, origin }, options.log ?? { warn: () => {} });
  }

  const unsubscribe = await bus.subscribe(channel, (message) => {
    if (!isMessage(message)) return;
    const { origin: from, ...change } = message;
    if (from !== origin) forget(change);
  });
  const stopResync = bus.onResync(forgetAll);

  return {
    findSession(tokenHash, siteId, now) {
      if (!bus.isListening()) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      const time = now.getTime();
      if (entry.siteId !== siteId || time >= entry.expiresAt || time - entry.fetchedAt >= refreshMs) return undefined;
      return entry.user;
    },
    beginRead: tickets.ticket,
    rememberSession(read, tokenHash, session, now) {
      if (!bus.isListening() || !tickets.isCurrent(read, `s:${tokenHash}`, `u:${session.user.id}`)) return;
      entries.set(tokenHash, {
        siteId: session.siteId,
        user: session.user,
        expiresAt: session.expiresAt.getTime(),
        fetchedAt: now.getTime(),
      });
      const tokens = tokensOfUser.get(session.user.id) ?? new Set();
      tokensOfUser.set(session.user.id, tokens);
      tokens.add(tokenHash);
    },
    revokeSession: (tokenHash) => revoke({ session: tokenHash }),
    revokeUser: (userId) => revoke({ user: userId }),
    refreshUser: (userId) => revoke({ view: userId }),
    async updateCredits(userId, credits) {
      // A read that began before the change would bring the old balance back.
      tickets.revoke(`u:${userId}`);
      for (const tokenHash of tokensOfUser.get(userId) ?? []) {
        const entry = entries.peek(tokenHash);
        if (entry) entry.user = { ...entry.user, credits };
      }
      announce({ view: userId });
    },
    onRevoked(listener) {
      revokedListeners.add(listener);
      return () => void revokedListeners.delete(listener);
    },
    async close() {
      revokedListeners.clear();
      unsubscribe();
      stopResync();
      entries.clear();
    },
  };
}
