import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { companies, siteHosts, sites } from '../../db/schema/sites.ts';

export type SiteRow = typeof sites.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export function createSitesRepository(db: Database) {
  return {
    async findSiteByHost(host: string): Promise<SiteRow | null> {
      const rows = await db
        .select({ site: sites })
        .from(siteHosts)
        .innerJoin(sites, eq(siteHosts.siteId, sites.id))
        .where(eq(siteHosts.host, host))
        .limit(1);
      return rows[0]?.site ?? null;
    },

    async findCompanyById(id: number): Promise<CompanyRow | null> {
      const rows = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async countSites(): Promise<number> {
      const rows = await db.select({ count: sql<number>`count(*)::int` }).from(sites);
      return rows[0]?.count ?? 0;
    },

    async insertCompany(values: typeof companies.$inferInsert): Promise<CompanyRow> {
      const rows = await db.insert(companies).values(values).returning();
      return rows[0]!;
    },

    async insertSite(values: typeof sites.$inferInsert, hosts: string[]): Promise<SiteRow> {
      return db.transaction(async (tx) => {
        const [site] = await tx.insert(sites).values(values).returning();
        await tx.insert(siteHosts).values(hosts.map((host) => ({ host, siteId: site!.id })));
        return site!;
      });
    },
  };
}

export type SitesRepository = ReturnType<typeof createSitesRepository>;
