import type { SessionUser } from '@app/shared/accounts/session-user';
import { describe, expect, it } from 'vitest';
import { createLocalEventBus, type EventBus } from '../../events/event-bus.ts';
import { createSwitchableEventBus } from '../../test/switchable-event-bus.ts';
import { createSessionCache } from './session-cache.ts';

const t0 = new Date('2026-11-24T10:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);
const dayLater = later(86_400_000);

function member(id: number): SessionUser {
  return {
    id,
    email: `m${id}@example.com`,
    profile: { id: id + 100, name: `M${id}`, country: 'NL', status: 'active', main_image: null },
    paid_user: false,
    credits: 0,
    language: 'nl',
    status: 'active',
    notifications_disabled: [],
    signup_date: t0.toISOString(),
    signup_step: 5,
    signup_target_id: null,
  };
}

async function cacheWith(userIds: Record<string, number>, options: { bus?: EventBus; maxEntries?: number } = {}) {
  const cache = await createSessionCache({ bus: options.bus ?? createLocalEventBus(), refreshMs: 30_000, ...options });
  for (const [token, id] of Object.entries(userIds)) {
    cache.rememberSession(cache.beginRead(), token, { siteId: 1, user: member(id), expiresAt: dayLater }, t0);
  }
  return cache;
}

/** Lets the local bus deliver. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Two caches on one bus (two processes), the first's revocations heard, and a read begun before anything. */
async function twoProcesses() {
  const bus = createLocalEventBus();
  const here = await cacheWith({ a: 1, b: 2 }, { bus });
  const there = await cacheWith({ c: 1 }, { bus });
  const heard: unknown[] = [];
  here.onRevoked((revocation) => heard.push(revocation));
  return { here, there, heard, slowRead: here.beginRead() };
}

describe('the session cache', () => {
  it('answers a remembered session of its site until it is due for a refresh or expires', async () => {
    const cache = await cacheWith({ a: 1 });
    expect(cache.findSession('a', 1, later(29_999))?.id).toBe(1);
    expect(cache.findSession('a', 2, t0)).toBeUndefined();
    expect(cache.findSession('a', 1, later(30_000))).toBeUndefined();
    expect(cache.findSession('unknown', 1, t0)).toBeUndefined();
    const soon = await createSessionCache({ bus: createLocalEventBus() });
    soon.rememberSession(soon.beginRead(), 'b', { siteId: 1, user: member(2), expiresAt: later(1_000) }, t0);
    expect(soon.findSession('b', 1, later(999))?.id).toBe(2);
    expect(soon.findSession('b', 1, later(1_000))).toBeUndefined();
  });

  it('drops one session on logout and every session of a member at once', async () => {
    const cache = await cacheWith({ a: 1, b: 1, c: 2 });
    await cache.revokeSession('a');
    expect(cache.findSession('a', 1, t0)).toBeUndefined();
    expect(cache.findSession('b', 1, t0)?.id).toBe(1);
    await cache.revokeUser(1);
    expect(cache.findSession('b', 1, t0)).toBeUndefined();
    expect(cache.findSession('c', 1, t0)?.id).toBe(2);
  });

  it('does not keep a read that began before its session or member was revoked', async () => {
    const cache = await createSessionCache({ bus: createLocalEventBus() });
    const session = { siteId: 1, user: member(1), expiresAt: dayLater };
    const slowRead = cache.beginRead();
    await cache.revokeUser(1);
    cache.rememberSession(slowRead, 'a', session, t0);
    expect(cache.findSession('a', 1, t0)).toBeUndefined();
    const otherRead = cache.beginRead();
    await cache.revokeSession('b');
    cache.rememberSession(otherRead, 'b', session, t0);
    expect(cache.findSession('b', 1, t0)).toBeUndefined();
    // A read after the revocation is fine, and so is one of another member.
    cache.rememberSession(cache.beginRead(), 'a', session, t0);
    expect(cache.findSession('a', 1, t0)?.id).toBe(1);
  });

  it('hears the revocations of another process on the bus', async () => {
    const bus = createLocalEventBus();
    const here = await cacheWith({ a: 1, b: 2 }, { bus });
    const there = await cacheWith({}, { bus });
    await there.revokeSession('a');
    await there.revokeUser(2);
    await delivered();
    expect(here.findSession('a', 1, t0)).toBeUndefined();
    expect(here.findSession('b', 1, t0)).toBeUndefined();
  });

  it('drops a member view that changed on every process without asking their sockets to check', async () => {
    const { here, there, heard, slowRead } = await twoProcesses();
    await there.refreshUser(1);
    await delivered();
    expect(here.findSession('a', 1, t0)).toBeUndefined();
    expect(there.findSession('c', 1, t0)).toBeUndefined();
    expect(here.findSession('b', 1, t0)?.id).toBe(2);
    // A read from before the change is not kept either: it would show the member as they were.
    here.rememberSession(slowRead, 'a', { siteId: 1, user: member(1), expiresAt: dayLater }, t0);
    expect(here.findSession('a', 1, t0)).toBeUndefined();
    expect(heard).toEqual([]);
    await there.revokeUser(2);
    await delivered();
    expect(heard).toEqual([{ user: 2 }]);
  });

  it('shows a new balance in the views it holds, and has other processes drop theirs', async () => {
    const { here, there, heard, slowRead } = await twoProcesses();
    await here.updateCredits(1, 75);
    await delivered();
    expect(here.findSession('a', 1, t0)?.credits).toBe(75);
    expect(here.findSession('b', 1, t0)?.credits).toBe(0);
    expect(there.findSession('c', 1, t0)).toBeUndefined();
    here.rememberSession(slowRead, 'a', { siteId: 1, user: member(1), expiresAt: dayLater }, t0);
    expect(here.findSession('a', 1, t0)?.credits).toBe(75);
    expect(heard).toEqual([]);
  });

  it('holds at most its number of entries, and forgets revocations conservatively', async () => {
    const cache = await cacheWith({ a: 1, b: 2, c: 3 }, { maxEntries: 2 });
    expect(cache.findSession('a', 1, t0)).toBeUndefined();
    expect(cache.findSession('c', 1, t0)?.id).toBe(3);
    const read = cache.beginRead();
    // More revocations than it keeps: the oldest is forgotten, so a read from before any of them is not kept.
    for (let id = 10; id < 20; id++) await cache.revokeUser(id);
    cache.rememberSession(read, 'd', { siteId: 1, user: member(4), expiresAt: dayLater }, t0);
    expect(cache.findSession('d', 1, t0)).toBeUndefined();
  });

  it('trusts nothing while the bus is deaf, and starts empty after a resync', async () => {
    const connection = createSwitchableEventBus();
    const cache = await cacheWith({ a: 1 }, { bus: connection.bus });
    connection.setListening(false);
    expect(cache.findSession('a', 1, t0)).toBeUndefined();
    cache.rememberSession(cache.beginRead(), 'b', { siteId: 1, user: member(2), expiresAt: dayLater }, t0);
    connection.setListening(true);
    expect(cache.findSession('b', 1, t0)).toBeUndefined();
    expect(cache.findSession('a', 1, t0)?.id).toBe(1);
    connection.resync();
    expect(cache.findSession('a', 1, t0)).toBeUndefined();
  });
});
