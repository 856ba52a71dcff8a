import { spawn } from 'node:child_process';
import type { ServerFrame } from '@app/shared/chat/chat-constants';
import { closeCodeLoggedOut } from '@app/shared/chat/chat-constants';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.ts';
import { createRedisEventBus } from '../../events/redis-event-bus.ts';
import { demoAccounts } from '../../seed/demo-site.ts';
import { findFreePort } from '../../test/free-port.ts';
import { startTestRedisServer, type TestRedisServer } from '../../test/redis-server.ts';
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
let free: Member;
let premium: Member;
beforeAll(async () => {
  for (const [index, assign] of [
    [0, (m: Member) => (free = m)],
    [1, (m: Member) => (premium = m)],
  ] as const) {
    const { cookie, user } = await loginMember(t.app, demoAccounts[index]!.email);
    assign({ cookie, userId: user.id, profileId: user.profile.id });
  }
});
beforeEach(async () => {
  await t.database.db.execute('delete from messages');
  await t.database.db.execute('delete from conversation_members');
  await t.database.db.execute('delete from conversations');
  const ledger = t.app.services.credits.ledger;
  const balance = await ledger.findBalance(premium.userId);
  if (balance < 500) {
    await ledger.grantCredits({ userId: premium.userId, reason: 'correction', reference: `ws-${Date.now()}` }, 500);
  }
});

let sent = 0;
function send(app: FastifyInstance, from: Member, to: number, text: string) {
  return app.inject({
    method: 'POST',
    url: '/api/messages.php',
    headers: { ...headers, cookie: from.cookie },
    payload: JSON.stringify({ profile: to, type: 'message', text, client_id: `ws-test-${sent++}-${Date.now()}` }),
  });
}

/** A member's socket, as a browser opens it, with every frame it received. */
async function connect(baseUrl: string, member: Member, after?: number, originHeader = baseUrl) {
  const url = `${baseUrl.replace('http', 'ws')}/api/ws${after === undefined ? '' : `?after=${after}`}`;
  const socket = new WebSocket(url, { headers: { cookie: member.cookie, origin: originHeader } });
  const frames: ServerFrame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as ServerFrame));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) => reject(new Error(`status ${response.statusCode}`)));
    socket.once('error', reject);
  });
  await waitFor(() => frames.length > 0);
  const texts = () =>
    frames.flatMap((frame) =>
      frame.t === 'event' && frame.type === 'message' ? [(frame.payload.message as { text: string }).text] : [],
    );
  const lastId = () =>
    Math.max(0, ...frames.map((frame) => ('id' in frame ? frame.id : frame.t === 'hello' ? frame.last_event_id : 0)));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  return { socket, frames, texts, lastId, closed, close: () => socket.close() };
}

