import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { emailTokens } from '../../db/schema/tokens.ts';

export type EmailTokenPurpose = (typeof emailTokens.$inferInsert)['purpose'];

/** The single-use links sent by mail: the only code that writes `email_tokens` (hashes only). */
export function createEmailTokensRepository(db: Database) {
  return {
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
    async revokeEmailTokens(userId: number, purpose: EmailTokenPurpose, now: Date) {
      await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    },

    /** Removes every link of an account (an erased account). */
    async deleteEmailTokensOfUser(userId: number) {
      await db.delete(emailTokens).where(eq(emailTokens.userId, userId));
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
  };
}

export type EmailTokensRepository = ReturnType<typeof createEmailTokensRepository>;
