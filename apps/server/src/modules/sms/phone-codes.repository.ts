import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { phoneCodes } from '../../db/schema/sms.ts';

export function createPhoneCodesRepository(db: Database) {
  return {
    /** Stores a member's new code for a number, replacing the one before (its tries and its use start again). */
    async replacePhoneCode(values: {
      userId: number;
      phone: string;
      codeHash: string;
      createdAt: Date;
      expiresAt: Date;
    }) {
      await db
        .insert(phoneCodes)
        .values({ ...values, attempts: 0 })
        .onConflictDoUpdate({
          target: [phoneCodes.userId, phoneCodes.phone],
          set: {
            codeHash: values.codeHash,
            attempts: 0,
            createdAt: values.createdAt,
            expiresAt: values.expiresAt,
            verifiedAt: null,
          },
        });
    },

    /**
     * One try at the member's live code for a number, in one statement: it counts the try and, when the hash
     * matches, marks the code used. A code that is used, expired or out of tries is not touched (null), so parallel
     * tries get at most `maxAttempts` comparisons and one verification between them.
     */
    async tryPhoneCode(
      userId: number,
      phone: string,
      codeHash: string,
      now: Date,
      maxAttempts: number,
    ): Promise<{ attempts: number; verifiedAt: Date | null } | null> {
      const [row] = await db
        .update(phoneCodes)
        .set({
          attempts: sql`${phoneCodes.attempts} + 1`,
          verifiedAt: sql`case when ${phoneCodes.codeHash} = ${codeHash} then ${now.toISOString()}::timestamptz end`,
        })
        .where(
          and(
            eq(phoneCodes.userId, userId),
            eq(phoneCodes.phone, phone),
            isNull(phoneCodes.verifiedAt),
            gt(phoneCodes.expiresAt, now),
            lt(phoneCodes.attempts, maxAttempts),
          ),
        )
        .returning({ attempts: phoneCodes.attempts, verifiedAt: phoneCodes.verifiedAt });
      return row ?? null;
    },

    async findPhoneCode(userId: number, phone: string) {
      const [row] = await db
        .select({ attempts: phoneCodes.attempts, expiresAt: phoneCodes.expiresAt, verifiedAt: phoneCodes.verifiedAt })
        .from(phoneCodes)
        .where(and(eq(phoneCodes.userId, userId), eq(phoneCodes.phone, phone)))
        .limit(1);
      return row ?? null;
    },

    /** Codes that expired before `before` prove nothing any more; their numbers need not be kept. */
    async deletePhoneCodesExpiredBefore(before: Date) {
      await db.delete(phoneCodes).where(lt(phoneCodes.expiresAt, before));
    },
  };
}

export type PhoneCodesRepository = ReturnType<typeof createPhoneCodesRepository>;
