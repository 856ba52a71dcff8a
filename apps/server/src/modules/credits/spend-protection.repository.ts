import { and, eq, gt, gte, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { prepareQuery } from '../../db/prepared-query.ts';
import { orders, spendProtection } from '../../db/schema/credits.ts';

export type SpendProtectionRow = typeof spendProtection.$inferSelect;

/** What a member's protection may change to; the rest of the row stays. */
export type SpendProtectionChange = Partial<
  Pick<SpendProtectionRow, 'monthlyLimitCents' | 'pendingLimitCents' | 'pendingFrom' | 'coolOffUntil'>
>;

const { placeholder } = sql;

export function createSpendProtectionRepository(db: Database) {
  const rowQuery = prepareQuery(db, 'spend_protection_row', (db) =>
    db
      .select()
      .from(spendProtection)
      .where(eq(spendProtection.userId, placeholder('userId')))
      .limit(1),
  );
  const lockQuery = prepareQuery(db, 'spend_protection_lock', (db) =>
    db
      .select()
      .from(spendProtection)
      .where(eq(spendProtection.userId, placeholder('userId')))
      .for('update'),
  );
  // Paid since the month began, and checkouts still open that began since `openSince`, in one currency.
  const spentQuery = prepareQuery(db, 'spend_protection_spent', (db) =>
    db
      .select({ cents: sql<number>`coalesce(sum(${orders.amountCents}), 0)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.userId, placeholder('userId')),
          eq(orders.currency, placeholder('currency')),
          or(
            and(eq(orders.status, 'paid'), gte(orders.paidAt, placeholder('paidSince'))),
            and(inArray(orders.status, ['open', 'pending']), gt(orders.createdAt, placeholder('openSince'))),
          ),
        ),
      ),
  );

  return {
    /** The member's protection as stored; null when they never set any (the site's default counts). */
    async findSpendProtection(userId: number): Promise<SpendProtectionRow | null> {
      return (await rowQuery({ userId }))[0] ?? null;
    },

    /**
     * The member's protection row, made when missing and locked until the caller's transaction ends: whatever reads
     * or changes it after this waits its turn, so two purchases (or a purchase and a new limit) never decide on the
     * same state. Must run inside a unit of work's transaction, or the lock ends at once.
     */
    async lockSpendProtection(userId: number): Promise<SpendProtectionRow> {
      await db.insert(spendProtection).values({ userId }).onConflictDoNothing();
      const [row] = await lockQuery({ userId });
      if (!row) throw new Error(`no spend protection row for member ${userId}`);
      return row;
    },

    async updateSpendProtection(userId: number, change: SpendProtectionChange, now: Date): Promise<void> {
      await db
        .update(spendProtection)
        .set({ ...change, updatedAt: now })
        .where(eq(spendProtection.userId, userId));
    },

    /**
     * Cents the member spent in `currency` this month: orders paid since `paidSince`, and orders still open or pending
     * that were made after `openSince` (a checkout left unfinished stops counting).
     */
    async sumSpent(query: { userId: number; currency: string; paidSince: Date; openSince: Date }): Promise<number> {
      const [row] = await spentQuery({
        userId: query.userId,
        currency: query.currency,
        paidSince: query.paidSince.toISOString(),
        openSince: query.openSince.toISOString(),
      });
      return row?.cents ?? 0;
    },
  };
}

export type SpendProtectionRepository = ReturnType<typeof createSpendProtectionRepository>;
