import type { NotificationSettings } from '@app/shared/accounts/account-settings';
import { defaultNotificationSettings } from '@app/shared/accounts/account-settings';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { prepareQuery } from '../../db/prepared-query.ts';
import { loginAttempts, sessions, users } from '../../db/schema/accounts.ts';
import { photos, profiles } from '../../db/schema/profiles.ts';
import { visibleTo } from '../profiles/profile-visibility.ts';

export type UserRow = typeof users.$inferSelect;

/** A new account, or why there is none: the site has an account with this address (a parallel signup won). */
export type InsertUserResult = { created: true; user: UserRow } | { created: false; reason: 'email_taken' };

/** A changed address, or why not: another account of the site has it (a parallel change won). */
export type UpdateEmailResult = { changed: true } | { changed: false; reason: 'email_taken' };

/**
 * Logins, sessions and login attempts: the only code that writes `users`, `sessions` and `login_attempts`. It reads
 * profiles and photos for what a session shows; the profile itself is written by the profiles repository.
 */
export function createAccountsRepository(db: Database) {
  const findSessionUserQuery = prepareQuery(db, 'find_session_user', (on) =>
    on
      .select({
        expiresAt: sessions.expiresAt,
        user: {
          id: users.id,
          email: users.email,
          paidUser: users.paidUser,
          credits: users.credits,
          language: users.language,
          status: users.status,
          notificationsDisabled: users.notificationsDisabled,
          signupDate: users.signupDate,
          signupStep: users.signupStep,
          signupTargetProfileId: users.signupTargetProfileId,
        },
        profile: { id: profiles.id, name: profiles.name, country: profiles.country, status: profiles.status },
        mainPhoto: { storageKey: photos.storageKey, status: photos.status },
      })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      .innerJoin(profiles, eq(users.profileId, profiles.id))
      .leftJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          eq(users.siteId, sql.placeholder('siteId')),
        ),
      )
      .limit(1),
  );

  return {
    async findUserByEmail(siteId: number, email: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.siteId, siteId), eq(users.email, email)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The member view of a live session on this site: one prepared statement, only the columns the view shows. */
    findSessionUser: (siteId: number, tokenHash: string, now: Date) =>
      findSessionUserQuery({ siteId, tokenHash, now }).then((rows) => rows[0] ?? null),

    async insertSession(values: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(values);
    },

    async deleteSession(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async updatePassword(userId: number, passwordHash: string) {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    async deleteSessionsOfUser(userId: number) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async updateSignupStep(userId: number, step: number, pushChoice?: string) {
      await db
        .update(users)
        .set({ signupStep: step, ...(pushChoice ? { pushChoice } : {}) })
        .where(eq(users.id, userId));
    },

    async updatePushChoice(userId: number, pushChoice: 'accepted' | 'denied') {
      await db.update(users).set({ pushChoice }).where(eq(users.id, userId));
    },

    async updateUserLanguage(userId: number, language: string) {
      await db.update(users).set({ language }).where(eq(users.id, userId));
    },

    async insertLoginAttempt(values: typeof loginAttempts.$inferInsert) {
      await db.insert(loginAttempts).values(values);
    },

    /** Whether the account logged in successfully from this address since a moment (a known device). */
    async hasLoggedInFrom(siteId: number, email: string, ip: string, since: Date): Promise<boolean> {
      const rows = await db
        .select({ id: loginAttempts.id })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.siteId, siteId),
            eq(loginAttempts.email, email),
            gt(loginAttempts.createdAt, since),
            eq(loginAttempts.ip, ip),
            eq(loginAttempts.success, true),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async findUserById(id: number): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** A profile of this site a visitor may see (visibleTo), as the target of a signup from its landing page. */
    async findSignupTargetProfileId(siteId: number, profileId: number): Promise<number | null> {
      const rows = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.siteId, siteId), eq(profiles.id, profileId), visibleTo(null)))
        .limit(1);
      return rows[0]?.id ?? null;
    },

    async findProfileName(profileId: number): Promise<string | null> {
      const rows = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, profileId)).limit(1);
      return rows[0]?.name ?? null;
    },

    /** Not confirmed to active; answers the account's profile id, or null when it was not waiting for that. */
    async activateUser(userId: number): Promise<number | null> {
      const rows = await db
        .update(users)
        .set({ status: 'active' })
        .where(and(eq(users.id, userId), eq(users.status, 'not_confirmed')))
        .returning({ profileId: users.profileId });
      return rows[0]?.profileId ?? null;
    },

    /** Deleted back to active (within the regret period); answers the profile id, or null when it was not deleted. */
    async reactivateUser(userId: number): Promise<number | null> {
      const rows = await db
        .update(users)
        .set({ status: 'active', deletedAt: null })
        .where(and(eq(users.id, userId), eq(users.status, 'deleted')))
        .returning({ profileId: users.profileId });
      return rows[0]?.profileId ?? null;
    },

    async findAccountSettings(userId: number) {
      const rows = await db
        .select({
          email: users.email,
          invisible: profiles.invisible,
          notifications: users.notificationSettings,
          pushPreviews: users.pushPreviews,
        })
        .from(users)
        .innerJoin(profiles, eq(users.profileId, profiles.id))
        .where(eq(users.id, userId))
        .limit(1);
      return rows[0] ?? null;
    },

    async updateNotificationSettings(userId: number, settings: NotificationSettings) {
      await db.update(users).set({ notificationSettings: settings }).where(eq(users.id, userId));
    },

    async updatePushPreviews(userId: number, pushPreviews: boolean) {
      await db.update(users).set({ pushPreviews }).where(eq(users.id, userId));
    },

    /**
     * Sets the account's address, unless another account of the site has it (a parallel change won): the unique index
     * decides, however the driver wraps its error. Inside a unit of work the refused statement ends the transaction,
     * so the caller gives up (throws) on that answer.
     */
    async updateEmail(userId: number, email: string): Promise<UpdateEmailResult> {
      try {
        // Its own (sub)transaction: inside a unit of work a refused update becomes a rolled-back savepoint, so the
        // caller's transaction goes on.
        await db.transaction((tx) => tx.update(users).set({ email }).where(eq(users.id, userId)));
        return { changed: true };
      } catch (error) {
        if (isUniqueViolation(error, 'users_site_email_idx')) return { changed: false, reason: 'email_taken' };
        throw error;
      }
    },

    /** Ends every session of the user but the one with this token hash. */
    async deleteOtherSessions(userId: number, keepTokenHash: string) {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
    },

    /** Marks the account deleted now; answers its profile id, or null when it was deleted already. */
    async markUserDeleted(userId: number, reason: string, now: Date): Promise<number | null> {
      const rows = await db
        .update(users)
        .set({ status: 'deleted', deletedAt: now, deleteReason: reason })
        .where(and(eq(users.id, userId), ne(users.status, 'deleted')))
        .returning({ profileId: users.profileId });
      return rows[0]?.profileId ?? null;
    },

    async findUsersToPurge(deletedBefore: Date, limit: number) {
      return db
        .select({ id: users.id, profileId: users.profileId })
        .from(users)
        .where(and(eq(users.status, 'deleted'), lt(users.deletedAt, deletedBefore), isNull(users.purgedAt)))
        .limit(limit);
    },

    /** Erases what identifies the person in the login for good (the address, the password, tracking). */
    async eraseUser(userId: number, now: Date) {
      await db
        .update(users)
        .set({
          email: `deleted-${userId}@deleted.invalid`,
          passwordHash: '!',
          tracking: {},
          signupIp: null,
          notificationSettings: defaultNotificationSettings(),
          purgedAt: now,
        })
        .where(eq(users.id, userId));
    },

    /**
     * Creates a login, unless the site has an account with this address: the unique index on (site, e-mail) decides,
     * in the statement itself, so parallel signups for one address create one account and the other is told why.
     */
    async insertUser(values: typeof users.$inferInsert): Promise<InsertUserResult> {
      const [row] = await db
        .insert(users)
        .values(values)
        .onConflictDoNothing({ target: [users.siteId, users.email] })
        .returning();
      return row ? { created: true, user: row } : { created: false, reason: 'email_taken' };
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
