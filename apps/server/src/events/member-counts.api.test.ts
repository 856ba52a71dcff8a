import type { SessionUser } from '@app/shared/accounts/session-user';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../seed/demo-site.ts';
import { countStatements } from '../test/statement-counter.ts';
import { loginMember, type TestApp, testDatabaseKind } from '../test/test-app.ts';
import { startTwoAppInstances, type TwoAppInstances } from '../test/two-app-instances.ts';
import { waitFor } from '../test/wait-for.ts';

const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };

let instances: TwoAppInstances;
let t: TestApp;
let second: FastifyInstance;

// As in production: two app instances on one database and Redis, each keeping the badge counts of every page.
beforeAll(async () => {
  instances = await startTwoAppInstances({ profiles: 6, config: { badgeCountCacheSeconds: 15 } });
  ({ t, second } = instances);
});
afterAll(() => instances?.close());

type Member = { cookie: string; user: SessionUser };

const call = (app: FastifyInstance, method: 'GET' | 'POST', url: string, member: Member, body?: object) =>
  app.inject({
    method,
    url,
    headers: { ...headers, cookie: member.cookie },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

/** The badges a page shows the member, as each process answers them (kept or read). */
async function badgesOn(app: FastifyInstance, member: Member) {
  const [newLikes, unread] = await Promise.all([
    app.services.likes.countNewLikes(member.user),
    app.services.chat.countUnread(member.user),
  ]);
  return { newLikes, unread };
}

/** Whether both processes show these badges, the second within a second (the bus carries the change). */
async function showsEverywhere(member: Member, expected: { newLikes: number; unread: number }) {
  expect(await badgesOn(t.app, member)).toEqual(expected);
  const there = async () => JSON.stringify(await badgesOn(second, member)) === JSON.stringify(expected);
  return waitFor(there, 1_000);
}

describe(`badge counts kept per member on ${testDatabaseKind()}`, () => {
  it('follow likes, seen likes, messages and reads at once here and within a second on another process', async () => {
    const a = await loginMember(t.app, demoAccounts[0].email);
    const b = await loginMember(t.app, demoAccounts[1].email);
    const start = await badgesOn(t.app, a);
    expect(await badgesOn(second, a)).toEqual(start);
    // Both processes keep the counts now: reading them again sends nothing to the database.
    const counter = countStatements(t.database);
    try {
      expect(await badgesOn(t.app, a)).toEqual(start);
      expect(await badgesOn(second, a)).toEqual(start);
      expect(counter.statements).toEqual([]);
    } finally {
      counter.stop();
    }

    // A like received stores a member event: the count goes up everywhere.
    const like = (method: 'POST' | 'DELETE') =>
      t.app.inject({
        method,
        url: '/api/like.php',
        headers: { ...headers, cookie: b.cookie },
        payload: JSON.stringify({ profile: a.user.profile.id }),
      });
    expect((await like('POST')).statusCode).toBe(200);
    const liked = { ...start, newLikes: start.newLikes + 1 };
    expect(await showsEverywhere(a, liked)).toBe(true);

    // A block takes the liker out of the count, and lifting it brings them back: the block's message names the
    // profiles, whose members' counts go.
    const block = (method: 'POST' | 'DELETE') =>
      t.app.inject({
        method,
        url: '/api/blocks.php',
        headers: { ...headers, cookie: a.cookie },
        payload: JSON.stringify({ profile_id: b.user.profile.id }),
      });
    expect((await block('POST')).statusCode).toBe(200);
    expect(await showsEverywhere(a, start)).toBe(true);
    expect((await block('DELETE')).statusCode).toBe(200);
    expect(await showsEverywhere(a, liked)).toBe(true);

    // A like withdrawn stores an event too.
    expect((await like('DELETE')).statusCode).toBe(200);
    expect(await showsEverywhere(a, start)).toBe(true);
    expect((await like('POST')).statusCode).toBe(200);
    expect(await showsEverywhere(a, liked)).toBe(true);

    // Seeing the like (opening the liker's profile) stores no event: the cache tells the others itself.
    expect((await call(second, 'GET', `/api/member.php?id=${b.user.profile.id}`, a)).statusCode).toBe(200);
    expect(await badgesOn(second, a)).toEqual(start);
    expect(await waitFor(async () => (await badgesOn(t.app, a)).newLikes === start.newLikes, 1_000)).toBe(true);

    // A message received, then read on the other process.
    const reference = `member-counts-${Date.now()}`;
    await t.app.services.credits.ledger.grantCredits({ userId: b.user.id, reason: 'correction', reference }, 100);
    const sent = await call(t.app, 'POST', '/api/messages.php', b, {
      profile: a.user.profile.id,
      type: 'message',
      text: 'Hoi!',
      client_id: `member-counts-${Date.now().toString(36)}`,
    });
    expect(sent.statusCode).toBe(200);
    expect(await showsEverywhere(a, { ...start, unread: start.unread + 1 })).toBe(true);
    const read = await call(second, 'POST', '/api/chat-read.php', a, {
      conversation: sent.json().message.conversation,
    });
    expect(read.statusCode).toBe(200);
    expect(await badgesOn(second, a)).toEqual(start);
    expect(await waitFor(async () => (await badgesOn(t.app, a)).unread === start.unread, 1_000)).toBe(true);

    // Removing a conversation with something unread in it.
    const again = await call(t.app, 'POST', '/api/messages.php', b, {
      profile: a.user.profile.id,
      type: 'message',
      text: 'Nog een keer',
      client_id: `member-counts-again-${Date.now().toString(36)}`,
    });
    expect(again.statusCode).toBe(200);
    expect(await showsEverywhere(a, { ...start, unread: start.unread + 1 })).toBe(true);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/chat.php',
      headers: { ...headers, cookie: a.cookie },
      payload: JSON.stringify({ conversation: again.json().message.conversation }),
    });
    expect(removed.statusCode).toBe(200);
    expect(await showsEverywhere(a, start)).toBe(true);
  });
});
