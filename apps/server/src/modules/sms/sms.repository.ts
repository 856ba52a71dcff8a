import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { localSmsbox } from '../../db/schema/sms.ts';

/** The local SMS box: what the default sender "delivers", for /dev/smsbox. */
export function createSmsRepository(db: Database) {
  return {
    async insertLocalSms(values: typeof localSmsbox.$inferInsert) {
      await db.insert(localSmsbox).values(values);
    },

    /** Newest first. */
    async listLocalSms(limit: number, toNumber?: string) {
      return db
        .select()
        .from(localSmsbox)
        .where(toNumber === undefined ? undefined : eq(localSmsbox.toNumber, toNumber))
        .orderBy(desc(localSmsbox.id))
        .limit(limit);
    },
  };
}

export type SmsRepository = ReturnType<typeof createSmsRepository>;
