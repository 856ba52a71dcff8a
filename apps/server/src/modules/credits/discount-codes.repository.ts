import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { discountCodes } from '../../db/schema/credits.ts';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

export function createDiscountCodesRepository(db: Database) {
  return {
    async findDiscountCode(siteId: number, code: string): Promise<DiscountCodeRow | null> {
      const rows = await db
        .select()
        .from(discountCodes)
        .where(and(eq(discountCodes.siteId, siteId), eq(discountCodes.code, code)))
        .limit(1);
      return rows[0] ?? null;
    },

    async findDeleteDiscount(userId: number): Promise<DiscountCodeRow | null> {
      const rows = await db
        .select()
        .from(discountCodes)
        .where(and(eq(discountCodes.userId, userId), eq(discountCodes.purpose, 'delete_discount')))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Inserts unless the member already has a code for this purpose or the code exists; answers null then. */
    async insertDiscountCode(values: typeof discountCodes.$inferInsert): Promise<DiscountCodeRow | null> {
      const rows = await db.insert(discountCodes).values(values).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },
  };
}

export type DiscountCodesRepository = ReturnType<typeof createDiscountCodesRepository>;
