import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { memberEvents } from '../db/schema/events.ts';

/** An event for one member's clients (DESIGN.md, "Realtime delivery"); the payload names what changed, never secrets. */
export interface MemberEventInput {
  userId: number;
  type: string;
  payload: Record<string, unknown>;
}

/** A stored event, with the member's event before it (0 for their first): a reader that has `prev` has all before. */
export interface StoredMemberEvent {
  userId: number;
  id: number;
  prev: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** First key of the advisory locks that keep one member's event ids in commit order ('ME'). */
const memberEventLockSpace = 0x4d45;

/** `member_events`: written by every domain inside the transaction of its change, read to replay. */
export function createMemberEventsRepository(db: Database) {
  /** The member's newest event id, 0 without any. */
  async function findLastEventId(userId: number): Promise<number> {
    const [row] = await db
      .select({ id: memberEvents.id })
      .from(memberEvents)
      .where(eq(memberEvents.userId, userId))
      .orderBy(desc(memberEvents.id))
      .limit(1);
    return row?.id ?? 0;
  }

  return {
    /**
     * Appends events inside the running transaction. Each member's lock is held until commit and taken before the
     * id is drawn, so a member's ids commit in increasing order: a reader that saw id N never misses a later
     * commit with a smaller id. Locks are taken in user order, so two writers cannot deadlock.
     */
    async appendMemberEvents(events: MemberEventInput[], now: Date): Promise<StoredMemberEvent[]> {
      if (events.length === 0) return [];
      const userIds = [...new Set(events.map((event) => event.userId))].sort((a, b) => a - b);
      const last = new Map<number, number>();
      for (const userId of userIds) {
        await db.execute(sql`select pg_advisory_xact_lock(${memberEventLockSpace}, ${userId})`);
        last.set(userId, await findLastEventId(userId));
      }
      const rows = await db
        .insert(memberEvents)
        .values(events.map((event) => ({ ...event, createdAt: now })))
        .returning({ id: memberEvents.id, userId: memberEvents.userId });
      // PostgreSQL returns the rows of a multi-row VALUES insert in their order, with ids drawn in that order.
      return rows.map((row, index) => {
        const event = events[index]!;
        const prev = last.get(row.userId) ?? 0;
        last.set(row.userId, row.id);
        return { userId: row.userId, id: row.id, prev, type: event.type, payload: event.payload, createdAt: now };
      });
    },

    findLastEventId,

    /** Whether the member has an event with this id (a client's remembered id may be too old, or not theirs). */
    async hasMemberEvent(userId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: memberEvents.id })
        .from(memberEvents)
        .where(and(eq(memberEvents.userId, userId), eq(memberEvents.id, id)));
      return row !== undefined;
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
