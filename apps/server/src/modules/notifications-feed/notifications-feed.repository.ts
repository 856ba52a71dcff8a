import { listedCreditReasons } from '@app/shared/notifications/notifications-feed';
import { and, desc, eq, isNotNull, lt, or, placeholder, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { prepareQuery } from '../../db/prepared-query.ts';
import { users } from '../../db/schema/accounts.ts';
import { memberEvents } from '../../db/schema/events.ts';
import { photos, profiles } from '../../db/schema/profiles.ts';
import { findableBy } from '../profiles/profile-visibility.ts';
import { mainPhotoJoin } from '../profiles/profiles.repository.ts';

/** A member event the page lists, with the other member's card when the event names one. */
export interface FeedEventRow {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: Date;
  profile: { id: number; name: string; fictional: boolean; photoKey: string | null } | null;
}

const creditReasonList = sql.raw(listedCreditReasons.map((reason) => `'${reason}'`).join(', '));

/**
 * The events a member would want listed: likes received (a like that made a match is told by its match event),
 * matches, messages from others (not the member's own echo), and credits bought, granted or taken back. Reading
 * the `member_events` of the member's login, newest first, by (user_id, id).
 */
const listedEvent = or(
  and(eq(memberEvents.type, 'like_received'), sql`(${memberEvents.payload}->>'match') is distinct from 'true'`),
  eq(memberEvents.type, 'match'),
  and(eq(memberEvents.type, 'message'), sql`${memberEvents.payload}->'message'->>'from_me' = 'false'`),
  and(eq(memberEvents.type, 'credits'), sql`${memberEvents.payload}->>'reason' in (${creditReasonList})`),
)!;

/** The profile an event names: only matches and messages name one the member may see. */
const namedProfile = sql`case when ${memberEvents.type} in ('match', 'message') then (${memberEvents.payload}->>'profile')::int end`;

/** `member_events` as the notifications page reads them, and the member's read mark on `users`. */
export function createNotificationsFeedRepository(db: Database) {
  const feedQuery = prepareQuery(db, 'notifications_feed', (db) => {
    const me = placeholder('me');
    return db
      .select({
        id: memberEvents.id,
        type: memberEvents.type,
        payload: memberEvents.payload,
        createdAt: memberEvents.createdAt,
        profileId: profiles.id,
        name: profiles.name,
        fictional: profiles.fictional,
        photoKey: photos.storageKey,
      })
      .from(memberEvents)
      .leftJoin(profiles, sql`${profiles.id} = ${namedProfile}`)
      .leftJoin(photos, mainPhotoJoin)
      .where(
        and(
          eq(memberEvents.userId, placeholder('user')),
          lt(memberEvents.id, placeholder('before')),
          listedEvent,
          // Someone the member may no longer see (blocked either way, gone, invisible) is left out with their events.
          or(sql`${memberEvents.type} in ('like_received', 'credits')`, and(isNotNull(profiles.id), findableBy(me))),
        ),
      )
      .orderBy(desc(memberEvents.id))
      .limit(placeholder('limit'));
  });

  const readMarkQuery = prepareQuery(db, 'notifications_read_mark', (db) =>
    db
      .select({ upTo: users.notificationsReadUpTo })
      .from(users)
      .where(eq(users.id, placeholder('user'))),
  );

  return {
    /** The member's listed events older than `before`, newest first, at most `limit`. */
    async findFeedEvents(user: { id: number; profileId: number }, before: number, limit: number) {
      const rows = await feedQuery({ user: user.id, me: user.profileId, before, limit });
      return rows.map(
        (row): FeedEventRow => ({
          id: Number(row.id),
          type: row.type,
          payload: row.payload as Record<string, unknown>,
          createdAt: row.createdAt,
          profile:
            row.profileId === null
              ? null
              : { id: row.profileId, name: row.name!, fictional: row.fictional!, photoKey: row.photoKey },
        }),
      );
    },

    /** The newest event id the member has seen listed (0 before the first view). */
    async findReadMark(userId: number): Promise<number> {
      const [row] = await readMarkQuery({ user: userId });
      return row ? Number(row.upTo) : 0;
    },

    /** Moves the read mark up to `eventId`; never back, whatever order parallel views commit in. */
    async markReadUpTo(userId: number, eventId: number): Promise<void> {
      await db
        .update(users)
        .set({ notificationsReadUpTo: sql`greatest(${users.notificationsReadUpTo}, ${eventId})` })
        .where(eq(users.id, userId));
    },
  };
}

export type NotificationsFeedRepository = ReturnType<typeof createNotificationsFeedRepository>;
