import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { EventBus } from './event-bus.ts';

interface Log {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** Channels are named per app, so that several apps (or test runs) can share one Redis. */
const channelPrefix = 'app:';

/**
 * The event bus across processes on Redis pub/sub: one connection publishes, one listens. While the listening
 * connection is down `isListening` is false; when it is back, `onResync` handlers run (messages may have been
 * lost meanwhile). Resolves once both connections are ready, or throws.
 */
export async function createRedisEventBus(url: string, log: Log): Promise<EventBus> {
  const options = {
    // Publishing fails at once while Redis is away instead of queueing: the caller has done its part already.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
  };
  const publisher = new Redis(url, options);
  const listener = new Redis(url, { ...options, enableOfflineQueue: true, maxRetriesPerRequest: null });
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  const resyncHandlers = new Set<() => void>();
  let lost = false;
  let closing = false;

  for (const connection of [publisher, listener]) connection.on('error', () => {}); // 'close' below tells it
  listener.on('close', () => {
    if (closing || lost) return;
    lost = true;
    log.warn({ url: new URL(url).host }, 'event bus connection lost');
  });
  listener.on('ready', () => {
    if (!lost) return;
    lost = false;
    log.info({ url: new URL(url).host }, 'event bus connection back');
    for (const handler of resyncHandlers) handler();
  });
  // This process's own messages are delivered to it at once when published, not when Redis sends them back.
  const origin = randomUUID();
  const deliver = (channel: string, message: unknown) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  };
  listener.on('message', (channel: string, text: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    // A message without the envelope comes from a process of an earlier version (during a rolling deploy).
    const envelope = typeof parsed === 'object' && parsed !== null && 'origin' in parsed ? parsed : undefined;
    if (!envelope) deliver(channel.slice(channelPrefix.length), parsed);
    else if (envelope.origin !== origin)
      deliver(channel.slice(channelPrefix.length), (envelope as { message?: unknown }).message);
  });

  try {
    await Promise.all([publisher.connect(), listener.connect()]);
  } catch (error) {
    publisher.disconnect();
    listener.disconnect();
    throw new Error(`the event bus cannot reach Redis at ${new URL(url).host}: ${(error as Error).message}`);
  }

  return {
    async publish(channel, message) {
      const text = JSON.stringify(message);
      const copy = JSON.parse(text) as unknown;
      queueMicrotask(() => deliver(channel, copy));
      await publisher.publish(channelPrefix + channel, `{"origin":${JSON.stringify(origin)},"message":${text}}`);
    },
    async subscribe(channel, handler) {
      const set = handlers.get(channel) ?? new Set();
      if (!handlers.has(channel)) {
        handlers.set(channel, set);
        // ioredis subscribes again by itself after a reconnect.
        await listener.subscribe(channelPrefix + channel);
      }
      set.add(handler);
      return () => void set.delete(handler);
    },
    isListening: () => listener.status === 'ready' && !lost,
    onResync(handler) {
      resyncHandlers.add(handler);
      return () => void resyncHandlers.delete(handler);
    },
    async close() {
      closing = true;
      await Promise.allSettled([publisher.quit(), listener.quit()]);
    },
  };
}
