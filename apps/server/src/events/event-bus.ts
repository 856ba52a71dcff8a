/**
 * Messages between the app's processes: what one process did that the others must know at once (a session
 * revoked; later a member's new event). In process by default; Redis pub/sub when `REDIS_URL` is set
 * (redis-event-bus.ts). A message is a JSON object; delivery is at most once, so what a message tells must also be
 * recoverable otherwise (the database, a short cache lifetime).
 */
export interface EventBus {
  /**
   * Sends to every process. This one's handlers get it at once (on the next microtask), whatever the state of the
   * connection; resolves once the bus has taken it for the others.
   */
  publish(channel: string, message: object): Promise<void>;
  /** Resolves once messages on the channel arrive, with a function that ends the subscription. */
  subscribe(channel: string, handler: (message: unknown) => void): Promise<() => void>;
  /**
   * Whether messages from other processes arrive now. While they do not (the bus connection is down), a process
   * must not trust what it cached on the strength of them.
   */
  isListening(): boolean;
  /** Called when the connection came back after a loss: messages may have been missed meanwhile. */
  onResync(handler: () => void): () => void;
  close(): Promise<void>;
}

/** One process: publishing is delivering, on the next tick as a remote bus would. */
export function createLocalEventBus(): EventBus {
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  return {
    async publish(channel, message) {
      const copy = JSON.parse(JSON.stringify(message)) as unknown;
      for (const handler of handlers.get(channel) ?? []) queueMicrotask(() => handler(copy));
    },
    async subscribe(channel, handler) {
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      set.add(handler);
      return () => void set.delete(handler);
    },
    isListening: () => true,
    onResync: () => () => {},
    async close() {
      handlers.clear();
    },
  };
}
