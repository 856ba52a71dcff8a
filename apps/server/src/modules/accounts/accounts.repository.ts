import type { NotificationSettings } from '@app/shared/accounts/account-settings';
import { defaultNotificationSettings } from '@app/shared/accounts/account-settings';
import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { loginAttempts, sessions, users } from '../../db/schema/accounts.ts';
import { photos, profiles } from '../../db/schema/profiles.ts';
import { emailTokens } from '../../db/schema/tokens.ts';
import { listedProfile } from '../profiles/profile-visibility.ts';

export type UserRow = typeof users.$inferSelect;

export function createAccountsRepository(db: Database) {
  return {
    async findUserByEmail(siteId: number, email: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.siteId, siteId), eq(users.email, email)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The user of a live session on this site, with the profile and main photo the client shows. */
    async findSessionUser(siteId: number, tokenHash: string, now: Date) {
      const rows = await db
        .select({ user: users, profile: profiles, sessionId: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(sessions.userId, users.id))
        .innerJoin(profiles, eq(users.profileId, profiles.id))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), eq(users.siteId, siteId)))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      const mainPhoto = await db
        .select()
        .from(photos)
        .where(and(eq(photos.profileId, row.profile.id), eq(photos.isMain, true)))
        .limit(1);
      return { ...row, mainPhoto: mainPhoto[0] ?? null };
    },

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

    async insertProfile(values: typeof profiles.$inferInsert): Promise<number> {
      const [row] = await db.insert(profiles).values(values).returning({ id: profiles.id });
      return row!.id;
    },

    async findUserById(id: number): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** A profile others may see (active, not invisible) on this site, as a signup target. */
    async findListableProfileId(siteId: number, profileId: number): Promise<number | null> {
      const rows = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.siteId, siteId), eq(profiles.id, profileId), listedProfile))
        .limit(1);
      return rows[0]?.id ?? null;
    },

    async findProfileName(profileId: number): Promise<string | null> {
      const rows = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, profileId)).limit(1);
      return rows[0]?.name ?? null;
    },

    /** Not confirmed to active, profile enabled; answers false when the account was not waiting for it. */
    async activateUser(userId: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ status: 'active' })
        .where(and(eq(users.id, userId), eq(users.status, 'not_confirmed')))
        .returning({ profileId: users.profileId });
      const profileId = rows[0]?.profileId;
      if (profileId === undefined) return false;
      await db.update(profiles).set({ status: 'active' }).where(eq(profiles.id, profileId));
      return true;
    },

    /** Deleted back to active (within the regret period), profile enabled again. */
    async reactivateUser(userId: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ status: 'active', deletedAt: null })
        .where(and(eq(users.id, userId), eq(users.status, 'deleted')))
        .returning({ profileId: users.profileId });
      const profileId = rows[0]?.profileId;
      if (profileId === undefined) return false;
      await db.update(profiles).set({ status: 'active' }).where(eq(profiles.id, profileId));
      return true;
    },

    async insertEmailToken(values: typeof emailTokens.$inferInsert) {
      await db.insert(emailTokens).values(values);
    },

    async findEmailToken(tokenHash: string) {
      const rows = await db.select().from(emailTokens).where(eq(emailTokens.tokenHash, tokenHash)).limit(1);
      return rows[0] ?? null;
    },

    /** Uses a token once: answers false when it was used already (by a parallel click, say). */
    async markEmailTokenUsed(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
        .returning({ id: emailTokens.id });
      return rows.length === 1;
    },

    /** Makes every unused link of a kind useless (a new password ends all outstanding reset links). */
    async revokeEmailTokens(userId: number, purpose: (typeof emailTokens.$inferInsert)['purpose'], now: Date) {
      await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    },

    async findAccountSettings(userId: number) {
      const rows = await db
        .select({ email: users.email, invisible: profiles.invisible, notifications: users.notificationSettings })
        .from(users)
        .innerJoin(profiles, eq(users.profileId, profiles.id))
        .where(eq(users.id, userId))
        .limit(1);
      return rows[0] ?? null;
    },

    async updateNotificationSettings(userId: number, settings: NotificationSettings) {
      await db.update(users).set({ notificationSettings: settings }).where(eq(users.id, userId));
    },

    async updateInvisible(profileId: number, invisible: boolean) {
      await db.update(profiles).set({ invisible }).where(eq(profiles.id, profileId));
    },

    /** Answers false when another account of the site has this address (a parallel change won). */
    async updateEmail(userId: number, email: string): Promise<boolean> {
      try {
        await db.update(users).set({ email }).where(eq(users.id, userId));
        return true;
      } catch (error) {
        if (isUniqueViolation(error, 'users_site_email_idx')) return false;
        throw error;
      }
    },

    /**
     * Whether an address is held for an account that changed away from it and may still undo that (a live undo link):
     * nobody else may take it meanwhile, or an intruder could block the owner's way back.
     */
    async isAddressHeldForUndo(siteId: number, email: string, now: Date): Promise<boolean> {
      const rows = await db
        .select({ id: emailTokens.id })
        .from(emailTokens)
        .innerJoin(users, eq(emailTokens.userId, users.id))
        .where(
          and(
            eq(users.siteId, siteId),
            eq(emailTokens.purpose, 'mail_change_undo'),
            eq(emailTokens.newEmail, email),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Ends every session of the user but the one with this token hash. */
    async deleteOtherSessions(userId: number, keepTokenHash: string) {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
    },

    /** Deleted now: hidden at once, logged out everywhere; personal data stay 14 days for a reactivation. */
    async markUserDeleted(userId: number, reason: string, now: Date) {
      const rows = await db
        .update(users)
        .set({ status: 'deleted', deletedAt: now, deleteReason: reason })
        .where(and(eq(users.id, userId), ne(users.status, 'deleted')))
        .returning({ profileId: users.profileId });
      const profileId = rows[0]?.profileId;
      if (profileId === undefined) return false;
      await db.update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, profileId));
      await db.delete(sessions).where(eq(sessions.userId, userId));
      return true;
    },

    async findUsersToPurge(deletedBefore: Date, limit: number) {
      return db
        .select({ id: users.id, profileId: users.profileId })
        .from(users)
        .where(and(eq(users.status, 'deleted'), lt(users.deletedAt, deletedBefore), isNull(users.purgedAt)))
        .limit(limit);
    },

    /** Erases what identifies the person for good; answers the storage keys of the photos to remove. */
    async purgeUser(user: { id: number; profileId: number }, now: Date): Promise<string[]> {
      const removed = await db
        .delete(photos)
        .where(eq(photos.profileId, user.profileId))
        .returning({ storageKey: photos.storageKey });
      await db.delete(emailTokens).where(eq(emailTokens.userId, user.id));
      await db.delete(sessions).where(eq(sessions.userId, user.id));
      await db
        .update(users)
        .set({
          email: `deleted-${user.id}@deleted.invalid`,
          passwordHash: '!',
          tracking: {},
          signupIp: null,
          notificationSettings: defaultNotificationSettings(),
          purgedAt: now,
        })
        .where(eq(users.id, user.id));
      await db
        .update(profiles)
        .set({
          name: '-',
          aboutMe: null,
          aboutMeLanguage: null,
          city: null,
          region: null,
          interests: [],
          invisible: true,
        })
        .where(eq(profiles.id, user.profileId));
      return removed.map((row) => row.storageKey);
    },

    /** Answers null when the site has an account with this address already (a parallel signup won). */
    async insertUser(values: typeof users.$inferInsert): Promise<UserRow | null> {
      try {
        const [row] = await db.insert(users).values(values).returning();
        return row!;
      } catch (error) {
        if (isUniqueViolation(error, 'users_site_email_idx')) return null;
        throw error;
      }
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
