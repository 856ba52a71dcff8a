import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { localMailbox, mailOutbox } from '../../db/schema/mail.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export function createMailRepository(db: Database) {
  return {
    async insertOutboxMail(values: typeof mailOutbox.$inferInsert) {
      const [row] = await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
      return row!.id;
    },

    /** Takes due mails for sending; other workers skip the rows one has taken. */
    async claimDueMails(now: Date, limit: number): Promise<OutboxRow[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
          .orderBy(asc(mailOutbox.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        // Lease them for a minute: a crashed worker's mails become due again.
        const lease = new Date(now.getTime() + 60_000);
        await tx
          .update(mailOutbox)
          .set({ nextAttemptAt: lease, attempts: sql`${mailOutbox.attempts} + 1` })
          .where(
            sql`${mailOutbox.id} in (${sql.join(
              due.map((row) => sql`${row.id}`),
              sql`, `,
            )})`,
          );
        return due.map((row) => ({ ...row, attempts: row.attempts + 1 }));
      });
    },

    async markMailSent(id: number, now: Date) {
      await db.update(mailOutbox).set({ status: 'sent', sentAt: now, lastError: null }).where(eq(mailOutbox.id, id));
    },

    async markMailFailed(id: number, error: string, retryAt: Date | null) {
      await db
        .update(mailOutbox)
        .set(retryAt ? { lastError: error, nextAttemptAt: retryAt } : { lastError: error, status: 'failed' })
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
