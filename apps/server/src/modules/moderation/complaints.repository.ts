import { and, count, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { complaints } from '../../db/schema/moderation.ts';

export function createComplaintsRepository(db: Database) {
  return {
    async insertComplaint(values: typeof complaints.$inferInsert) {
      const [row] = await db.insert(complaints).values(values).returning({ id: complaints.id });
      return row!;
    },
    async countComplaintsFromIpSince(siteId: number, ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(complaints)
        .where(and(eq(complaints.siteId, siteId), eq(complaints.ip, ip), gt(complaints.createdAt, since)));
      return row?.value ?? 0;
    },
    async findComplaintById(id: number) {
      const rows = await db.select().from(complaints).where(eq(complaints.id, id)).limit(1);
      return rows[0] ?? null;
    },
  };
}

export type ComplaintsRepository = ReturnType<typeof createComplaintsRepository>;
