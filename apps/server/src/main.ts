import { join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { sharedCityIndex } from './modules/geo/city-index.ts';
import { createSitesRepository } from './modules/sites/sites.repository.ts';
import { demoAccounts, demoPassword } from './seed/demo-site.ts';
import { createLocalStorage } from './storage/local-storage.ts';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
);
await database.migrate();
const storage = createLocalStorage(join(config.dataDir, 'uploads'));
// Demo members and their printed password belong on the embedded database, never silently on a real PostgreSQL.
async function seedDemo() {
  // Loaded only for the demo: a server on PostgreSQL without DEMO_DATA never holds the demo's drawing code.
  const { seedDemoData } = await import('./seed/seed-demo.ts');
  return seedDemoData(database.db, storage, { profiles: config.seedProfiles });
}
const seeded = config.demoData ? await seedDemo() : { created: false, profiles: 0, ms: 0 };

const app = await buildApp({ config, database, storage, startWorkers: true });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// The geocoding places (about 150 ms of work) are read before the first request rather than while members wait.
sharedCityIndex();
await app.listen({ port: config.port, host: config.host });
const address = `http://localhost:${config.port}`;
console.log(`\n  Site ready at ${address}  (${config.env}, database: ${database.kind})`);
if (!config.smtpUrl) console.log(`  Mail goes to the local mailbox: ${address}/dev/mailbox`);
if (seeded.created) console.log(`  Demo data created: ${seeded.profiles} member profiles in ${seeded.ms} ms.`);
if (!config.demoData)
  console.log('  No demo data on PostgreSQL (DEMO_DATA=true creates the demo site on an empty database).');
if ((await createSitesRepository(database.db).findSiteByHost('localhost'))?.isDemo) {
  console.log(`  Demo login: ${demoAccounts[0].email} / ${demoPassword}  (premium: ${demoAccounts[1].email})`);
}
console.log('');
