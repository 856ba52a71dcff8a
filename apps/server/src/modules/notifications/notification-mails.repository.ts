import type { NotificationType } from '@app/shared/accounts/account-choices';
import { and, asc, eq, gt, gte, inArray, isNull, lt, not, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { notificationMails, notificationState } from '../../db/schema/notifications.ts';
import { photos, profiles } from '../../db/schema/profiles.ts';

/** Why a member's notification mails stopped (spec: fbl, bounce, listunsubscribe). */
export type DisabledReason = 'fbl' | 'bounce' | 'listunsubscribe';

/** A member the weekly update may go to, with what their search starts from. */
export interface WeeklyCandidate {
  userId: number;
  profileId: number;
  gender: string | null;
  sexuality: string | null;
  birthDate: string;
  country: string;
  region: string | null;
}

/**
 * The notification mails' own records (`notification_mails`), the member lock they are decided under, and the two
 * account columns they own: `users.notifications_disabled` (bounces, complaints, one-click unsubscribes) and the
 * e-mail half of `users.notification_settings` a per-type unsubscribe turns off.
 */
export function createNotificationMailsRepository(db: Database) {
  /** `users` rows that receive notification mails at all: confirmed, not deleted, no disabled reason. */
  const mailable = and(eq(users.status, 'active'), sql`cardinality(${users.notificationsDisabled}) = 0`);
  const emailOn = (type: NotificationType) =>
    sql`coalesce((${users.notificationSettings} -> 'email' ->> ${type})::boolean, false)`;

  return {
    /**
     * Inside a transaction: one decision about a member's notification mails at a time (the mail job, each reminder),
     * so that two workers cannot both find a mail unsent and send it twice. Locks the member's notification state.
     */
    async lockMember(userId: number) {
      await db.insert(notificationState).values({ userId }).onConflictDoNothing();
      await db
        .select({ userId: notificationState.userId })
        .from(notificationState)
        .where(eq(notificationState.userId, userId))
        .for('update');
    },

    /**
     * Whether notification mail to this address on this site has stopped since it was queued: no account there that
     * still takes it (a bounce, a complaint or an unsubscribe since, or the account gone).
     */
    async isAddressStopped(siteId: number, email: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.siteId, siteId), eq(users.email, email.toLowerCase()), mailable))
        .limit(1);
      return rows.length === 0;
    },

    /** Which of `abouts` had a notification mail to the member at `since` or later. */
    async findMailedAbouts(userId: number, abouts: readonly string[], since: Date): Promise<Set<string>> {
      if (abouts.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ about: notificationMails.about })
        .from(notificationMails)
        .where(
          and(
            eq(notificationMails.userId, userId),
            inArray(notificationMails.about, [...abouts]),
            gte(notificationMails.sentAt, since),
          ),
        );
      return new Set(rows.map((row) => row.about));
    },

    /** Whether the member had a notification mail of this type at `since` or later. */
    async hasMailOfTypeSince(userId: number, type: NotificationType, since: Date): Promise<boolean> {
      const rows = await db
        .select({ id: notificationMails.id })
        .from(notificationMails)
        .where(
          and(
            eq(notificationMails.userId, userId),
            eq(notificationMails.type, type),
            gte(notificationMails.sentAt, since),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** One row per thing a mail covered: the hourly limits and once-only reminders read them back. */
    async recordMails(userId: number, type: NotificationType, abouts: readonly string[], sentAt: Date) {
      if (abouts.length === 0) return;
      await db.insert(notificationMails).values(abouts.map((about) => ({ userId, type, about, sentAt })));
    },

    /** Adds a reason to one member's list unless it is there (one statement: parallel calls cannot double it). */
    async addDisabledReason(userId: number, reason: DisabledReason): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ notificationsDisabled: sql`array_append(${users.notificationsDisabled}, ${reason}::text)` })
        .where(and(eq(users.id, userId), not(sql`${reason}::text = any(${users.notificationsDisabled})`)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** The same for every account with this address, on every site; answers the accounts that changed. */
    async addDisabledReasonByEmail(email: string, reason: DisabledReason): Promise<number[]> {
      const rows = await db
        .update(users)
        .set({ notificationsDisabled: sql`array_append(${users.notificationsDisabled}, ${reason}::text)` })
        .where(
          and(eq(users.email, email.toLowerCase()), not(sql`${reason}::text = any(${users.notificationsDisabled})`)),
        )
        .returning({ id: users.id });
      return rows.map((row) => row.id);
    },

    /** Clears the member's reasons; answers whether there were any. */
    async clearDisabledReasons(userId: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ notificationsDisabled: [] })
        .where(and(eq(users.id, userId), sql`cardinality(${users.notificationsDisabled}) > 0`))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Turns one type's e-mail off in the member's settings, leaving every other choice as it is. */
    async turnEmailTypeOff(userId: number, type: NotificationType) {
      await db
        .update(users)
        .set({
          notificationSettings: sql`jsonb_set(${users.notificationSettings}, array['email', ${type}::text], 'false'::jsonb, true)`,
        })
        .where(eq(users.id, userId));
    },

    /**
     * Members who signed up between the two moments, confirmed, mailable, with the reminder type on, without a photo
     * (other than a rejected one) or without a text about themselves, who never had the profile reminder.
     */
    async findIncompleteProfiles(input: {
      signedUpBefore: Date;
      signedUpAfter: Date;
      afterUserId: number;
      limit: number;
    }): Promise<number[]> {
      const rows = await db
        .select({ userId: users.id })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.profileId))
        .where(
          and(
            mailable,
            emailOn('reminders'),
            gt(users.id, input.afterUserId),
            lt(users.signupDate, input.signedUpBefore),
            gt(users.signupDate, input.signedUpAfter),
            or(
              isNull(profiles.aboutMe),
              sql`btrim(${profiles.aboutMe}) = ''`,
              notExists(
                db
                  .select({ one: sql`1` })
                  .from(photos)
                  .where(and(eq(photos.profileId, profiles.id), sql`${photos.status} <> 'rejected'`)),
              ),
            ),
            notExists(
              db
                .select({ one: sql`1` })
                .from(notificationMails)
                .where(and(eq(notificationMails.userId, users.id), eq(notificationMails.about, 'reminder:profile'))),
            ),
          ),
        )
        .orderBy(asc(users.id))
        .limit(input.limit);
      return rows.map((row) => row.userId);
    },

    /** Members the weekly update may go to (mailable, the type on, none since `mailedSince`), by id. */
    async findWeeklyCandidates(input: {
      mailedSince: Date;
      afterUserId: number;
      limit: number;
    }): Promise<WeeklyCandidate[]> {
      return db
        .select({
          userId: users.id,
          profileId: profiles.id,
          gender: profiles.gender,
          sexuality: profiles.sexuality,
          birthDate: profiles.birthDate,
          country: profiles.country,
          region: profiles.region,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.profileId))
        .where(
          and(
            mailable,
            emailOn('weekly_updates'),
            gt(users.id, input.afterUserId),
            notExists(
              db
                .select({ one: sql`1` })
                .from(notificationMails)
                .where(
                  and(
                    eq(notificationMails.userId, users.id),
                    eq(notificationMails.about, 'weekly'),
                    gte(notificationMails.sentAt, input.mailedSince),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(users.id))
        .limit(input.limit);
    },

    /** Which of these profiles were created at `since` or later (the weekly update names only new members). */
    async findProfilesCreatedSince(profileIds: readonly number[], since: Date): Promise<Set<number>> {
      if (profileIds.length === 0) return new Set();
      const rows = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(inArray(profiles.id, [...profileIds]), gte(profiles.createdAt, since)));
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type NotificationMailsRepository = ReturnType<typeof createNotificationMailsRepository>;
