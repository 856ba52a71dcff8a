// Builds the web app and stamps the build with a hash of everything it read (apps/web/build-support/build-inputs.ts).
// With --if-changed (npm start) it builds only when that hash differs from the stamp or the build is missing. Either
// way it then strips the types of the server's sources that changed (apps/server/start, decision 032).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeStrippedSources } from '../apps/server/start/write-stripped-sources.ts';
import { buildInputs, buildStampFile, isBuildInput } from '../apps/web/build-support/build-inputs.ts';

/** What the server loads in production (plugins/web.ts). */
const outputs = ['apps/web/build/server/index.js', 'apps/web/build/client'];

/** Every input file of the web build under `root`, as sorted paths relative to it. */
export function listBuildInputs(root: string): string[] {
  const found = buildInputs.files.filter((file) => existsSync(join(root, file)));
  const walk = (directory: string) => {
    for (const entry of readdirSync(join(root, directory), { withFileTypes: true })) {
      const path = join(directory, entry.name);
      // Skipped folders (output, packages) are not walked at all.
      if (entry.isDirectory() && isBuildInput(join(path, 'x'))) walk(path);
      else if (entry.isFile() && isBuildInput(path)) found.push(path);
    }
  };
  for (const directory of buildInputs.directories) if (existsSync(join(root, directory))) walk(directory);
  return found.sort();
}

/** One hash over the names and contents of the build's inputs: a renamed, added, removed or edited file changes it. */
export function hashBuildInputs(root: string): string {
  const hash = createHash('sha256');
  for (const path of listBuildInputs(root)) {
    hash.update(`${path}\0`);
    hash.update(
      createHash('sha256')
        .update(readFileSync(join(root, path)))
        .digest(),
    );
  }
  return hash.digest('hex');
}

/** Why the web build must be built again, or null when its stamp says it was built from inputs that hash to `hash`. */
export function findRebuildReason(root: string, stampFile: string, hash: string): string | null {
  if (!outputs.every((output) => existsSync(join(root, output)))) return 'no build yet';
  if (!existsSync(stampFile)) return 'the last build has no stamp';
  let stamp: { inputs?: unknown } = {};
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return 'the stamp is unreadable';
  }
  return stamp.inputs === hash ? null : 'the sources changed since the last build';
}

function build(root: string, hash: string) {
  // The build drops the old stamp as it starts (checkBuildInputs), so a failed one leaves none.
  const result = spawnSync(join(root, 'node_modules/.bin/react-router'), ['build'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // The hash taken before the build: a file edited while it ran makes the next start build again.
  writeFileSync(buildStampFile, `${JSON.stringify({ inputs: hash, builtAt: new Date() })}\n`);
}

if (import.meta.main) {
  const root = resolve(import.meta.dirname, '..');
  const started = performance.now();
  const hash = hashBuildInputs(root);
  const reason = process.argv.includes('--if-changed') ? findRebuildReason(root, buildStampFile, hash) : 'asked to';
  if (reason) {
    console.log(`Building the web app (${reason}).`);
    build(root, hash);
  } else {
    console.log(`The web build is up to date (checked in ${Math.round(performance.now() - started)} ms).`);
  }
  // The server still starts without them: Node then strips its sources as it loads them, with more memory.
  try {
    const stripped = writeStrippedSources(root);
    if (stripped.written || stripped.removed)
      console.log(`Server sources stripped of their types: ${stripped.written} written, ${stripped.removed} removed.`);
    for (const file of stripped.failed) console.warn(`Could not strip the types of ${file}; Node will at load.`);
  } catch (error) {
    console.warn(`The server's sources were not stripped of their types (${error}); Node will strip them at load.`);
  }
}
