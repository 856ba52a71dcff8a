import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/notifications.ts';

/** First key of the advisory lock held while a member's devices change ('PS'): the device cap holds in parallel. */
const subscriptionLockSpace = 0x5053;

export interface StoredPushSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `push_subscriptions`: the devices that accepted web push, one member's at a time. */
export function createPushSubscriptionsRepository(db: Database) {
  return {
    /**
     * Inside a transaction: stores the device for the member (an endpoint seen before moves to them with its new
     * keys and counts as their newest), then drops their oldest beyond `cap`. Holding the member's lock, parallel
     * calls for one member cannot pass the cap.
     */
    async upsertSubscription(
      userId: number,
      subscription: { endpoint: string; p256dh: string; auth: string },
      now: Date,
      cap: number,
    ) {
      await db.execute(sql`select pg_advisory_xact_lock(${subscriptionLockSpace}, ${userId})`);
      await db
        .insert(pushSubscriptions)
        .values({ userId, ...subscription, createdAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, createdAt: now, lastSentAt: null },
        });
      const kept = db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(cap);
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
    },

    /** Removes the device only when it is the member's; whether it was. */
    async deleteOwnSubscription(userId: number, endpoint: string): Promise<boolean> {
      const deleted = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return deleted.length > 0;
    },

    /** A device its push service no longer knows (404 or 410). */
    async deleteSubscription(id: number) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    async findSubscriptions(userId: number): Promise<StoredPushSubscription[]> {
      return db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(pushSubscriptions.id);
    },

    async markSent(id: number, at: Date) {
      await db.update(pushSubscriptions).set({ lastSentAt: at }).where(eq(pushSubscriptions.id, id));
    },
  };
}

export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;
