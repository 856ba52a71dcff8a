import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { demoAccounts } from '../../seed/demo-site.ts';
import { createTestApp, loginMember, type TestApp, testDatabaseKind } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 12 });
});
afterAll(() => t?.close());

const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };

const call = (method: 'GET' | 'POST', url: string, cookie: string, body?: object, extra = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, cookie, ...extra },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

type Member = { cookie: string; userId: number; profileId: number; name: string };

async function login(index: number): Promise<Member> {
  const { cookie, user } = await loginMember(t.app, demoAccounts[index]!.email);
  return { cookie, userId: user.id, profileId: user.profile.id, name: user.profile.name };
}

interface Entry {
  id: number;
  kind: string;
  unread: boolean;
  count: number;
  link: string;
  conversation: number | null;
  credit_reason: string | null;
  profile: { id: number; name: string } | null;
}

let counter = 0;
const send = (from: Member, to: Member) =>
  call('POST', '/api/messages.php', from.cookie, {
    profile: to.profileId,
    type: 'message',
    text: 'Hoi!',
    client_id: `feed-message-${counter++}`,
  });

const grant = (member: Member, reason: 'purchase' | 'correction', credits: number) =>
  t.app.services.credits.ledger.grantCredits(
    { userId: member.userId, reason, reference: `feed-test-${counter++}` },
    credits,
  );

async function view(member: Member, before?: number, extra = {}) {
  const answer = await call(
    'GET',
    `/api/notifications.php${before ? `?before=${before}` : ''}`,
    member.cookie,
    undefined,
    extra,
  );
  expect(answer.statusCode).toBe(200);
  return answer.json() as { entries: Entry[]; next: number | null };
}

async function readMarkOf(member: Member) {
  const [row] = await t.database.db
    .select({ upTo: users.notificationsReadUpTo })
    .from(users)
    .where(eq(users.id, member.userId));
  return Number(row!.upTo);
}

beforeEach(async () => {
  await t.database.db.execute('delete from member_events');
  await t.database.db.execute('delete from likes');
  await t.database.db.execute('delete from blocks');
  await t.database.db.execute('update users set notifications_read_up_to = 0');
});

