import type { CreditReason } from '@app/shared/credits/credits';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { creditEntries } from '../../db/schema/credits.ts';
import { sites } from '../../db/schema/sites.ts';
import { selectRows } from '../../db/select-rows.ts';

export type CreditEntryRow = typeof creditEntries.$inferSelect;

interface EntryKey {
  userId: number;
  reason: CreditReason;
  reference: string;
}

/** The credit ledger and the cached balance beside it; every write runs in the caller's transaction. */
export function createLedgerRepository(db: Database) {
  return {
    /** Locks the member's balance until the transaction ends and answers it (null: no such member). */
    async findBalance(userId: number): Promise<number | null> {
      const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
      return row?.credits ?? null;
    },

    async lockBalance(userId: number): Promise<number | null> {
      const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).for('update');
      return row?.credits ?? null;
    },

    /** Adds or takes credits unconditionally (the caller holds the lock and checked the balance). */
    async addToBalance(userId: number, delta: number): Promise<number> {
      const [row] = await db
        .update(users)
        .set({ credits: sql`${users.credits} + ${delta}` })
        .where(eq(users.id, userId))
        .returning({ credits: users.credits });
      return row!.credits;
    },

    /**
     * A debit and its entry in one statement: the conditional update keeps the balance from going below zero, the
     * entry is added unless its (reason, reference) is in the ledger already. `balance` is null when the balance was
     * short (nothing changed); `added` false when the entry was there (the caller rolls the debit back).
     */
    async debitWithEntry(
      entry: EntryKey & { cost: number; createdAt: Date },
    ): Promise<{ balance: number | null; added: boolean }> {
      const { userId, reason, reference, cost, createdAt } = entry;
      const [row] = await selectRows<{ balance: number | null; added: boolean }>(
        db,
        sql`with debited as (
          update ${users} set credits = credits - ${cost}::int where id = ${userId}::int and credits >= ${cost}::int returning credits
        ), entry as (
          insert into ${creditEntries} (user_id, reason, reference, delta, balance_after, created_at)
          select ${userId}::int, ${reason}, ${reference}, ${-cost}::int, debited.credits, ${createdAt.toISOString()}::timestamptz
          from debited where ${cost}::int > 0
          on conflict (reason, reference) do nothing returning id
        )
        select (select credits from debited) as balance, exists (select 1 from entry) as added`,
      );
      return { balance: row?.balance ?? null, added: row?.added ?? false };
    },

    /** Appends an entry unless its (reason, reference) is in the ledger already; answers whether it was added. */
    async insertEntry(
      entry: EntryKey & { delta: number; balanceAfter: number; shortfall?: number; createdAt: Date },
    ): Promise<boolean> {
      const rows = await db
        .insert(creditEntries)
        .values(entry)
        .onConflictDoNothing({ target: [creditEntries.reason, creditEntries.reference] })
        .returning({ id: creditEntries.id });
      return rows.length > 0;
    },

    async findEntry({ reason, reference }: Omit<EntryKey, 'userId'>): Promise<CreditEntryRow | null> {
      const [row] = await db
        .select()
        .from(creditEntries)
        .where(and(eq(creditEntries.reason, reason), eq(creditEntries.reference, reference)))
        .limit(1);
      return row ?? null;
    },

    /** A member's entries, newest first, `limit` at most, before the entry id `before`. */
    async findEntries(userId: number, limit: number, before?: number): Promise<CreditEntryRow[]> {
      return db
        .select()
        .from(creditEntries)
        .where(and(eq(creditEntries.userId, userId), before ? lt(creditEntries.id, before) : undefined))
        .orderBy(desc(creditEntries.id))
        .limit(limit);
    },

    /** What the member's site gives on activation. */
    async findSignupCredits(userId: number): Promise<number> {
      const [row] = await db
        .select({ credits: sql<number>`(${sites.settings}->>'signup_credits')::int` })
        .from(users)
        .innerJoin(sites, eq(sites.id, users.siteId))
        .where(eq(users.id, userId));
      return row?.credits ?? 0;
    },

    /** Members whose cached balance is not the sum of their ledger (an operator's check; tests run it always). */
    async findBalanceMismatches(): Promise<{ userId: number; credits: number; ledger: number }[]> {
      const totals = db
        .select({ userId: creditEntries.userId, total: sql<number>`sum(${creditEntries.delta})::int`.as('total') })
        .from(creditEntries)
        .groupBy(creditEntries.userId)
        .as('totals');
      const ledger = sql<number>`coalesce(${totals.total}, 0)::int`;
      return db
        .select({ userId: users.id, credits: users.credits, ledger })
        .from(users)
        .leftJoin(totals, eq(totals.userId, users.id))
        .where(sql`${users.credits} <> ${ledger}`);
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
