import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import {
  creditPackages,
  discountCodes,
  discountCodeUses,
  orders,
  paymentMandates,
  payments,
} from '../../db/schema/credits.ts';

export type CreditPackageRow = typeof creditPackages.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
type OrderStatus = OrderRow['status'];

/** Statuses from which an order may still be paid (a new payment, or a late one that succeeds after all). */
export const unpaidStatuses: OrderStatus[] = ['open', 'pending', 'failed', 'canceled', 'expired'];

/** Packages, orders and their payments. */
export function createShopRepository(db: Database) {
  return {
    async findPackages(siteId: number, currency: string): Promise<CreditPackageRow[]> {
      return db
        .select()
        .from(creditPackages)
        .where(
          and(
            eq(creditPackages.siteId, siteId),
            eq(creditPackages.currency, currency),
            eq(creditPackages.active, true),
          ),
        )
        .orderBy(asc(creditPackages.position), asc(creditPackages.credits));
    },

    async findPackage(siteId: number, id: number): Promise<CreditPackageRow | null> {
      const [row] = await db
        .select()
        .from(creditPackages)
        .where(and(eq(creditPackages.siteId, siteId), eq(creditPackages.id, id), eq(creditPackages.active, true)));
      return row ?? null;
    },

    async insertPackages(rows: (typeof creditPackages.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(creditPackages).values(rows);
    },

    async countPackages(siteId: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(creditPackages)
        .where(eq(creditPackages.siteId, siteId));
      return row?.count ?? 0;
    },

    async insertOrder(values: typeof orders.$inferInsert): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      return row!;
    },

    async findOrder(id: number): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row ?? null;
    },

    /** Locks the order until the transaction ends: payments of one order are applied one at a time. */
    async lockOrder(id: number): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
      return row ?? null;
    },

    async findOrders(userId: number, limit: number, before?: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), before ? lt(orders.id, before) : undefined))
        .orderBy(desc(orders.id))
        .limit(limit);
    },

    /** The member's latest paid order (repeat order, refunds). */
    async findLastPaidOrder(userId: number): Promise<OrderRow | null> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
        .orderBy(desc(orders.paidAt))
        .limit(1);
      return row ?? null;
    },

    async updateOrder(
      id: number,
      values: Partial<Pick<OrderRow, 'status' | 'paymentMethod' | 'paidAt' | 'amountCents'>>,
    ): Promise<void> {
      await db.update(orders).set(values).where(eq(orders.id, id));
    },

    async setPaidPayment(orderId: number, paymentId: number): Promise<void> {
      await db.update(orders).set({ paidPaymentId: paymentId }).where(eq(orders.id, orderId));
    },

    /** Marks a paid order refunded before the provider is asked; answers whether this call did (one refund). */
    async claimRefund(orderId: number): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ status: 'refunded' })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')))
        .returning({ id: orders.id });
      return rows.length > 0;
    },

    /** Makes the member premium; answers whether they were not yet (the first purchase). */
    async markPaidUser(userId: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ paidUser: true })
        .where(and(eq(users.id, userId), eq(users.paidUser, false)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Locks the member's direct-debit book (their row) for the limit's check and the payment it admits. */
    async lockMember(userId: number): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async insertPayment(values: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(values).returning();
      return row!;
    },

    async findPaymentByProviderId(provider: PaymentRow['provider'], providerPaymentId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
      return row ?? null;
    },

    async findPayments(orderId: number): Promise<PaymentRow[]> {
      return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
    },

    async findPaymentsOfOrders(orderIds: number[]): Promise<PaymentRow[]> {
      if (orderIds.length === 0) return [];
      return db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(asc(payments.id));
    },

    async updatePayment(
      id: number,
      values: Pick<PaymentRow, 'status' | 'refundedCents' | 'chargedBackCents' | 'updatedAt'> &
        Partial<Pick<PaymentRow, 'method'>>,
    ): Promise<void> {
      await db.update(payments).set(values).where(eq(payments.id, id));
    },

    /** The provider's customer of this member, from any mandate they gave (a customer is made once). */
    async findCustomerId(userId: number, provider: PaymentRow['provider']): Promise<string | null> {
      const [row] = await db
        .select({ customerId: paymentMandates.customerId })
        .from(paymentMandates)
        .where(and(eq(paymentMandates.userId, userId), eq(paymentMandates.provider, provider)))
        .limit(1);
      return row?.customerId ?? null;
    },

    /** The member's newest valid mandate of a method with this provider. */
    async findValidMandate(userId: number, provider: PaymentRow['provider'], method: string) {
      const [row] = await db
        .select({
          customerId: paymentMandates.customerId,
          mandateId: paymentMandates.mandateId,
          method: paymentMandates.method,
        })
        .from(paymentMandates)
        .where(
          and(
            eq(paymentMandates.userId, userId),
            eq(paymentMandates.provider, provider),
            eq(paymentMandates.method, method as 'creditcard' | 'directdebit'),
            eq(paymentMandates.status, 'valid'),
          ),
        )
        .orderBy(desc(paymentMandates.id))
        .limit(1);
      return row ?? null;
    },

    async insertMandate(values: typeof paymentMandates.$inferInsert): Promise<void> {
      await db.insert(paymentMandates).values(values).onConflictDoNothing();
    },

    /** What the member's direct debits asked since `since`, in cents (failed and canceled ones do not count). */
    async sumDirectDebitsSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ cents: sql<number>`coalesce(sum(${orders.amountCents}), 0)::int` })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(
          and(
            eq(orders.userId, userId),
            eq(payments.method, 'directdebit'),
            gte(payments.createdAt, since),
            inArray(payments.status, ['open', 'pending', 'paid']),
          ),
        );
      return row?.cents ?? 0;
    },

    /** Whether a debit of this member bounced or an order was charged back: no more direct debits then. */
    async hasDirectDebitBlock(userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(payments, eq(payments.orderId, orders.id))
        .where(
          and(
            eq(orders.userId, userId),
            or(
              eq(orders.status, 'charged_back'),
              and(eq(payments.method, 'directdebit'), eq(payments.status, 'failed')),
            ),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Whether the member used this code on a paid order before ('once-per-user'). */
    async hasUsedDiscountCode(codeId: number, userId: number): Promise<boolean> {
      const rows = await db
        .select({ orderId: discountCodeUses.orderId })
        .from(discountCodeUses)
        .where(and(eq(discountCodeUses.discountCodeId, codeId), eq(discountCodeUses.userId, userId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Records the use on a paid order; a single-use code is used up by it. */
    async recordDiscountUse(codeId: number, userId: number, orderId: number, now: Date): Promise<void> {
      await db
        .insert(discountCodeUses)
        .values({ discountCodeId: codeId, userId, orderId, usedAt: now })
        .onConflictDoNothing();
      await db
        .update(discountCodes)
        .set({ status: 'used' })
        .where(and(eq(discountCodes.id, codeId), eq(discountCodes.validity, 'once')));
    },
  };
}

export type ShopRepository = ReturnType<typeof createShopRepository>;
