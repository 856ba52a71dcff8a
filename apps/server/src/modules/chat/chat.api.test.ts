import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { conversationMembers, memberReports, messages } from '../../db/schema/chat.ts';
import { creditEntries } from '../../db/schema/credits.ts';
import { memberEvents } from '../../db/schema/events.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { sites } from '../../db/schema/sites.ts';
import { demoAccounts } from '../../seed/demo-site.ts';
import { deliverMailTo, mailLink } from '../../test/smtp-server.ts';
import {
  createTestAppWithSmtp,
  loginMember,
  signupMember,
  type TestAppWithSmtp,
  testDatabaseKind,
} from '../../test/test-app.ts';

let t: TestAppWithSmtp;
beforeAll(async () => {
  t = await createTestAppWithSmtp({ profiles: 40 });
});
afterAll(() => t?.close());

const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, body?: object, extra = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, cookie, ...extra },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

type Member = { cookie: string; userId: number; profileId: number };

async function login(index: number): Promise<Member> {
  const { cookie, user } = await loginMember(t.app, demoAccounts[index]!.email);
  return { cookie, userId: user.id, profileId: user.profile.id };
}

let counter = 0;
const clientId = () => `client-${Date.now().toString(36)}-${(counter++).toString(36).padStart(4, '0')}`;

const send = (from: Member, profile: number, body: Record<string, unknown> = {}) =>
  call('POST', '/api/messages.php', from.cookie, {
    profile,
    type: 'message',
    text: 'Hoi!',
    client_id: clientId(),
    ...body,
  });

const balanceOf = async (userId: number) => t.app.services.credits.ledger.findBalance(userId);

async function setCredits(userId: number, credits: number) {
  const now = await balanceOf(userId);
  const ledger = t.app.services.credits.ledger;
  const reference = `chat-test-${userId}-${counter++}`;
  if (credits > now) await ledger.grantCredits({ userId, reason: 'correction', reference }, credits - now);
  if (credits < now) await ledger.debitCredits({ userId, reason: 'correction', reference }, now - credits);
}

/** Profiles of other, unrelated members to write to: real (with a login) or fictional. */
async function otherProfiles(fictional: boolean, count: number, not: number[]) {
  const rows = await t.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.fictional, fictional), eq(profiles.status, 'active')))
    .orderBy(asc(profiles.id));
  return rows
    .map((row) => row.id)
    .filter((id) => !not.includes(id))
    .slice(0, count);
}

async function clearChats() {
  await t.database.db.execute('delete from member_reports');
  await t.database.db.execute('delete from messages');
  await t.database.db.execute('delete from chat_photos');
  await t.database.db.execute('delete from conversation_members');
  await t.database.db.execute('delete from conversations');
  await t.database.db.execute('delete from member_events');
  await t.database.db.execute('delete from blocks');
}

let free: Member;
let premium: Member;
let low: Member;
beforeAll(async () => {
  [free, premium, low] = [await login(0), await login(1), await login(2)];
});
beforeEach(async () => {
  await clearChats();
  await setCredits(premium.userId, 120);
  await setCredits(free.userId, 0);
  await setCredits(low.userId, 4);
});

const pngPhoto = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#d14470' } })
    .png()
    .toBuffer();

