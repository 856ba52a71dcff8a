import { beforeEach, describe, expect, it } from 'vitest';
import { loadCatalogs } from '../../i18n/catalogs.ts';
import { demoCompany, demoSiteSettings } from '../../seed/demo-site.ts';
import type { CompanyRow, SiteRow, SitesRepository } from './sites.repository.ts';
import { createSitesService } from './sites.service.ts';

const catalogs = loadCatalogs();

/** The sites repository in memory, counting its look-ups: what the cache saves is what it does not read. */
function createMemorySites() {
  const hosts = new Map<string, SiteRow>([
    ['hartklop.test', { id: 1, companyId: 1, isDemo: false, settings: demoSiteSettings }],
  ]);
  const companies = new Map<number, CompanyRow>([[1, { id: 1, ...demoCompany, deleteDiscount: 50 }]]);
  const reads = { sites: 0, companies: 0 };
  const repository = {
    findSiteByHost: async (host: string) => {
      reads.sites++;
      return hosts.get(host) ?? null;
    },
    findCompanyById: async (id: number) => {
      reads.companies++;
      return companies.get(id) ?? null;
    },
  } as SitesRepository;
  return { repository, reads, hosts, companies };
}

describe('the per-process cache of sites and companies', () => {
  let memory: ReturnType<typeof createMemorySites>;
  let clock = 0;
  let sites: ReturnType<typeof createSitesService>;

  beforeEach(() => {
    memory = createMemorySites();
    clock = 1_000_000;
    sites = createSitesService({ repository: memory.repository, catalogs, pushPublicKey: 'key', now: () => clock });
  });

  it('reads a host once, whatever its spelling, and a missing host once too', async () => {
    expect((await sites.findSiteByHost('hartklop.test'))?.id).toBe(1);
    expect((await sites.findSiteByHost('Hartklop.TEST'))?.id).toBe(1);
    expect(await sites.findSiteByHost('nobody.test')).toBeNull();
    expect(await sites.findSiteByHost('nobody.test')).toBeNull();
    expect(memory.reads.sites).toBe(2);
  });

  it('reads a company once', async () => {
    const site = (await sites.findSiteByHost('hartklop.test'))!;
    expect((await sites.getCompanyInfo(site)).delete_discount).toBe(50);
    await sites.getCompanyInfo(site);
    expect(memory.reads.companies).toBe(1);
  });

  it('shows a change at once after forgetCachedSites, which whatever changes sites or companies calls', async () => {
    const site = (await sites.findSiteByHost('hartklop.test'))!;
    await sites.getCompanyInfo(site);
    expect(await sites.findSiteByHost('nieuw.test')).toBeNull();
    memory.hosts.set('hartklop.test', {
      ...memory.hosts.get('hartklop.test')!,
      settings: { ...demoSiteSettings, name: 'Nieuw' },
    });
    memory.hosts.set('nieuw.test', { id: 2, companyId: 1, isDemo: false, settings: demoSiteSettings });
    memory.companies.set(1, { ...memory.companies.get(1)!, deleteDiscount: 30 });
    // Cached, the miss included, until told.
    expect((await sites.findSiteByHost('hartklop.test'))?.settings.name).toBe(demoSiteSettings.name);
    expect(await sites.findSiteByHost('nieuw.test')).toBeNull();

    sites.forgetCachedSites();
    expect((await sites.findSiteByHost('hartklop.test'))?.settings.name).toBe('Nieuw');
    expect((await sites.findSiteByHost('nieuw.test'))?.id).toBe(2);
    expect((await sites.getCompanyInfo(site)).delete_discount).toBe(30);
  });

  it('reads again after 30 seconds even when nobody said that something changed', async () => {
    const site = (await sites.findSiteByHost('hartklop.test'))!;
    await sites.getCompanyInfo(site);
    memory.hosts.set('hartklop.test', {
      ...memory.hosts.get('hartklop.test')!,
      settings: { ...demoSiteSettings, name: 'Later' },
    });
    clock += 29_000;
    expect((await sites.findSiteByHost('hartklop.test'))?.settings.name).toBe(demoSiteSettings.name);
    clock += 1_001;
    expect((await sites.findSiteByHost('hartklop.test'))?.settings.name).toBe('Later');
    await sites.getCompanyInfo(site);
    expect(memory.reads).toEqual({ sites: 2, companies: 2 });
  });
});
