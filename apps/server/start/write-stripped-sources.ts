// The build's step for `use-stripped-sources.mjs`: the types of the server's TypeScript stripped by Node's own
// stripper, the one that would strip them at run time, so what runs is the same text either way (decision 032).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join, sep } from 'node:path';
import { strippedSourceName, strippedSourcesDirectory } from './stripped-sources.mjs';

/** The folders of TypeScript the server loads, relative to the repository. */
const serverSourceFolders = ['apps/server/src', 'packages/shared/src'];

/** The `.ts` files under `folder` but its tests, their helpers (`test/`) and declarations, which the server never loads. */
function listServerSources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter(
      (path) =>
        path.endsWith('.ts') &&
        !path.endsWith('.test.ts') &&
        !path.endsWith('.d.ts') &&
        !path.split(sep).includes('test'),
    )
    .map((path) => join(folder, path));
}

/** A file left by a build that stopped between writing and renaming it; one being written is younger. */
const abandonedAfterMs = 60_000;

/**
 * Writes the stripped text of each server source that has none yet and removes the files of texts no source has any
 * more. Answers how many it wrote and removed, and the sources it could not strip (Node strips those at load, and
 * fails there as it would have).
 */
export function writeStrippedSources(
  root: string,
  directory: string = strippedSourcesDirectory,
): { written: number; removed: number; failed: string[] } {
  mkdirSync(directory, { recursive: true });
  const current = new Set<string>();
  const failed: string[] = [];
  let written = 0;
  for (const file of serverSourceFolders.flatMap((folder) => listServerSources(join(root, folder)))) {
    const text = readFileSync(file, 'utf8');
    const name = strippedSourceName(text);
    current.add(name);
    if (existsSync(join(directory, name))) continue;
    let stripped: string;
    try {
      stripped = stripTypeScriptTypes(text, { mode: 'strip' });
    } catch {
      failed.push(file);
      continue;
    }
    // Written under another name first, so a start running beside the build never reads half a file.
    const partial = join(directory, `${name}.${process.pid}.partial`);
    writeFileSync(partial, stripped);
    renameSync(partial, join(directory, name));
    written++;
  }
  let removed = 0;
  for (const name of readdirSync(directory)) {
    if (current.has(name)) continue;
    const path = join(directory, name);
    if (name.endsWith('.partial') && Date.now() - statSync(path).mtimeMs < abandonedAfterMs) continue;
    rmSync(path, { force: true });
    removed++;
  }
  return { written, removed, failed };
}
