import { describe, expect, it } from 'vitest';
import { createLocalEventBus, type EventBus } from './event-bus.ts';
import { publishWithRetry } from './publish-with-retry.ts';

/** A bus that refuses the first `failures` publishes, as Redis does while its connection is down. */
function flakyBus(failures: number) {
  const local = createLocalEventBus();
  let refused = 0;
  const bus: EventBus = {
    ...local,
    async publish(channel, message) {
      if (refused < failures) {
        refused += 1;
        throw new Error('Connection is closed.');
      }
      await local.publish(channel, message);
    },
  };
  return bus;
}

const silentLog = () => {
  const warnings: string[] = [];
  return { warnings, warn: (_object: object, message: string) => void warnings.push(message) };
};

describe('publishing with retries', () => {
  it('tries again until the bus takes the message', async () => {
    const bus = flakyBus(2);
    const received: unknown[] = [];
    await bus.subscribe('test.news', (message) => received.push(message));
    const log = silentLog();
    await publishWithRetry(bus, 'test.news', { profiles: [1, 2] }, log, [1, 1, 1]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(received).toEqual([{ profiles: [1, 2] }]);
    expect(log.warnings).toEqual([]);
  });

  it('gives up after the last delay and says so', async () => {
    const bus = flakyBus(10);
    const log = silentLog();
    await publishWithRetry(bus, 'test.news', { profiles: [1] }, log, [1, 1]);
    expect(log.warnings).toEqual(['a message did not reach the other processes']);
  });
});
