import type { EventBus } from './event-bus.ts';

export interface Log {
  warn(object: object, message: string): void;
}

/**
 * Publishes without making the caller wait, trying again while the bus refuses (Redis away or slow): for messages
 * that tell other processes to drop what they cached, whose handlers may safely run more than once. Logs when the
 * last try fails; the copies then live until their own lifetime ends.
 */
export function publishWithRetry(
  bus: EventBus,
  channel: string,
  message: object,
  log: Log,
  delaysMs: readonly number[] = [100, 400, 1_000, 2_000],
): Promise<void> {
  const attempt = async (tries: number): Promise<void> => {
    try {
      await bus.publish(channel, message);
    } catch (error) {
      if (tries >= delaysMs.length) {
        log.warn({ err: error, channel, message }, 'a message did not reach the other processes');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, delaysMs[tries]));
      await attempt(tries + 1);
    }
  };
  return attempt(0);
}
