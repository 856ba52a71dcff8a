import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { prepareQuery } from '../../db/prepared-query.ts';
import { companies, siteHosts, sites } from '../../db/schema/sites.ts';

export type SiteRow = Pick<typeof sites.$inferSelect, 'id' | 'companyId' | 'isDemo' | 'settings'>;
export type CompanyRow = typeof companies.$inferSelect;

export function createSitesRepository(db: Database) {
  // Looked up on a request whenever the per-process cache (sites.service.ts) has no fresh copy: prepared once.
  const siteByHostQuery = prepareQuery(db, 'site_by_host', (db) =>
    db
      .select({ id: sites.id, companyId: sites.companyId, isDemo: sites.isDemo, settings: sites.settings })
      .from(siteHosts)
      .innerJoin(sites, eq(siteHosts.siteId, sites.id))
      .where(eq(siteHosts.host, sql.placeholder('host')))
      .limit(1),
  );
  const companyQuery = prepareQuery(db, 'company_by_id', (db) =>
    db
      .select()
      .from(companies)
      .where(eq(companies.id, sql.placeholder('id')))
      .limit(1),
  );

  return {
    async findSiteByHost(host: string): Promise<SiteRow | null> {
      const rows = await siteByHostQuery({ host });
      return rows[0] ?? null;
    },

    async findSiteById(id: number): Promise<SiteRow | null> {
      const [row] = await db.select().from(sites).where(eq(sites.id, id));
      return row ?? null;
    },

    async findCompanyById(id: number): Promise<CompanyRow | null> {
      const rows = await companyQuery({ id });
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
