import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { discountCodes } from '../../db/schema/credits.ts';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/**
 * A new code, or why there is none: the code exists already (draw another), or the member holds their one code of
 * this purpose already (a parallel grant won: that one is the answer).
 */
export type InsertDiscountCodeResult =
  | { created: true; code: DiscountCodeRow }
  | { created: false; reason: 'code_taken' }
  | { created: false; reason: 'member_has_one'; existing: DiscountCodeRow };

export function createDiscountCodesRepository(db: Database) {
  async function findDeleteDiscount(userId: number): Promise<DiscountCodeRow | null> {
    const rows = await db
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.userId, userId), eq(discountCodes.purpose, 'delete_discount')))
      .limit(1);
    return rows[0] ?? null;
  }

  return {
    async findDiscountCode(siteId: number, code: string): Promise<DiscountCodeRow | null> {
      const rows = await db
        .select()
        .from(discountCodes)
        .where(and(eq(discountCodes.siteId, siteId), eq(discountCodes.code, code)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The member's stay-offer code (one per member: a unique index). */
    findDeleteDiscount,

    /**
     * Inserts a code unless a unique index refuses it, in the statement itself (no error, so a caller's transaction
     * goes on): the code exists, or the member has their one stay-offer already.
     */
    async insertDiscountCode(values: typeof discountCodes.$inferInsert): Promise<InsertDiscountCodeResult> {
      const [row] = await db.insert(discountCodes).values(values).onConflictDoNothing().returning();
      if (row) return { created: true, code: row };
      const existing =
        values.userId != null && values.purpose === 'delete_discount' ? await findDeleteDiscount(values.userId) : null;
      return existing
        ? { created: false, reason: 'member_has_one', existing }
        : { created: false, reason: 'code_taken' };
    },
  };
}

export type DiscountCodesRepository = ReturnType<typeof createDiscountCodesRepository>;