describe(`the realtime socket on ${testDatabaseKind()}`, () => {
  it('refuses visitors and other sites’ pages before the upgrade', async () => {
    await expect(connect(origin, { cookie: '', userId: 0, profileId: 0 })).rejects.toThrow('status 403');
    await expect(connect(origin, free, undefined, 'https://evil.example')).rejects.toThrow('status 403');
  });

  it('pushes a message to the receiver and the sender’s other tabs as it commits, once each', async () => {
    const receiver = await connect(origin, free);
    const senderTab = await connect(origin, premium);
    expect(receiver.frames[0]).toMatchObject({ t: 'hello' });
    await send(t.app, premium, free.profileId, 'Hallo via de socket');
    expect(await waitFor(() => receiver.texts().length === 1)).toBe(true);
    expect(await waitFor(() => senderTab.texts().length === 1)).toBe(true);
    const event = receiver.frames.find((frame) => frame.t === 'event')!;
    expect(event).toMatchObject({
      t: 'event',
      type: 'message',
      payload: {
        profile: premium.profileId,
        unread_total: 1,
        message: { from_me: false, text: 'Hallo via de socket' },
      },
    });
    // The sender's tab also learns the new balance.
    expect(senderTab.frames.some((frame) => frame.t === 'event' && frame.type === 'credits')).toBe(true);
    receiver.close();
    senderTab.close();
  });

  it('replays what came after the last id on reconnect, with no loss and no repeat', async () => {
    const first = await connect(origin, free);
    await send(t.app, premium, free.profileId, 'een');
    await waitFor(() => first.texts().length === 1);
    const seen = first.lastId();
    first.close();
    await first.closed;
    for (const text of ['twee', 'drie', 'vier']) await send(t.app, premium, free.profileId, text);
    const again = await connect(origin, free, seen);
    expect(await waitFor(() => again.texts().length === 3)).toBe(true);
    await send(t.app, premium, free.profileId, 'vijf');
    expect(await waitFor(() => again.texts().length === 4)).toBe(true);
    expect(again.texts()).toEqual(['twee', 'drie', 'vier', 'vijf']);
    const ids = again.frames.flatMap((frame) => (frame.t === 'event' ? [frame.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    again.close();
  });

  it('tells a client with an id it cannot replay from to refetch', async () => {
    await send(t.app, premium, free.profileId, 'oud');
    const live = await connect(origin, free);
    await send(t.app, premium, free.profileId, 'nieuw');
    await waitFor(() => live.texts().length === 1);
    live.close();
    // An id that is not the member's (the sender's, say) or that retention removed.
    const stranger = await connect(origin, free, 1);
    expect(stranger.frames[0]).toMatchObject({ t: 'refetch' });
    stranger.close();
  });

  it('closes the socket when its session logs out', async () => {
    const { cookie, user } = await loginMember(t.app, demoAccounts[0]!.email);
    const member = { cookie, userId: user.id, profileId: user.profile.id };
    const socket = await connect(origin, member);
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/logout.php',
      headers: { ...headers, cookie },
    });
    expect(logout.statusCode).toBeLessThan(400);
    expect(await socket.closed).toBe(closeCodeLoggedOut);
  });

  it('passes typing signals to the other member of the conversation only', async () => {
    const conversation = (await send(t.app, premium, free.profileId, 'typ eens')).json().message.conversation;
    const receiver = await connect(origin, free);
    const writer = await connect(origin, premium);
    writer.socket.send(JSON.stringify({ t: 'typing', conversation }));
    expect(await waitFor(() => receiver.frames.some((frame) => frame.t === 'typing'))).toBe(true);
    expect(receiver.frames.find((frame) => frame.t === 'typing')).toEqual({ t: 'typing', conversation });
    expect(writer.frames.some((frame) => frame.t === 'typing')).toBe(false);
    receiver.close();
    writer.close();
  });
});

describe(`realtime across two app processes through Redis on ${testDatabaseKind()}`, () => {
  let redis: TestRedisServer;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let originB: string;
  beforeAll(async () => {
    redis = await startTestRedisServer();
    const log = { warn: () => {}, info: () => {} };
    // Two instances of the app on one database, each with its own Redis connections and sockets.
    for (const assign of [(app: FastifyInstance) => (a = app), (app: FastifyInstance) => (b = app)]) {
      const app = await buildApp({
        config: { ...t.config, redisUrl: redis.url },
        database: t.database,
        storage: t.storage,
        events: await createRedisEventBus(redis.url, log),
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      assign(app);
    }
    originB = `http://localhost:${(b.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.close();
  });

  it('delivers a message sent on one process to a socket on the other', async () => {
    const receiver = await connect(originB, free);
    await send(a, premium, free.profileId, 'van proces A');
    expect(await waitFor(() => receiver.texts().includes('van proces A'))).toBe(true);
    receiver.close();
  });

  it('loses nothing when Redis restarts mid-stream: news or a refetch, then the replay has it all', async () => {
    const receiver = await connect(originB, free);
    await send(a, premium, free.profileId, 'voor');
    await waitFor(() => receiver.texts().includes('voor'));
    const seen = receiver.lastId();
    await redis.stop();
    await send(a, premium, free.profileId, 'tijdens');
    await redis.start();
    // Either the retried publish arrives, or process B's bus resyncs and tells the client to refetch.
    expect(
      await waitFor(
        () => receiver.texts().includes('tijdens') || receiver.frames.some((frame) => frame.t === 'refetch'),
        15_000,
      ),
    ).toBe(true);
    receiver.close();
    const replay = await connect(originB, free, seen);
    expect(await waitFor(() => replay.texts().includes('tijdens'))).toBe(true);
    await send(a, premium, free.profileId, 'na');
    expect(await waitFor(() => replay.texts().includes('na'), 10_000)).toBe(true);
    replay.close();
  }, 40_000);
});

describe.skipIf(testDatabaseKind() !== 'postgres')('a server killed between commit and publish', () => {
  it('still delivers the message, by replay when the receiver reconnects', async () => {
    const port = await findFreePort();
    const child = spawn(process.execPath, ['apps/server/src/test/crash-before-publish.ts'], {
      env: { ...process.env, NODE_ENV: 'test', PORT: String(port), DATABASE_URL: t.databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve());
      child.once('exit', () => reject(new Error('the crashing server did not start')));
    });
    const receiver = await connect(origin, free);
    const seen = receiver.lastId();
    const answer = await fetch(`http://localhost:${port}/api/messages.php`, {
      method: 'POST',
      headers: { ...headers, cookie: premium.cookie },
      body: JSON.stringify({
        profile: free.profileId,
        type: 'message',
        text: 'net voor de crash',
        client_id: 'crash-0001',
      }),
    }).catch(() => null);
    expect(answer).toBeNull(); // the process died before it could answer
    expect(await exited).toBe('SIGKILL');
    // Committed, never published: this socket heard nothing, its replay has it.
    expect(receiver.texts()).toEqual([]);
    receiver.close();
    const replay = await connect(origin, free, seen);
    expect(await waitFor(() => replay.texts().includes('net voor de crash'))).toBe(true);
    replay.close();
  }, 30_000);
});
