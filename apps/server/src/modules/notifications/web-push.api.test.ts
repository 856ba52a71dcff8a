import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { conversationMembers } from '../../db/schema/chat.ts';
import { pushSubscriptions } from '../../db/schema/notifications.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { readCatalog } from '../../i18n/catalogs.ts';
import { demoAccounts } from '../../seed/demo-site.ts';
import { type FakeSubscription, type PushServiceFake, startPushServiceFake } from '../../test/push-service-fake.ts';
import { createTestApp, loginMember, type TestApp, testDatabaseKind } from '../../test/test-app.ts';
import type { PushPayload } from './notification-push.ts';

let fake: PushServiceFake;
let t: TestApp;
beforeAll(async () => {
  fake = await startPushServiceFake();
  t = await createTestApp({
    profiles: 12,
    config: { pushServiceHosts: [fake.host], pushServiceCertificate: fake.certificate },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const nl = readCatalog('nl');
const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };
const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | null, body: object, extra = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, ...(cookie ? { cookie } : {}), ...extra },
    payload: JSON.stringify(body),
  });

type Member = { cookie: string; userId: number; profileId: number; name: string };
async function login(index: number): Promise<Member> {
  const { cookie, user } = await loginMember(t.app, demoAccounts[index]!.email);
  const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, user.profile.id));
  return { cookie, userId: user.id, profileId: user.profile.id, name: profile!.name };
}

const vapidKey = () => t.app.services.system.vapidKeys.publicKey;
const subscribe = (member: Member, subscription: unknown, extra = {}) =>
  call('POST', '/api/user.php?push=1', member.cookie, { subscription }, extra);
const devicesOf = (userId: number) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

let counter = 0;
const send = (from: Member, to: Member, body: Record<string, unknown> = {}) =>
  call('POST', '/api/messages.php', from.cookie, {
    profile: to.profileId,
    type: 'message',
    text: 'Hoi!',
    client_id: `push-test-${(counter++).toString().padStart(4, '0')}`,
    ...body,
  });

async function setCredits(userId: number, credits: number) {
  const ledger = t.app.services.credits.ledger;
  const now = await ledger.findBalance(userId);
  const reference = `push-test-${userId}-${counter++}`;
  if (credits > now) await ledger.grantCredits({ userId, reason: 'correction', reference }, credits - now);
  if (credits < now) await ledger.debitCredits({ userId, reason: 'correction', reference }, now - credits);
}

const deliver = () => t.app.services.notifications.deliverQueued();
const payloads = () => fake.received.map((push) => JSON.parse(push.payload) as PushPayload);
const conversationOf = async (member: Member) => {
  const [row] = await t.database.db
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(eq(conversationMembers.profileId, member.profileId));
  return row!.id;
};

let receiver: Member;
let sender: Member;
let other: Member;
beforeAll(async () => {
  [receiver, sender, other] = [await login(0), await login(1), await login(2)];
});
beforeEach(async () => {
  fake.clear();
  for (const table of ['push_subscriptions', 'messages', 'chat_photos', 'conversation_members', 'conversations']) {
    await t.database.db.execute(`delete from ${table}`);
  }
  await t.database.db.execute('delete from likes');
  // Pushes speak the member's language: Dutch here, unless a test says otherwise.
  await t.database.db.update(users).set({ pushPreviews: false, pushChoice: null, language: 'nl' });
  for (const member of [receiver, sender, other]) {
    await t.app.services.notifications.markAway(member.userId);
    const reset = { push: { new_messages: true, new_conversations: true, like: true } };
    expect((await call('PUT', '/api/account-settings.php', member.cookie, { notifications: reset })).statusCode).toBe(
      200,
    );
  }
  await setCredits(sender.userId, 120);
  await deliver();
  fake.clear();
});

