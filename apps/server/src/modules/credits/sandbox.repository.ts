import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxMandates, sandboxPayments } from '../../db/schema/credits.ts';

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
export type SandboxMandateRow = typeof sandboxMandates.$inferSelect;

/** The sandbox provider's own books (it stands where Mollie's would be). */
export function createSandboxRepository(db: Database) {
  return {
    async insertPayment(values: typeof sandboxPayments.$inferInsert): Promise<SandboxPaymentRow> {
      const [row] = await db.insert(sandboxPayments).values(values).returning();
      return row!;
    },

    async findPayment(id: string): Promise<SandboxPaymentRow | null> {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
      return row ?? null;
    },

    /** Moves a payment on only from the statuses given (a final status never changes); answers the row if it moved. */
    async updateStatus(id: string, from: string[], status: string): Promise<SandboxPaymentRow | null> {
      const [row] = await db
        .update(sandboxPayments)
        .set({ status })
        .where(and(eq(sandboxPayments.id, id), inArray(sandboxPayments.status, from)))
        .returning();
      return row ?? null;
    },

    async setMandate(id: string, mandateId: string): Promise<void> {
      await db.update(sandboxPayments).set({ mandateId }).where(eq(sandboxPayments.id, id));
    },

    /** Adds to what was refunded or charged back, never beyond the amount; answers the row, or null when refused. */
    async addReversal(id: string, kind: 'refund' | 'chargeback', cents: number): Promise<SandboxPaymentRow | null> {
      const column = kind === 'refund' ? sandboxPayments.refundedCents : sandboxPayments.chargedBackCents;
      const [row] = await db
        .update(sandboxPayments)
        .set(
          kind === 'refund'
            ? { refundedCents: sql`${column} + ${cents}` }
            : { chargedBackCents: sql`${column} + ${cents}` },
        )
        .where(
          and(
            eq(sandboxPayments.id, id),
            eq(sandboxPayments.status, 'paid'),
            sql`${sandboxPayments.refundedCents} + ${sandboxPayments.chargedBackCents} + ${cents} <= ${sandboxPayments.amountCents}`,
          ),
        )
        .returning();
      return row ?? null;
    },

    async insertMandate(values: typeof sandboxMandates.$inferInsert): Promise<SandboxMandateRow> {
      const [row] = await db.insert(sandboxMandates).values(values).returning();
      return row!;
    },

    async findMandate(customerId: string, id: string): Promise<SandboxMandateRow | null> {
      const [row] = await db
        .select()
        .from(sandboxMandates)
        .where(and(eq(sandboxMandates.id, id), eq(sandboxMandates.customerId, customerId)));
      return row ?? null;
    },
  };
}

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
