// The build's step for `use-stripped-sources.mjs`: the types of the server's TypeScript stripped by Node's own
// stripper, the one that would strip them at run time, so what runs is the same text either way (decision 032).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import { strippedSourceName, strippedSourcesDirectory } from './stripped-sources.mjs';

/** The folders of TypeScript the server loads, relative to the repository. */
const serverSourceFolders = ['apps/server/src', 'packages/shared/src'];

/** Every `.ts` file the server may load under `folder`; tests and declarations are never loaded by it. */
function listServerSources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts'))
    .map((path) => join(folder, path));
}

/**
 * Writes the stripped text of each server source that has none yet and removes the files of texts no source has any
 * more. Answers how many it wrote and removed.
 */
export function writeStrippedSources(
  root: string,
  directory: string = strippedSourcesDirectory,
): { written: number; removed: number } {
  mkdirSync(directory, { recursive: true });
  const current = new Set<string>();
  let written = 0;
  for (const file of serverSourceFolders.flatMap((folder) => listServerSources(join(root, folder)))) {
    const text = readFileSync(file, 'utf8');
    const name = strippedSourceName(text);
    current.add(name);
    if (existsSync(join(directory, name))) continue;
    // Written under another name first, so a start running beside the build never reads half a file.
    const partial = join(directory, `${name}.${process.pid}.partial`);
    writeFileSync(partial, stripTypeScriptTypes(text, { mode: 'strip' }));
    renameSync(partial, join(directory, name));
    written++;
  }
  let removed = 0;
  for (const name of readdirSync(directory)) {
    // Another build's file still being written is its to rename.
    if (current.has(name) || name.endsWith('.partial')) continue;
    rmSync(join(directory, name), { force: true });
    removed++;
  }
  return { written, removed };
}
