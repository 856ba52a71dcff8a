import type { RateLimitsRepository } from '../modules/system/rate-limits.repository.ts';

/**
 * The fixed-window counters of rate-limits.repository.ts in memory, for unit tests of services with rules on top of
 * them: the same answers (a window older than `windowMs` starts again at 1; the hit that reaches the limit starts the
 * window anew), without a database.
 */
export function createMemoryRateLimits(): RateLimitsRepository & { hitsOf(key: string): number } {
  const counters = new Map<string, { hits: number; windowStartedAt: number }>();
  return {
    hitsOf: (key) => counters.get(key)?.hits ?? 0,

    async hitRateLimit(key, limit, windowMs, now) {
      const at = now.getTime();
      const current = counters.get(key);
      let next: { hits: number; windowStartedAt: number };
      if (!current) {
        next = { hits: 1, windowStartedAt: at };
      } else {
        const expired = current.windowStartedAt <= at - windowMs;
        next = {
          hits: expired ? 1 : current.hits + 1,
          windowStartedAt: expired || current.hits + 1 === limit ? at : current.windowStartedAt,
        };
      }
      counters.set(key, next);
      const resetsAt = next.windowStartedAt + windowMs;
      return { over: next.hits > limit, minutesLeft: Math.max(1, Math.ceil((resetsAt - at) / 60_000)) };
    },

    async returnRateLimitHit(key) {
      const current = counters.get(key);
      if (current) current.hits = Math.max(current.hits - 1, 0);
    },

    async clearRateLimit(key) {
      counters.delete(key);
    },

    async clearRateLimitsByPrefix(prefix) {
      for (const key of [...counters.keys()]) if (key.startsWith(prefix)) counters.delete(key);
    },

    async deleteRateLimitsBefore(before) {
      for (const [key, counter] of [...counters]) {
        if (counter.windowStartedAt < before.getTime()) counters.delete(key);
      }
    },
  };
}
