import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { memberEvents } from '../../db/schema/events.ts';
import { notificationState } from '../../db/schema/notifications.ts';
import { demoAccounts } from '../../seed/demo-site.ts';
import { createTestApp, loginMember, type TestApp, testDatabaseKind } from '../../test/test-app.ts';
import { waitFor } from '../../test/wait-for.ts';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ profiles: 20 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://localhost:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t?.close());

const headers = { host: 'localhost', 'x-request-type': 'client', 'content-type': 'application/json' };
type Member = { cookie: string; userId: number; profileId: number };
let sender: Member;
let receiver: Member;
beforeAll(async () => {
  for (const [index, assign] of [
    [1, (m: Member) => (sender = m)],
    [2, (m: Member) => (receiver = m)],
  ] as const) {
    const { cookie, user } = await loginMember(t.app, demoAccounts[index]!.email);
    assign({ cookie, userId: user.id, profileId: user.profile.id });
  }
  await t.app.services.credits.ledger.grantCredits(
    { userId: sender.userId, reason: 'correction', reference: 'presence-test' },
    100,
  );
});
beforeEach(async () => {
  await t.app.services.notifications.deliverQueued();
  await t.database.db.delete(notificationState);
});

async function stateOf(userId: number) {
  const [row] = await t.database.db.select().from(notificationState).where(eq(notificationState.userId, userId));
  return row ?? null;
}

async function newestEventOf(userId: number) {
  const rows = await t.database.db
    .select({ id: memberEvents.id })
    .from(memberEvents)
    .where(eq(memberEvents.userId, userId));
  return Math.max(0, ...rows.map((row) => row.id));
}

let sent = 0;
const send = (text: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/messages.php',
    headers: { ...headers, cookie: sender.cookie },
    payload: JSON.stringify({ profile: receiver.profileId, type: 'message', text, client_id: `presence-${sent++}` }),
  });

async function openSocket(member: Member) {
  const socket = new WebSocket(`${origin.replace('http', 'ws')}/api/ws`, {
    headers: { cookie: member.cookie, origin },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

describe(`presence and the delivery queue on ${testDatabaseKind()}`, () => {
  it('queues a delivery for the member who received news, which moves their push cursor past it; the sender is not told', async () => {
    expect((await send('Hallo daar')).statusCode).toBe(200);
    expect(await t.app.services.notifications.deliverQueued()).toBe(1);
    expect((await stateOf(receiver.userId))?.pushedUpTo).toBe(await newestEventOf(receiver.userId));
    // The sender's own echo is an event too, but nothing to tell them: no delivery ran for them.
    expect(await stateOf(sender.userId)).toBeNull();
  });

  it('runs one delivery for several messages that arrive before it runs', async () => {
    for (const text of ['Een', 'Twee', 'Drie']) expect((await send(text)).statusCode).toBe(200);
    expect(await t.app.services.notifications.deliverQueued()).toBe(1);
    expect((await stateOf(receiver.userId))?.pushedUpTo).toBe(await newestEventOf(receiver.userId));
  });

  it('counts a member with a visible page on a socket as looking, and no longer once it hides or closes', async () => {
    const socket = await openSocket(receiver);
    // An open socket alone says nothing: a page in a background tab keeps its socket.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await stateOf(receiver.userId))?.lookingUntil ?? null).toBeNull();

    socket.send(JSON.stringify({ t: 'presence', visible: true }));
    await waitFor(async () => ((await stateOf(receiver.userId))?.lookingUntil ?? new Date(0)) > new Date());
    socket.send(JSON.stringify({ t: 'presence', visible: false }));
    await waitFor(async () => (await stateOf(receiver.userId))?.lookingUntil === null);

    socket.send(JSON.stringify({ t: 'presence', visible: true }));
    await waitFor(async () => ((await stateOf(receiver.userId))?.lookingUntil ?? new Date(0)) > new Date());
    socket.close();
    await waitFor(async () => (await stateOf(receiver.userId))?.lookingUntil === null);
  });

  it('takes POST /api/page-hidden.php as the page going out of sight; without a login it does nothing', async () => {
    const socket = await openSocket(receiver);
    socket.send(JSON.stringify({ t: 'presence', visible: true }));
    await waitFor(async () => ((await stateOf(receiver.userId))?.lookingUntil ?? new Date(0)) > new Date());

    const hidden = await t.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { ...headers, cookie: receiver.cookie },
      payload: '{}',
    });
    expect(hidden.statusCode).toBe(204);
    expect((await stateOf(receiver.userId))?.lookingUntil).toBeNull();
    socket.close();

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/page-hidden.php', headers, payload: '{}' });
    expect(anonymous.statusCode).toBe(204);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { host: 'localhost', 'content-type': 'application/json', cookie: receiver.cookie },
      payload: '{}',
    });
    expect(foreign.json()).toMatchObject({ error: 'client_header_required' });
  });

  it('moves both cursors past news for a member who is looking, in the send itself: no delivery job', async () => {
    const socket = await openSocket(receiver);
    socket.send(JSON.stringify({ t: 'presence', visible: true }));
    await waitFor(async () => ((await stateOf(receiver.userId))?.lookingUntil ?? new Date(0)) > new Date());
    expect((await send('Zie je dit?')).statusCode).toBe(200);
    const newest = await newestEventOf(receiver.userId);
    expect(await stateOf(receiver.userId)).toMatchObject({ pushedUpTo: newest, mailedUpTo: newest });
    expect(await t.app.services.notifications.deliverQueued()).toBe(0);

    // Out of sight again: the next message is a job, which moves the push cursor.
    socket.send(JSON.stringify({ t: 'presence', visible: false }));
    await waitFor(async () => (await stateOf(receiver.userId))?.lookingUntil === null);
    expect((await send('En nu?')).statusCode).toBe(200);
    expect((await stateOf(receiver.userId))?.pushedUpTo).toBe(newest);
    expect(await t.app.services.notifications.deliverQueued()).toBe(1);
    expect((await stateOf(receiver.userId))?.pushedUpTo).toBe(await newestEventOf(receiver.userId));
    socket.close();
  });
});
