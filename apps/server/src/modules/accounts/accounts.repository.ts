import { and, count, desc, eq, gt, max } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loginAttempts, sessions, users } from '../../db/schema/accounts.ts';
import { photos, profiles } from '../../db/schema/profiles.ts';

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

    async updateUserLanguage(userId: number, language: string) {
      await db.update(users).set({ language }).where(eq(users.id, userId));
    },

    async insertLoginAttempt(values: typeof loginAttempts.$inferInsert) {
      await db.insert(loginAttempts).values(values);
    },

    /** Failed attempts since a moment, and the latest of them. */
    async findRecentFailures(filter: { siteId: number; email: string } | { ip: string }, since: Date) {
      const where =
        'email' in filter
          ? and(
              eq(loginAttempts.siteId, filter.siteId),
              eq(loginAttempts.email, filter.email),
              eq(loginAttempts.success, false),
              gt(loginAttempts.createdAt, since),
            )
          : and(eq(loginAttempts.ip, filter.ip), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since));
      const [row] = await db
        .select({ failures: count(), latest: max(loginAttempts.createdAt) })
        .from(loginAttempts)
        .where(where);
      return { failures: row?.failures ?? 0, latest: row?.latest ? new Date(row.latest) : null };
    },

    /** The last successful login of an account (a success resets the count of failures). */
    async findLastSuccess(siteId: number, email: string): Promise<Date | null> {
      const rows = await db
        .select({ at: loginAttempts.createdAt })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.siteId, siteId), eq(loginAttempts.email, email), eq(loginAttempts.success, true)))
        .orderBy(desc(loginAttempts.createdAt))
        .limit(1);
      return rows[0]?.at ?? null;
    },

    async insertUser(values: typeof users.$inferInsert): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