describe(`chat on ${testDatabaseKind()}`, () => {
  it('sends a message paid in its transaction, lists it for both in the spec’s shape, and tells both', async () => {
    expect((await call('GET', '/api/user.php', premium.cookie)).json().user.credits).toBe(120);
    const response = await send(premium, free.profileId, { text: '  Hoi Demo, zin in een praatje?  ' });
    expect(response.statusCode).toBe(200);
    const { message, credits } = response.json();
    expect(credits).toBe(115);
    expect(message).toMatchObject({
      from_me: true,
      type: 'message',
      text: 'Hoi Demo, zin in een praatje?',
      credits: 5,
      read: false,
      held: false,
      photo: null,
      gift: null,
      gif: null,
    });
    // The ledger row names the message: one debit, its price stored on the message.
    const entries = await t.database.db
      .select({ delta: creditEntries.delta, reason: creditEntries.reason })
      .from(creditEntries)
      .where(eq(creditEntries.reference, String(message.id)));
    expect(entries).toEqual([{ delta: -5, reason: 'message' }]);
    // The member's session view (cached, kept by a send) shows the new balance at once.
    expect((await call('GET', '/api/user.php', premium.cookie)).json().user.credits).toBe(115);

    const theirs = (await call('GET', '/api/chats.php', free.cookie)).json();
    expect(theirs.unread_total).toBe(1);
    expect(theirs.chats).toHaveLength(1);
    const [item] = theirs.chats;
    expect(Object.keys(item).sort()).toEqual([
      'conversation',
      'last_message',
      'num_unread_messages',
      'profile',
      'updated_at',
    ]);
    expect(item.conversation).toEqual({ id: message.conversation });
    expect(item.num_unread_messages).toBe(1);
    expect(item.profile).toMatchObject({ id: premium.profileId, fictional: false, available: true });
    expect(item.last_message).toMatchObject({ type: 'message', text: 'Hoi Demo, zin in een praatje?', from_me: false });
    const mine = (await call('GET', '/api/chats.php', premium.cookie)).json();
    expect(mine).toMatchObject({
      unread_total: 0,
      chats: [{ num_unread_messages: 0, profile: { id: free.profileId } }],
    });

    const events = await t.database.db
      .select({ userId: memberEvents.userId, type: memberEvents.type })
      .from(memberEvents)
      .orderBy(asc(memberEvents.id));
    expect(events).toEqual(
      expect.arrayContaining([
        { userId: premium.userId, type: 'credits' },
        { userId: premium.userId, type: 'message' },
        { userId: free.userId, type: 'message' },
      ]),
    );
  });

  it('charges each type its site price: photo, gift (its own price or the site’s), GIF as a message', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/chat-photos.php',
      headers: { host: 'localhost', 'x-request-type': 'client', 'content-type': 'image/png', cookie: premium.cookie },
      payload: await pngPhoto(),
    });
    expect(upload.statusCode).toBe(200);
    const photo = upload.json().photo.id;
    const sentPhoto = await send(premium, free.profileId, { type: 'photo', photo, text: undefined });
    expect([sentPhoto.statusCode, sentPhoto.json().credits, sentPhoto.json().message.credits]).toEqual([200, 110, 10]);
    // One upload, one message; its retry answers it, though the photo is sent by then.
    const again = await send(premium, free.profileId, { type: 'photo', photo, text: undefined });
    expect([again.statusCode, again.json().field]).toEqual([400, 'photo']);
    const photoRetry = await send(premium, free.profileId, {
      type: 'photo',
      photo,
      text: undefined,
      client_id: sentPhoto.json().message.client_id,
    });
    expect([photoRetry.statusCode, photoRetry.json().message.id]).toEqual([200, sentPhoto.json().message.id]);

    const gifts = (await call('GET', '/api/gifts.php', premium.cookie)).json().gifts;
    const gift = gifts[0];
    const sentGift = await send(premium, free.profileId, { type: 'gift', gift: gift.id, text: undefined });
    expect(sentGift.json().message).toMatchObject({ type: 'gift', credits: gift.credits, gift: { id: gift.id } });
    expect(sentGift.json().credits).toBe(110 - gift.credits);
    const search = (await call('GET', '/api/gifs.php?q=kus', premium.cookie)).json();
    expect(search.gifs.length).toBeGreaterThan(0);
    const gif = search.gifs[0];
    const sentGif = await send(premium, free.profileId, { type: 'gif', gif: gif.id, text: undefined });
    expect(sentGif.json().message).toMatchObject({ type: 'gif', credits: 5, gif: { id: gif.id, url: gif.url } });
    const unknownGif = await send(premium, free.profileId, { type: 'gif', gif: 'local:nope', text: undefined });
    expect([unknownGif.statusCode, unknownGif.json().field]).toEqual([400, 'gif']);
    const unknownGift = await send(premium, free.profileId, { type: 'gift', gift: 'no-such-gift', text: undefined });
    expect([unknownGift.statusCode, unknownGift.json().field]).toEqual([400, 'gift']);
    expect(await balanceOf(premium.userId)).toBe(105 - gift.credits);
  });

  it('refuses a text over message_length and an empty one, storing and debiting nothing', async () => {
    const long = await send(premium, free.profileId, { text: 'a'.repeat(1501) });
    expect([long.statusCode, long.json().error]).toEqual([400, 'text_too_long']);
    const blank = await send(premium, free.profileId, { text: '   ' });
    expect([blank.statusCode, blank.json().field]).toEqual([400, 'text']);
    const exact = await send(premium, free.profileId, { text: 'é'.repeat(1500) });
    expect(exact.statusCode).toBe(200);
    expect(await t.database.db.$count(messages)).toBe(1);
    expect(await balanceOf(premium.userId)).toBe(115);
  });

  it('answers insufficient credits without a conversation, message or debit; parallel sends spend a balance once', async () => {
    const refused = await send(low, free.profileId);
    expect([refused.statusCode, refused.json().error]).toEqual([402, 'insufficient_credits']);
    expect(await t.database.db.$count(messages)).toBe(0);
    expect(await t.database.db.$count(conversationMembers)).toBe(0);
    expect(await balanceOf(low.userId)).toBe(4);

    await setCredits(low.userId, 12);
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(low, free.profileId)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 402, 402]);
    expect(await balanceOf(low.userId)).toBe(2);
    expect(await t.database.db.$count(messages)).toBe(2);
  });

  it('debits nothing when the send fails after the debit inside its transaction', async () => {
    await t.database.db.execute(
      "create or replace function fail_event() returns trigger language plpgsql as $$ begin raise exception 'event refused'; end $$",
    );
    await t.database.db.execute(
      'create trigger fail_event before insert on member_events for each row execute function fail_event()',
    );
    try {
      expect((await send(premium, free.profileId)).statusCode).toBe(500);
    } finally {
      await t.database.db.execute('drop trigger fail_event on member_events');
    }
    expect(await t.database.db.$count(messages)).toBe(0);
    expect(await t.database.db.$count(conversationMembers)).toBe(0);
    expect(await balanceOf(premium.userId)).toBe(120);
  });

  it('stores a retried send once: same client_id, in sequence and in parallel; another message under it is refused', async () => {
    const id = clientId();
    const first = await send(premium, free.profileId, { client_id: id });
    const retry = await send(premium, free.profileId, { client_id: id });
    expect(retry.json().message.id).toBe(first.json().message.id);
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () => send(premium, free.profileId, { client_id: id })),
    );
    expect(new Set(parallel.map((answer) => answer.json().message.id))).toEqual(new Set([first.json().message.id]));
    const otherId = clientId();
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => send(premium, low.profileId, { client_id: otherId })),
    );
    expect(new Set(racing.map((answer) => answer.statusCode))).toEqual(new Set([200]));
    expect(new Set(racing.map((answer) => answer.json().message.id)).size).toBe(1);
    expect(await t.database.db.$count(messages)).toBe(2);
    expect(await balanceOf(premium.userId)).toBe(110);
    const reused = await send(premium, low.profileId, { client_id: id });
    expect([reused.statusCode, reused.json().error]).toEqual([409, 'idempotency_key_reused']);
  });

  it('lets a free member write in two conversations, not a third, also when the sends race', async () => {
    await setCredits(free.userId, 100);
    const targets = await otherProfiles(true, 3, [free.profileId, premium.profileId, low.profileId]);
    const answers = await Promise.all(targets.map((profile) => send(free, profile)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 403]);
    const refused = answers.find((answer) => answer.statusCode === 403)!;
    expect(refused.json().error).toBe('conversation_limit_reached');
    // Writing on in a conversation already started is fine; a reply to a received message counts as a new one.
    const started = targets[answers.findIndex((answer) => answer.statusCode === 200)]!;
    expect((await send(free, started)).statusCode).toBe(200);
    await send(premium, free.profileId);
    const reply = await send(free, premium.profileId);
    expect([reply.statusCode, reply.json().error]).toEqual([403, 'conversation_limit_reached']);
    const chats = (await call('GET', '/api/chats.php', free.cookie)).json().chats;
    const withPremium = chats.find((chat: { profile: { id: number } }) => chat.profile.id === premium.profileId);
    const composer = (
      await call('GET', `/api/messages.php?conversation=${withPremium.conversation.id}`, free.cookie)
    ).json().composer;
    expect(composer).toMatchObject({ can_write: false, blocker: 'conversation_limit', conversations_left: 0 });
    // Premium members have no such limit.
    const many = await otherProfiles(true, 4, [free.profileId, premium.profileId, low.profileId]);
    for (const profile of many) expect((await send(premium, profile)).statusCode).toBe(200);
  });

  it('keeps a blocked pair from writing either way, on every call, and keeps the history readable', async () => {
    const first = await send(premium, free.profileId);
    const conversation = first.json().message.conversation;
    const blocked = await call('POST', '/api/blocks.php', free.cookie, { profile_id: premium.profileId });
    expect(blocked.statusCode).toBe(200);
    const fromBlocked = await send(premium, free.profileId);
    expect([fromBlocked.statusCode, fromBlocked.json().error]).toEqual([404, 'not_found']);
    // A retry of what was sent before the block answers that message, and sends nothing.
    const retried = await send(premium, free.profileId, { client_id: first.json().message.client_id });
    expect([retried.statusCode, retried.json().message.id]).toEqual([200, first.json().message.id]);
    await setCredits(free.userId, 50);
    const fromBlocker = await send(free, premium.profileId);
    expect([fromBlocker.statusCode, fromBlocker.json().error]).toEqual([403, 'chat_unavailable']);
    const page = (await call('GET', `/api/messages.php?conversation=${conversation}`, free.cookie)).json();
    expect(page.messages).toHaveLength(1);
    expect(page.composer).toMatchObject({ can_write: false, blocker: 'blocked' });
    expect(page.profile.available).toBe(false);
    expect(await balanceOf(premium.userId)).toBe(115);
    expect(await balanceOf(free.userId)).toBe(50);
  });

  it('pages the history newest first without gaps or repeats while messages arrive, within the history limit', async () => {
    await setCredits(premium.userId, 1_000);
    for (let i = 0; i < 45; i++) await send(premium, free.profileId, { text: `bericht ${i}` });
    const conversation = (await call('GET', '/api/chats.php', free.cookie)).json().chats[0].conversation.id;
    const seen: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const page: { messages: { id: number }[]; next_before: number | null } = (
        await call(
          'GET',
          `/api/messages.php?conversation=${conversation}${before ? `&before=${before}` : ''}`,
          free.cookie,
        )
      ).json();
      seen.push(...page.messages.map((message: { id: number }) => message.id));
      before = page.next_before;
      // New messages arrive between pages: they belong to the newest page, never to an older one.
      await send(premium, free.profileId, { text: `nieuw ${pages++}` });
    } while (before !== null);
    expect(seen).toHaveLength(45);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    expect(new Set(seen).size).toBe(45);

    const [row] = await t.database.db.select().from(sites).limit(1);
    try {
      await t.database.db
        .update(sites)
        .set({ settings: { ...row!.settings, chat_history_limit: 10 } })
        .where(eq(sites.id, row!.id));
      t.app.services.sites.forgetCachedSites();
      const limited = (await call('GET', `/api/messages.php?conversation=${conversation}`, free.cookie)).json();
      expect([limited.messages.length, limited.next_before, limited.history_limited, limited.total]).toEqual([
        10,
        null,
        true,
        10,
      ]);
    } finally {
      await t.database.db.update(sites).set({ settings: row!.settings }).where(eq(sites.id, row!.id));
      t.app.services.sites.forgetCachedSites();
    }
  });

  it('reads a conversation: unread to 0, the sender sees read and learns of it', async () => {
    await send(premium, free.profileId);
    const second = (await send(premium, free.profileId)).json().message;
    const read = await call('POST', '/api/chat-read.php', free.cookie, { conversation: second.conversation });
    expect(read.statusCode).toBe(200);
    expect((await call('GET', '/api/chats.php', free.cookie)).json().unread_total).toBe(0);
    const page = (await call('GET', `/api/messages.php?conversation=${second.conversation}`, premium.cookie)).json();
    expect(page.messages.map((message: { read: boolean }) => message.read)).toEqual([true, true]);
    const events = await t.database.db
      .select({ payload: memberEvents.payload })
      .from(memberEvents)
      .where(and(eq(memberEvents.userId, premium.userId), eq(memberEvents.type, 'messages_read')));
    expect(events.map((event) => event.payload)).toEqual([{ conversation: second.conversation, up_to: second.id }]);
    // Reading again changes nothing and tells no one.
    await call('POST', '/api/chat-read.php', free.cookie, { conversation: second.conversation });
    expect(await t.database.db.$count(memberEvents, eq(memberEvents.type, 'messages_read'))).toBe(1);
    const stranger = await call('POST', '/api/chat-read.php', low.cookie, { conversation: second.conversation });
    expect(stranger.statusCode).toBe(404);
  });

  it('removes a conversation for one side only; a new message brings it back without the old ones', async () => {
    const first = (await send(premium, free.profileId)).json().message;
    const removed = await call('DELETE', '/api/chat.php', free.cookie, { conversation: first.conversation });
    expect([removed.statusCode, removed.json()]).toEqual([200, { deleted: [first.conversation] }]);
    expect((await call('GET', '/api/chats.php', free.cookie)).json()).toEqual({ chats: [], unread_total: 0 });
    expect((await call('GET', `/api/messages.php?conversation=${first.conversation}`, free.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/chats.php', premium.cookie)).json().chats).toHaveLength(1);
    const later = (await send(premium, free.profileId, { text: 'Ben je er nog?' })).json().message;
    const page = (await call('GET', `/api/messages.php?conversation=${first.conversation}`, free.cookie)).json();
    expect(page.messages.map((message: { id: number }) => message.id)).toEqual([later.id]);
    const stranger = await call('DELETE', '/api/chat.php', low.cookie, { conversation: first.conversation });
    expect(stranger.statusCode).toBe(404);

    // By profile: every chat with that profile.
    const byProfile = await call('DELETE', '/api/chat.php', free.cookie, { profile: premium.profileId });
    expect(byProfile.json()).toEqual({ deleted: [first.conversation] });
    expect((await call('GET', '/api/chats.php', free.cookie)).json().chats).toEqual([]);
  });

  it('queues messages to a fictional profile for the operator desk and answers nothing', async () => {
    const [fictional] = await otherProfiles(true, 1, []);
    const sent = (await send(premium, fictional!)).json().message;
    const [side] = await t.database.db
      .select({ userId: conversationMembers.userId, unread: conversationMembers.unreadCount })
      .from(conversationMembers)
      .where(eq(conversationMembers.profileId, fictional!));
    expect(side).toEqual({ userId: null, unread: 1 });
    const chat = (await call('GET', '/api/chats.php', premium.cookie)).json().chats[0];
    expect(chat.profile).toMatchObject({ id: fictional, fictional: true });
    expect(await t.database.db.$count(messages, eq(messages.recipientProfileId, fictional!))).toBe(1);
    expect(sent.read).toBe(false);
    expect(await t.database.db.$count(messages, eq(messages.senderProfileId, fictional!))).toBe(0);
  });

  it('shows a chat photo to its sender and receiver only, whatever id another guesses', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/chat-photos.php',
      headers: { host: 'localhost', 'x-request-type': 'client', 'content-type': 'image/png', cookie: premium.cookie },
      payload: await pngPhoto(),
    });
    const photo = upload.json().photo.id;
    const get = (cookie: string, size = 'thumb') =>
      t.app.inject({ url: `/api/chat-photo.php?id=${photo}&size=${size}`, headers: { host: 'localhost', cookie } });
    expect((await get(free.cookie)).statusCode).toBe(404); // not sent yet
    expect((await get(premium.cookie)).statusCode).toBe(200);
    await send(premium, free.profileId, { type: 'photo', photo, text: undefined });
    const seen = await get(free.cookie, 'full');
    expect([seen.statusCode, seen.headers['content-type'], seen.headers['cache-control']]).toEqual([
      200,
      'image/jpeg',
      'private, max-age=3600',
    ]);
    expect((await get(low.cookie)).statusCode).toBe(404);
    expect((await get('')).statusCode).toBe(404);
  });

  it('holds an unconfirmed member’s messages within the signup credits, then pays and delivers them on activation', async () => {
    const cookie = await signupMember(t.app, 'nieuw-chatter@example.com', 'Nieuwe Chatter');
    const newcomer = { cookie, userId: 0, profileId: 0 };
    const held = await Promise.all([0, 1, 2, 3].map(() => send(newcomer, premium.profileId)));
    expect(held.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 402]);
    expect(held.find((answer) => answer.statusCode === 200)!.json().message).toMatchObject({ held: true });
    expect((await call('GET', '/api/chats.php', premium.cookie)).json()).toEqual({ chats: [], unread_total: 0 });

    const mail = await deliverMailTo(t.app, t.smtp, 'nieuw-chatter@example.com');
    const link = mailLink(mail, '/api/activate.php')!;
    const activation = await t.app.inject({ url: link.pathname + link.search, headers: { host: 'localhost' } });
    expect(activation.headers.location).toBe('/activate/done');

    const theirs = (await call('GET', '/api/chats.php', premium.cookie)).json();
    expect(theirs.unread_total).toBe(3);
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'nieuw-chatter@example.com'));
    expect(await balanceOf(user!.id)).toBe(0);
    const page = (
      await call('GET', `/api/messages.php?conversation=${theirs.chats[0].conversation.id}`, cookie)
    ).json();
    expect(page.messages.map((message: { held: boolean }) => message.held)).toEqual([false, false, false]);
  });

  it('stores a report of a member and one of their messages, refusing a message from elsewhere', async () => {
    const message = (await send(premium, free.profileId)).json().message;
    const reported = await call('POST', '/api/report.php', free.cookie, {
      profile: premium.profileId,
      message: message.id,
      reason: 'spam',
      text: 'Stuurt steeds links',
    });
    expect([reported.statusCode, reported.json()]).toEqual([200, { reported: true }]);
    const elsewhere = await call('POST', '/api/report.php', low.cookie, {
      profile: premium.profileId,
      message: message.id,
      reason: 'spam',
    });
    expect([elsewhere.statusCode, elsewhere.json().field]).toEqual([400, 'message']);
    const noReason = await call('POST', '/api/report.php', free.cookie, { profile: premium.profileId });
    expect(noReason.statusCode).toBe(400);
    expect(await t.database.db.$count(memberReports)).toBe(1);
  });

  it('refuses bad input with a clear error and changes nothing: NUL bytes, ids past 2^31, another member’s ids, a forged Host', async () => {
    const conversation = (await send(premium, free.profileId)).json().message.conversation;
    const before = await balanceOf(premium.userId);
    const nul = await send(premium, free.profileId, { text: 'hoi\u0000daar' });
    expect([nul.statusCode, nul.json().error]).toEqual([400, 'validation_failed']);
    const huge = await send(premium, 2 ** 31);
    expect([huge.statusCode, huge.json().error]).toEqual([400, 'validation_failed']);
    for (const url of [
      `/api/messages.php?conversation=${2 ** 31}`,
      `/api/messages.php?conversation=${conversation}&before=${2 ** 31}`,
      `/api/chat-photo.php?id=${2 ** 31}`,
    ]) {
      expect([url, (await call('GET', url, premium.cookie)).statusCode]).toEqual([url, 400]);
    }
    const hugeDelete = await call('DELETE', '/api/chat.php', premium.cookie, { conversation: 2 ** 31 });
    expect(hugeDelete.statusCode).toBe(400);
    const hugeReport = await call('POST', '/api/report.php', free.cookie, {
      profile: premium.profileId,
      message: 2 ** 31,
      reason: 'spam',
    });
    expect(hugeReport.statusCode).toBe(400);
    // Another member's conversation is no conversation at all, whichever call guesses its id.
    expect((await call('GET', `/api/messages.php?conversation=${conversation}`, low.cookie)).statusCode).toBe(404);
    // A member of one site is unknown on a Host that names no site.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/messages.php',
      headers: { ...headers, host: 'evil.example', cookie: premium.cookie },
      payload: JSON.stringify({ profile: free.profileId, type: 'message', text: 'hoi', client_id: clientId() }),
    });
    expect([forged.statusCode, forged.json().error]).toEqual([404, 'site_not_found']);
    expect(await t.database.db.$count(messages)).toBe(1);
    expect(await balanceOf(premium.userId)).toBe(before);
  });

  it('answers visitors with authentication_required on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/chats.php'],
      ['GET', '/api/messages.php?conversation=1'],
      ['GET', '/api/gifts.php'],
      ['GET', '/api/gifs.php'],
    ] as const) {
      const response = await call(method, url, '');
      expect([url, response.statusCode, response.json().error]).toEqual([url, 403, 'authentication_required']);
    }
    const posted = await send({ cookie: '', userId: 0, profileId: 0 }, premium.profileId);
    expect(posted.json().error).toBe('authentication_required');
  });
});
