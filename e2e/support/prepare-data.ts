// Prepares the browser journeys' database before the server starts: the demo site plus sites that differ in
// one setting, reachable as <name>.localhost (Chromium sends every *.localhost to loopback).
import { join } from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createSitesRepository } from '../../apps/server/src/modules/sites/sites.repository.ts';
import { demoCompany, demoSiteSettings } from '../../apps/server/src/seed/demo-site.ts';
import { seedDemoData } from '../../apps/server/src/seed/seed-demo.ts';
import { createLocalStorage } from '../../apps/server/src/storage/local-storage.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set');
const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
await database.migrate();
const seeded = await seedDemoData(database.db, createLocalStorage(join(dataDir, 'uploads')), {
  profiles: Number(process.env.SEED_PROFILES ?? 40),
});
if (seeded.created) {
  const sites = createSitesRepository(database.db);
  const company = await sites.insertCompany({ ...demoCompany, name: 'Testsites B.V.' });
  await sites.insertSite(
    { companyId: company.id, settings: { ...demoSiteSettings, name: 'Zonder Popup', enable_site_entry_popup: 'no' } },
    ['nopopup.localhost'],
  );
  await sites.insertSite(
    {
      companyId: company.id,
      settings: { ...demoSiteSettings, name: 'US Footer', us_footer: true, domain_language: 'en-US' },
    },
    ['usfooter.localhost'],
  );
}
await database.close();
