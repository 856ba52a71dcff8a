// Fails when the Drizzle schema has changes that no committed migration holds (run `npm run db:generate`).
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const committed = join(root, 'apps/server/src/db/migrations');
// drizzle-kit wants a relative output folder.
const scratch = join(root, `.drizzle-check-${process.pid}`);
const out = join(scratch, 'migrations');
cpSync(committed, out, { recursive: true });
const config = join(root, 'apps/server', `.drizzle-check-${process.pid}.config.ts`);
writeFileSync(
  config,
  `import { defineConfig } from 'drizzle-kit';\nexport default defineConfig({ dialect: 'postgresql', schema: './apps/server/src/db/schema/*.ts', out: ${JSON.stringify(`./.drizzle-check-${process.pid}/migrations`)} });\n`,
);
try {
  const output = execFileSync(join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--config', config], {
    cwd: root,
    encoding: 'utf8',
  });
  const before = readdirSync(committed).filter((f) => f.endsWith('.sql'));
  const after = readdirSync(out).filter((f) => f.endsWith('.sql'));
  if (after.length !== before.length || !/No schema changes/i.test(output)) {
    console.error(output);
    console.error('The schema differs from the committed migrations: run `npm run db:generate` and commit the result.');
    process.exit(1);
  }
  console.log(`migrations match the schema (${before.length} migration${before.length === 1 ? '' : 's'})`);
} finally {
  rmSync(config, { force: true });
  rmSync(scratch, { recursive: true, force: true });
}
