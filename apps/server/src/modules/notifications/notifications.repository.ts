import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { memberEvents } from '../../db/schema/events.ts';
import { notificationState } from '../../db/schema/notifications.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { EventRecord } from './notifiable-events.ts';

/** Whom a notification goes to, with everything that decides whether and how. */
export interface NotificationRecipient {
  userId: number;
  siteId: number;
  profileId: number;
  name: string;
  email: string;
  language: string;
  status: string;
  settings: typeof users.$inferSelect.notificationSettings;
  disabled: string[];
  pushPreviews: boolean;
}

type Cursor = 'pushedUpTo' | 'mailedUpTo';

/** Presence and the push and mail cursors (`notification_state`), and the member events they go through. */
export function createNotificationsRepository(db: Database) {
  async function ensureState(userId: number) {
    await db.insert(notificationState).values({ userId }).onConflictDoNothing();
  }

  return {
    /** The members with a visible page open on this process are looking until `until`. */
    async markLooking(userIds: readonly number[], until: Date) {
      if (userIds.length === 0) return;
      await db
        .insert(notificationState)
        .values(userIds.map((userId) => ({ userId, lookingUntil: until })))
        .onConflictDoUpdate({ target: notificationState.userId, set: { lookingUntil: until } });
    },

    async markAway(userId: number) {
      await db.update(notificationState).set({ lookingUntil: null }).where(eq(notificationState.userId, userId));
    },

    /**
     * For the members among `upTo` who are looking at `now`: both cursors move past their newest event (shown on
     * screen, nothing to push or mail). One statement; answers those members.
     */
    async passCursorsOfLooking(upTo: ReadonlyMap<number, number>, now: Date): Promise<Set<number>> {
      if (upTo.size === 0) return new Set();
      const values = sql.join(
        [...upTo].map(([userId, eventId]) => sql`(${userId}::int, ${eventId}::bigint)`),
        sql`, `,
      );
      const rows = await selectRows<{ user_id: number }>(
        db,
        sql`update ${notificationState} as state
            set pushed_up_to = greatest(state.pushed_up_to, seen.event_id),
                mailed_up_to = greatest(state.mailed_up_to, seen.event_id)
            from (values ${values}) as seen (user_id, event_id)
            where state.user_id = seen.user_id and state.looking_until > ${now}
            returning state.user_id`,
      );
      return new Set(rows.map((row) => Number(row.user_id)));
    },

    async isLooking(userId: number, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ until: notificationState.lookingUntil })
        .from(notificationState)
        .where(eq(notificationState.userId, userId));
      return row?.until != null && row.until > now;
    },

    /**
     * Inside a transaction: the member's events after the cursor (oldest first, at most `limit`), locking the
     * member's state row so that one worker at a time moves the cursor; `moveCursor` moves it past what was read.
     */
    async takeEventsAfterCursor(userId: number, cursor: Cursor, limit: number) {
      await ensureState(userId);
      const [state] = await db
        .select({ upTo: notificationState[cursor], lookingUntil: notificationState.lookingUntil })
        .from(notificationState)
        .where(eq(notificationState.userId, userId))
        .for('update');
      const events: EventRecord[] = await db
        .select({
          id: memberEvents.id,
          type: memberEvents.type,
          payload: sql<Record<string, unknown>>`${memberEvents.payload}`,
          createdAt: memberEvents.createdAt,
        })
        .from(memberEvents)
        .where(and(eq(memberEvents.userId, userId), gt(memberEvents.id, state!.upTo)))
        .orderBy(asc(memberEvents.id))
        .limit(limit);
      return { events, lookingUntil: state!.lookingUntil };
    },

    async moveCursor(userId: number, cursor: Cursor, upTo: number) {
      await db
        .update(notificationState)
        .set({ [cursor]: sql`greatest(${notificationState[cursor]}, ${upTo})` })
        .where(eq(notificationState.userId, userId));
    },

    async findRecipient(userId: number): Promise<NotificationRecipient | null> {
      const [row] = await db
        .select({
          userId: users.id,
          siteId: users.siteId,
          profileId: users.profileId,
          name: profiles.name,
          email: users.email,
          language: users.language,
          status: users.status,
          settings: users.notificationSettings,
          disabled: users.notificationsDisabled,
          pushPreviews: users.pushPreviews,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.profileId))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /**
     * The members a push or mail names: their names, and whether the profile is fictional (its name then carries the
     * site's label).
     */
    async findNamedProfiles(
      profileIds: readonly number[],
    ): Promise<Map<number, { id: number; name: string; fictional: boolean }>> {
      if (profileIds.length === 0) return new Map();
      const rows = await db
        .select({ id: profiles.id, name: profiles.name, fictional: profiles.fictional })
        .from(profiles)
        .where(inArray(profiles.id, [...new Set(profileIds)]));
      return new Map(rows.map((row) => [row.id, row]));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