describe(`the notifications page's list on ${testDatabaseKind()}`, () => {
  it('lists likes, a match and one line per conversation, newest first, and only the member’s own news', async () => {
    const [a, b, c] = [await login(0), await login(1), await login(2)];
    await grant(a, 'correction', 10);
    expect((await call('POST', '/api/like.php', c.cookie, { profile: a.profileId })).statusCode).toBe(200);
    expect((await call('POST', '/api/like.php', b.cookie, { profile: a.profileId })).json()).toEqual({ match: false });
    expect((await call('POST', '/api/like.php', a.cookie, { profile: b.profileId })).json()).toEqual({ match: true });
    await grant(a, 'purchase', 50);
    for (let i = 0; i < 3; i++) expect((await send(b, a)).statusCode).toBe(200);
    // A's own message, and the credits it costs, are A's doing: not news to A.
    expect((await send(a, b)).statusCode).toBe(200);

    const page = await view(a);
    expect(page.next).toBeNull();
    expect(page.entries.map((entry) => [entry.kind, entry.count, entry.profile?.id ?? null, entry.unread])).toEqual([
      ['messages', 3, b.profileId, true],
      ['credits', 1, null, true],
      ['match', 1, b.profileId, true],
      ['like', 1, null, true],
      ['like', 1, null, true],
    ]);
    const [messages, credits, match, like] = page.entries;
    expect(messages!.link).toBe(`/chats/${messages!.conversation}`);
    expect(messages!.profile!.name).toBe(b.name);
    expect([credits!.credit_reason, credits!.link]).toEqual(['purchase', '/transactions?tab=credits']);
    expect(match!.link).toBe(`/members/${b.profileId}`);
    expect(like!.link).toBe('/likes');
    expect(page.entries.map((entry) => entry.id)).toEqual(
      [...page.entries.map((entry) => entry.id)].sort((x, y) => y - x),
    );

    // B sees A's one message and the match, not A's likes or credits; B's like that made the match is the match.
    const theirs = await view(b);
    expect(theirs.entries.map((entry) => [entry.kind, entry.count, entry.profile?.id ?? null])).toEqual([
      ['messages', 1, a.profileId],
      ['match', 1, a.profileId],
    ]);
    expect(theirs.entries.some((entry) => page.entries.some((mine) => mine.id === entry.id))).toBe(false);

    const again = await view(a);
    expect(again.entries.map((entry) => entry.unread)).toEqual([false, false, false, false, false]);
  });

  it('moves the read mark on a view by the client only, and never back with parallel views', async () => {
    const [a] = [await login(0)];
    for (let i = 0; i < 30; i++) await grant(a, 'purchase', 1);
    const first = await view(a, undefined, { 'x-request-type': '' });
    expect(first.entries).toHaveLength(20);
    expect(await readMarkOf(a)).toBe(0);

    const older = await view(a, first.next!);
    expect(older.entries).toHaveLength(10);
    expect(await readMarkOf(a)).toBe(older.entries[0]!.id);

    const newest = first.entries[0]!.id;
    await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? view(a) : view(a, first.next!))));
    expect(await readMarkOf(a)).toBe(newest);
    await view(a, first.next!);
    expect(await readMarkOf(a)).toBe(newest);
    expect((await view(a)).entries.every((entry) => !entry.unread)).toBe(true);
  });

  it('pages by keyset without gaps or repeats, a conversation folded on each page', async () => {
    const [a, b] = [await login(0), await login(1)];
    for (let i = 0; i < 2; i++) expect((await send(b, a)).statusCode).toBe(200);
    for (let i = 0; i < 15; i++) await grant(a, 'purchase', 1);
    for (let i = 0; i < 4; i++) expect((await send(b, a)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await grant(a, 'purchase', 1);
    for (let i = 0; i < 2; i++) expect((await send(b, a)).statusCode).toBe(200);

    const seen: Entry[] = [];
    const sizes: number[] = [];
    let before: number | undefined;
    do {
      const page = await view(a, before);
      sizes.push(page.entries.length);
      seen.push(...page.entries);
      before = page.next ?? undefined;
    } while (before !== undefined);

    expect(sizes).toEqual([20, 7]);
    const ids = seen.map((entry) => entry.id);
    expect(ids).toEqual([...new Set(ids)].sort((x, y) => y - x));
    // Every listed event is in exactly one entry: 25 credits and 8 messages. The first page folds the 6 messages its
    // 20 entries reach past; the 2 oldest, beyond its end, are the second page's line of the same conversation.
    expect(seen.filter((entry) => entry.kind === 'credits')).toHaveLength(25);
    expect(seen.filter((entry) => entry.kind === 'messages').map((entry) => entry.count)).toEqual([6, 2]);
  });

  it('reads at most 200 events a page: a long chat goes on on the next page, none lost', async () => {
    const [a, b] = [await login(0), await login(1)];
    await t.database.db.execute(
      sql`insert into member_events (user_id, type, payload)
        select ${a.userId}, 'message', jsonb_build_object('conversation', 424242, 'profile', ${b.profileId}::int, 'message', jsonb_build_object('from_me', false))
        from generate_series(1, 250)`,
    );
    const first = await view(a);
    expect(first.entries.map((entry) => [entry.kind, entry.count, entry.conversation])).toEqual([
      ['messages', 200, 424242],
    ]);
    const second = await view(a, first.next!);
    expect(second.entries.map((entry) => entry.count)).toEqual([50]);
    expect(second.next).toBeNull();
  });

  it('leaves out the members the viewer no longer sees, with their news', async () => {
    const [a, b] = [await login(0), await login(1)];
    expect((await call('POST', '/api/like.php', b.cookie, { profile: a.profileId })).statusCode).toBe(200);
    expect((await call('POST', '/api/like.php', a.cookie, { profile: b.profileId })).json()).toEqual({ match: true });
    expect((await send(b, a)).statusCode).toBe(200);
    expect((await view(a)).entries.map((entry) => entry.kind)).toEqual(['messages', 'match', 'like']);

    expect((await call('POST', '/api/blocks.php', b.cookie, { profile_id: a.profileId })).statusCode).toBe(200);
    expect((await view(a)).entries.map((entry) => entry.kind)).toEqual(['like']);
  });

  it('refuses a visitor and a cursor that is not an id', async () => {
    const a = await login(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications.php', headers })).statusCode).toBe(403);
    expect((await call('GET', '/api/notifications.php?before=abc', a.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/notifications.php?before=0', a.cookie)).statusCode).toBe(400);
  });
});
