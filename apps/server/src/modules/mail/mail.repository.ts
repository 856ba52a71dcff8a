import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { localMailbox, mailOutbox } from '../../db/schema/mail.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export function createMailRepository(db: Database) {
  return {
    async insertOutboxMail(values: typeof mailOutbox.$inferInsert) {
      const [row] = await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
      return row!.id;
    },

    async findOutboxMail(id: number): Promise<OutboxRow | null> {
      const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async markMailSent(id: number, now: Date) {
      await db.update(mailOutbox).set({ status: 'sent', sentAt: now, lastError: null }).where(eq(mailOutbox.id, id));
    },

    /** Not sent, for good: a rule stopped it after it was queued (mail.service `withholdMailWhen`). */
    async markMailWithheld(id: number) {
      await db.update(mailOutbox).set({ status: 'withheld' }).where(eq(mailOutbox.id, id));
    },

    /** Records a failed attempt; after the last one the mail stays `failed` for inspection. */
    async markMailFailed(id: number, error: string, final: boolean) {
      await db
        .update(mailOutbox)
        .set({ lastError: error, attempts: sql`${mailOutbox.attempts} + 1`, ...(final ? { status: 'failed' } : {}) })
        .where(eq(mailOutbox.id, id));
    },

    async insertLocalMail(values: typeof localMailbox.$inferInsert) {
      await db.insert(localMailbox).values(values);
    },

    async listLocalMails(limit: number) {
      return db.select().from(localMailbox).orderBy(desc(localMailbox.id)).limit(limit);
    },

    async findLocalMail(id: number) {
      const rows = await db.select().from(localMailbox).where(eq(localMailbox.id, id)).limit(1);
      return rows[0] ?? null;
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
