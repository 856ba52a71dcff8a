// The server's TypeScript with its types stripped ahead of time by the build (`write-stripped-sources.ts`) and loaded
// by `npm start` (`use-stripped-sources.mjs`) instead of being stripped at run time (decision 032). Plain JavaScript:
// it runs before any TypeScript can.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the build writes them. */
export const strippedSourcesDirectory = fileURLToPath(
  new URL('../../../node_modules/.cache/stripped-sources/', import.meta.url),
);

/** The stripper's version: a Node upgraded by `npm install` keeps the cache folder but strips anew. */
const stripperVersion = process.versions.amaro ?? process.version;

/**
 * A source's stripped file is named by the hash of its text and of the stripper: an edited source, or one read by
 * another Node, can only miss, never meet the output of an older text or stripper.
 * @param {string} text
 * @returns {string}
 */
export function strippedSourceName(text) {
  return `${createHash('sha256').update(`${stripperVersion}\0${text}`).digest('hex')}.js`;
}

/**
 * From now on a TypeScript module whose text has a stripped file in `directory` is loaded from it; any other is left
 * to Node, which strips it as usual.
 * @param {string} directory
 */
export function loadStrippedSources(directory) {
  registerHooks({
    load(url, context, nextLoad) {
      if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
      // Read here, not through `nextLoad`: Node's own load of a `.ts` file loads the stripper.
      const text = readFileSync(fileURLToPath(url), 'utf8');
      let source;
      try {
        source = readFileSync(join(directory, strippedSourceName(text)), 'utf8');
      } catch {
        return nextLoad(url, context);
      }
      // The build strips only the sources of this repository's two ES module packages (`"type": "module"`).
      return { format: 'module', source, shortCircuit: true };
    },
  });
}
