import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { memberEvents } from '../db/schema/events.ts';

/** An event for one member's clients (DESIGN.md, "Realtime delivery"); the payload names what changed, never secrets. */
export interface MemberEventInput {
  userId: number;
  type: string;
  payload: Record<string, unknown>;
}

/** First key of the advisory locks that keep one member's event ids in commit order ('ME'). */
const memberEventLockSpace = 0x4d45;

/** `member_events`: written by every domain inside the transaction of its change, read to replay. */
export function createMemberEventsRepository(db: Database) {
  return {
    /**
     * Appends events inside the running transaction. Each member's lock is held until commit and taken before the
     * id is drawn, so a member's ids commit in increasing order: a reader that saw id N never misses a later
     * commit with a smaller id. Locks are taken in user order, so two writers cannot deadlock.
     */
    async appendMemberEvents(events: MemberEventInput[], now: Date): Promise<void> {
      if (events.length === 0) return;
      const userIds = [...new Set(events.map((event) => event.userId))].sort((a, b) => a - b);
      for (const userId of userIds) {
        await db.execute(sql`select pg_advisory_xact_lock(${memberEventLockSpace}, ${userId})`);
      }
      await db.insert(memberEvents).values(events.map((event) => ({ ...event, createdAt: now })));
    },

    /** A member's events after an id, oldest first. */
    async findMemberEventsAfter(userId: number, afterId: number, limit: number) {
      return db
        .select({
          id: memberEvents.id,
          type: memberEvents.type,
          payload: memberEvents.payload,
          createdAt: memberEvents.createdAt,
        })
        .from(memberEvents)
        .where(and(eq(memberEvents.userId, userId), gt(memberEvents.id, afterId)))
        .orderBy(asc(memberEvents.id))
        .limit(limit);
    },

    async deleteMemberEventsBefore(before: Date) {
      await db.delete(memberEvents).where(lt(memberEvents.createdAt, before));
    },
  };
}

export type MemberEventsRepository = ReturnType<typeof createMemberEventsRepository>;
