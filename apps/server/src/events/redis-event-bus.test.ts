import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedisServer, type TestRedisServer } from '../test/redis-server.ts';
import { waitFor } from '../test/wait-for.ts';
import type { EventBus } from './event-bus.ts';
import { createRedisEventBus } from './redis-event-bus.ts';

const log = { warn: () => {}, info: () => {} };
let redis: TestRedisServer;
const buses: EventBus[] = [];

beforeAll(async () => {
  redis = await startTestRedisServer();
});
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  await redis?.close();
});

async function openBus() {
  const bus = await createRedisEventBus(redis.url, log);
  buses.push(bus);
  return bus;
}

function nextMessage(bus: EventBus, channel: string) {
  return new Promise<unknown>((resolve) => void bus.subscribe(channel, resolve));
}

describe('the event bus on Redis', () => {
  it("carries one process's message to another, and to itself at once and once only", async () => {
    const [a, b] = [await openBus(), await openBus()];
    const received: [string, unknown][] = [];
    await b.subscribe('test.news', (message) => received.push(['b', message]));
    await a.subscribe('test.news', (message) => received.push(['a', message]));
    const published = a.publish('test.news', { user: 7 });
    await Promise.resolve();
    expect(received).toEqual([['a', { user: 7 }]]);
    await published;
    expect(await waitFor(() => received.length === 2)).toBe(true);
    expect(received[1]).toEqual(['b', { user: 7 }]);
    // Redis sends a's message back to a; it is not delivered twice.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(2);
    expect(a.isListening() && b.isListening()).toBe(true);
  });

  it('takes a message without the envelope as it is, as a process of the previous version sends it', async () => {
    const bus = await openBus();
    const message = nextMessage(bus, 'test.old');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const plain = new Redis(redis.url);
    await plain.publish('app:test.old', JSON.stringify({ user: 3 }));
    await plain.quit();
    expect(await message).toEqual({ user: 3 });
  });

  it('says when it stops listening, and asks for a resync when Redis is back', async () => {
    const bus = await openBus();
    const here: unknown[] = [];
    await bus.subscribe('test.news', (message) => here.push(message));
    let resyncs = 0;
    bus.onResync(() => resyncs++);
    await redis.stop();
    expect(await waitFor(() => !bus.isListening())).toBe(true);
    await expect(bus.publish('test.news', { user: 1 })).rejects.toThrow();
    // This process still hears what it published.
    expect(here).toEqual([{ user: 1 }]);
    await redis.start();
    expect(await waitFor(() => bus.isListening())).toBe(true);
    expect(resyncs).toBe(1);
    // Subscriptions come back with the connection.
    const message = nextMessage(bus, 'test.after');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await bus.publish('test.after', { session: 'x' });
    expect(await message).toEqual({ session: 'x' });
  });

  it('refuses to start when Redis cannot be reached', async () => {
    await expect(createRedisEventBus('redis://127.0.0.1:1', log)).rejects.toThrow(/cannot reach Redis/);
  });
});