describe(`web push on ${testDatabaseKind()}`, () => {
  it('stores a browser’s subscription per device, and notes the choice', async () => {
    const phone = fake.createSubscription(vapidKey());
    const laptop = fake.createSubscription(vapidKey());
    const answer = await subscribe(receiver, phone);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true });
    expect((await subscribe(receiver, laptop)).statusCode).toBe(200);
    const devices = await devicesOf(receiver.userId);
    expect(devices.map((device) => [device.endpoint, device.p256dh, device.auth]).sort()).toEqual(
      [phone, laptop].map((s) => [s.endpoint, s.keys.p256dh, s.keys.auth]).sort(),
    );
    const [user] = await t.database.db.select().from(users).where(eq(users.id, receiver.userId));
    expect(user!.pushChoice).toBe('accepted');
  });

  it('refuses what is not a browser’s subscription on a known push service, with a translated error', async () => {
    const good = fake.createSubscription(vapidKey());
    const offCurve = Buffer.alloc(65, 1);
    offCurve[0] = 4;
    const bad: [string, unknown, string][] = [
      ['http endpoint', { ...good, endpoint: good.endpoint.replace('https:', 'http:') }, 'push_subscription_invalid'],
      ['unknown host', { ...good, endpoint: 'https://push.example.com/send/abc' }, 'push_service_not_allowed'],
      [
        'another port of a known host',
        { ...good, endpoint: 'https://fcm.googleapis.com:8443/x' },
        'push_service_not_allowed',
      ],
      ['long endpoint', { ...good, endpoint: `${good.endpoint}/${'a'.repeat(1_000)}` }, 'push_subscription_invalid'],
      [
        'short key',
        { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 80) } },
        'push_subscription_invalid',
      ],
      [
        'key off the curve',
        { ...good, keys: { ...good.keys, p256dh: offCurve.toString('base64url') } },
        'push_subscription_invalid',
      ],
      [
        'short secret',
        { ...good, keys: { ...good.keys, auth: good.keys.auth.slice(0, 20) } },
        'push_subscription_invalid',
      ],
      ['no keys', { endpoint: good.endpoint }, 'push_subscription_invalid'],
      ['another word', 'granted', 'push_subscription_invalid'],
    ];
    for (const [what, subscription, code] of bad) {
      const answer = await subscribe(receiver, subscription);
      expect(answer.statusCode, what).toBe(400);
      expect(answer.json().error, what).toBe(code);
      expect(answer.json().message, what).toBe(nl[`errors.${code}`]);
    }
    const loggedOut = await call('POST', '/api/user.php?push=1', null, { subscription: good });
    expect(loggedOut.statusCode).toBe(403);
    expect(loggedOut.json().error).toBe('authentication_required');
    const withoutHeader = await subscribe(receiver, good, { 'x-request-type': '' });
    expect(withoutHeader.json().error).toBe('client_header_required');
    expect(await devicesOf(receiver.userId)).toEqual([]);
    // Without ?push=1 the path is the login, as before.
    const login = await call('POST', '/api/user.php', null, { subscription: good });
    expect(login.json().error).toBe('validation_failed');
  });

  it('moves an endpoint seen before to the member who sent it last, with its new keys', async () => {
    const browser = fake.createSubscription(vapidKey());
    await subscribe(receiver, browser);
    const renewed = fake.createSubscription(vapidKey());
    const sameEndpointNewKeys = { ...renewed, endpoint: browser.endpoint };
    expect((await subscribe(other, sameEndpointNewKeys)).statusCode).toBe(200);
    expect(await devicesOf(receiver.userId)).toEqual([]);
    const [moved] = await devicesOf(other.userId);
    expect(moved).toMatchObject({ endpoint: browser.endpoint, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });
  });

  it('keeps at most 10 devices a member, dropping the oldest', async () => {
    const made: FakeSubscription[] = [];
    for (let index = 0; index < 11; index++) {
      made.push(fake.createSubscription(vapidKey()));
      expect((await subscribe(receiver, made.at(-1))).statusCode).toBe(200);
    }
    const kept = (await devicesOf(receiver.userId)).map((device) => device.endpoint).sort();
    expect(kept).toEqual(
      made
        .slice(1)
        .map((s) => s.endpoint)
        .sort(),
    );
  });

  it('keeps 10 devices when 16 subscribe at once, and the same endpoint sent in parallel once', async () => {
    const made = Array.from({ length: 16 }, () => fake.createSubscription(vapidKey()));
    const answers = await Promise.all(made.map((subscription) => subscribe(receiver, subscription)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(made.map(() => 200));
    expect(await devicesOf(receiver.userId)).toHaveLength(10);

    const again = fake.createSubscription(vapidKey());
    const repeated = await Promise.all(Array.from({ length: 8 }, () => subscribe(receiver, again)));
    expect(repeated.map((answer) => answer.statusCode)).toEqual(repeated.map(() => 200));
    const devices = await devicesOf(receiver.userId);
    expect(devices).toHaveLength(10);
    expect(devices.filter((device) => device.endpoint === again.endpoint)).toHaveLength(1);
  });

  it('DELETE stops this device for the member, and leaves another member’s alone', async () => {
    const mine = fake.createSubscription(vapidKey());
    const theirs = fake.createSubscription(vapidKey());
    await subscribe(receiver, mine);
    await subscribe(other, theirs);
    const notMine = await call('DELETE', '/api/user.php?push=1', receiver.cookie, { endpoint: theirs.endpoint });
    expect(notMine.json()).toEqual({ ok: true });
    expect(await devicesOf(other.userId)).toHaveLength(1);
    const stop = await call('DELETE', '/api/user.php?push=1', receiver.cookie, { endpoint: mine.endpoint });
    expect(stop.json()).toEqual({ ok: true });
    expect(await devicesOf(receiver.userId)).toEqual([]);
    const loggedOut = await call('DELETE', '/api/user.php?push=1', null, { endpoint: theirs.endpoint });
    expect(loggedOut.statusCode).toBe(403);
    expect(await devicesOf(other.userId)).toHaveLength(1);
  });

  it('records “denied” and stores nothing else', async () => {
    expect((await subscribe(receiver, 'denied')).json()).toEqual({ ok: true });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, receiver.userId));
    expect(user!.pushChoice).toBe('denied');
    expect(await devicesOf(receiver.userId)).toEqual([]);
  });

  it('pushes a member’s new messages to each device: one push per conversation, naming the sender, no text', async () => {
    const phone = fake.createSubscription(vapidKey());
    const laptop = fake.createSubscription(vapidKey());
    await subscribe(receiver, phone);
    await subscribe(receiver, laptop);
    expect((await send(sender, receiver, { text: 'Zin in koffie?' })).statusCode).toBe(200);
    expect((await send(sender, receiver, { text: 'Vanavond?' })).statusCode).toBe(200);
    await deliver();
    const conversation = await conversationOf(receiver);
    // One push per device (the two messages together), checked and decrypted by the push service.
    expect(fake.refused).toEqual([]);
    expect(fake.received.map((push) => push.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    for (const push of fake.received) {
      expect(push).toMatchObject({
        ttl: 3_600,
        topic: `c${conversation}`,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      });
      expect(push.claims.sub).toBe('mailto:support@hartklop.test');
    }
    const [payload] = payloads();
    expect(payload).toEqual({
      title: `${sender.name} begon een gesprek met je`,
      body: nl['push.message_body'],
      tag: `c${conversation}`,
      url: `/chats/${conversation}`,
      open_url: `/login?redirect=%2Fchats%2F${conversation}`,
      type: 'new_conversations',
      lang: 'nl',
      icon: `http://localhost:${t.config.port}/icons/app-192.png`,
      sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(JSON.stringify(payloads())).not.toContain('koffie');
    expect(JSON.stringify(payloads())).not.toContain('Vanavond');
    const devices = await devicesOf(receiver.userId);
    expect(devices.every((device) => device.lastSentAt !== null)).toBe(true);

    // Nothing new: nothing pushed again.
    fake.clear();
    await deliver();
    expect(fake.received).toEqual([]);
  });

  it('shows the message’s text only to a member who chose previews', async () => {
    await subscribe(receiver, fake.createSubscription(vapidKey()));
    await send(sender, receiver, { text: 'Eerste' });
    await deliver();
    await t.database.db.update(users).set({ pushPreviews: true }).where(eq(users.id, receiver.userId));
    fake.clear();
    const long = `Wat een mooie foto's op je profiel, ${'echt '.repeat(40)}geweldig`;
    await send(sender, receiver, { text: long });
    await deliver();
    const [payload] = payloads();
    expect(payload!.type).toBe('new_messages');
    expect(payload!.title).toBe(`Nieuw bericht van ${sender.name}`);
    expect(payload!.body.startsWith("Wat een mooie foto's op je profiel, echt")).toBe(true);
    expect([...payload!.body]).toHaveLength(120);
    expect(payload!.body.endsWith('…')).toBe(true);
  });

  it('pushes a like without a name to /likes, and a match naming the other member', async () => {
    await subscribe(receiver, fake.createSubscription(vapidKey()));
    expect((await call('POST', '/api/like.php', sender.cookie, { profile: receiver.profileId })).statusCode).toBe(200);
    await deliver();
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]).toMatchObject({ ttl: 6 * 3_600, topic: 'likes', urgency: 'normal' });
    const [like] = payloads();
    expect(like).toMatchObject({
      title: 'Iemand vindt je leuk',
      url: '/likes',
      open_url: '/login?redirect=%2Flikes',
      type: 'like',
    });
    expect(JSON.stringify(like)).not.toContain(sender.name);

    // In the member's language.
    const german = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: { ...headers, cookie: receiver.cookie },
      payload: JSON.stringify({ language: 'de' }),
    });
    expect(german.statusCode).toBe(200);
    await call('DELETE', '/api/like.php', sender.cookie, { profile: receiver.profileId });
    fake.clear();
    await call('POST', '/api/like.php', sender.cookie, { profile: receiver.profileId });
    await deliver();
    expect(payloads().map((payload) => [payload.title, payload.lang])).toEqual([['Jemand mag dich', 'de']]);
    await t.database.db.update(users).set({ language: 'nl' }).where(eq(users.id, receiver.userId));

    // The receiver likes back: the match is theirs to make, so it is not pushed to them; the sender is told.
    const senderPhone = fake.createSubscription(vapidKey());
    await subscribe(sender, senderPhone);
    fake.clear();
    const back = await call('POST', '/api/like.php', receiver.cookie, { profile: sender.profileId });
    expect(back.json()).toEqual({ match: true });
    await deliver();
    expect(fake.received.map((push) => push.endpoint)).toEqual([senderPhone.endpoint]);
    const [match] = payloads();
    expect(match).toMatchObject({
      title: `Je hebt een match met ${receiver.name}!`,
      url: `/members/${receiver.profileId}`,
      type: 'like',
      tag: `m${receiver.profileId}`,
    });
  });

  it('respects the member’s push choices per type', async () => {
    await subscribe(receiver, fake.createSubscription(vapidKey()));
    const off = { notifications: { push: { new_messages: false, like: false } } };
    expect((await call('PUT', '/api/account-settings.php', receiver.cookie, off)).statusCode).toBe(200);
    await send(sender, receiver);
    await deliver();
    // A new conversation is its own type, still on.
    expect(payloads().map((payload) => payload.type)).toEqual(['new_conversations']);
    fake.clear();
    await send(sender, receiver);
    await call('POST', '/api/like.php', sender.cookie, { profile: receiver.profileId });
    await deliver();
    expect(fake.received).toEqual([]);
  });

  it('pushes nothing while the member is looking at the site', async () => {
    await subscribe(receiver, fake.createSubscription(vapidKey()));
    await t.app.services.notifications.markLooking([receiver.userId]);
    await send(sender, receiver);
    await deliver();
    expect(fake.received).toEqual([]);
    // Away again: what comes next is pushed, not what was seen.
    await t.app.services.notifications.markAway(receiver.userId);
    await send(sender, receiver, { text: 'Nog iets' });
    await deliver();
    expect(payloads().map((payload) => payload.type)).toEqual(['new_messages']);
  });

  it('deletes a device its push service no longer knows (410, 404) and keeps one that failed otherwise', async () => {
    const gone = fake.createSubscription(vapidKey());
    const unknown = fake.createSubscription(vapidKey());
    const busy = fake.createSubscription(vapidKey());
    const fine = fake.createSubscription(vapidKey());
    for (const subscription of [gone, unknown, busy, fine]) await subscribe(receiver, subscription);
    fake.answerWith(gone.endpoint, 410);
    fake.answerWith(unknown.endpoint, 404);
    fake.answerWith(busy.endpoint, 500);
    await send(sender, receiver);
    await deliver();
    expect(fake.received.map((push) => push.endpoint)).toEqual([fine.endpoint]);
    expect(fake.refused.map((refusal) => refusal.status).sort()).toEqual([404, 410, 500]);
    const left = await devicesOf(receiver.userId);
    expect(left.map((device) => device.endpoint).sort()).toEqual([busy.endpoint, fine.endpoint].sort());
    expect(left.find((device) => device.endpoint === busy.endpoint)!.lastSentAt).toBeNull();
  });
});
