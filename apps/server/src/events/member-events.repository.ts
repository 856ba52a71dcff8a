import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { memberEvents } from '../db/schema/events.ts';
import { selectRows } from '../db/select-rows.ts';

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
      const userIds = [...new Set(events.map((event) => event.userId))];
      const users = sql.join(
        userIds.map((id) => sql`(${id}::int)`),
        sql`, `,
      );
      // One statement takes every member's lock, in user order; the next reads their newest ids and inserts, so it sees
      // whatever committed before the locks were granted.
      await db.execute(
        sql`select pg_advisory_xact_lock(${memberEventLockSpace}, locked.user_id) from (select user_id from (values ${users}) as listed(user_id) order by user_id) as locked`,
      );
      const values = sql.join(
        events.map(
          (event) =>
            sql`(${event.userId}::int, ${event.type}, ${JSON.stringify(event.payload)}::jsonb, ${now.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      const rows = await selectRows<{ id: number | string; user_id: number; prev: number | string }>(
        db,
        sql`with last as (
          select listed.user_id, coalesce((select max(${memberEvents.id}) from ${memberEvents} where ${memberEvents.userId} = listed.user_id), 0) as prev
          from (values ${users}) as listed(user_id)
        ), added as (
          insert into ${memberEvents} (user_id, type, payload, created_at) values ${values} returning id, user_id
        )
        select added.id, added.user_id, last.prev from added join last on last.user_id = added.user_id order by added.id`,
      );
      // Ids are drawn in the order of the VALUES rows, so the rows sorted by id are the events in order.
      const last = new Map(rows.map((row) => [row.user_id, Number(row.prev)]));
      return rows.map((row, index) => {
        const event = events[index]!;
        const id = Number(row.id);
        const prev = last.get(row.user_id) ?? 0;
        last.set(row.user_id, id);
        return { userId: row.user_id, id, prev, type: event.type, payload: event.payload, createdAt: now };
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
