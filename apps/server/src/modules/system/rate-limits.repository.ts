import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/system.ts';

export interface RateLimitHit {
  /** Whether this hit is past the limit: the caller refuses it. */
  over: boolean;
  /** Whole minutes (at least 1) until the window ends, for the texts that say how long to wait. */
  minutesLeft: number;
}

export function createRateLimitsRepository(db: Database) {
  return {
    /**
     * Counts one hit on a key and answers whether it is over the limit, in one statement: parallel callers each get
     * a different count, so no more than `limit` pass. A window older than `windowMs` starts again at 1; the hit that
     * reaches the limit starts the window anew, so whatever it blocks stays blocked a whole window from then.
     */
    async hitRateLimit(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitHit> {
      const at = now.toISOString();
      const expired = sql`${rateLimits.windowStartedAt} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, hits: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
            windowStartedAt: sql`case when ${expired} or ${rateLimits.hits} + 1 = ${limit} then ${at}::timestamptz else ${rateLimits.windowStartedAt} end`,
          },
        })
        .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
      const resetsAt = new Date(row!.windowStartedAt).getTime() + windowMs;
      return { over: row!.hits > limit, minutesLeft: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 60_000)) };
    },

    /** Gives one hit back (a login that turned out right should not count against the address). */
    async returnRateLimitHit(key: string) {
      await db
        .update(rateLimits)
        .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
        .where(eq(rateLimits.key, key));
    },

    async clearRateLimit(key: string) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },

    /** Clears every key that starts with a prefix (all addresses' counters of one account, say). */
    async clearRateLimitsByPrefix(prefix: string) {
      await db.delete(rateLimits).where(sql`left(${rateLimits.key}, ${prefix.length}) = ${prefix}`);
    },

    async deleteRateLimitsBefore(before: Date) {
      await db.delete(rateLimits).where(and(lt(rateLimits.windowStartedAt, before)));
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
