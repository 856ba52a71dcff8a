import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export function createIdempotencyRepository(db: Database) {
  return {
    /** Claims a key for a first request; answers the existing row when the key was seen before. */
    async claimKey(scopedKey: string, requestHash: string, now: Date): Promise<IdempotencyRow | null> {
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ scopedKey, requestHash, createdAt: now })
        .onConflictDoNothing()
        .returning({ scopedKey: idempotencyKeys.scopedKey });
      if (inserted.length === 1) return null;
      const rows = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scopedKey, scopedKey)).limit(1);
      return rows[0] ?? null;
    },

    async completeKey(scopedKey: string, answer: { status: number; body: string }) {
      await db.update(idempotencyKeys).set(answer).where(eq(idempotencyKeys.scopedKey, scopedKey));
    },

    async releaseKey(scopedKey: string) {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.scopedKey, scopedKey));
    },

    async deleteKeysBefore(before: Date) {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
