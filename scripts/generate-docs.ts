// Writes the generated documents (docs/openapi.json, docs/errors.md); tests fail when they drift from the code.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { renderErrorTable } from '../apps/server/src/modules/system/generated-docs.ts';

const root = join(import.meta.dirname, '..');
const database = await openDatabase({ kind: 'pglite', dataDir: null });
await database.migrate();
const app = await buildApp({ config: { ...loadConfig({ NODE_ENV: 'test' }), serveWeb: false }, database });
await app.ready();
// The document @fastify/swagger makes from the routes' zod schemas, as /api/docs/json serves it.
writeFileSync(join(root, 'docs/openapi.json'), `${JSON.stringify(app.swagger(), null, 2)}\n`);
writeFileSync(join(root, 'docs/errors.md'), renderErrorTable());
await app.close();
await database.close();
console.log('docs/openapi.json and docs/errors.md written');
