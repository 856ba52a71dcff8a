// The server's TypeScript with its types stripped ahead of time by the build (`write-stripped-sources.ts`) and loaded
// by `npm start` (`use-stripped-sources.mjs`) instead of being stripped at run time (decision 032). Plain JavaScript:
// it runs before any TypeScript can.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the build writes them, beside Node's other caches. */
export const strippedSourcesDirectory = fileURLToPath(
  new URL('../../../node_modules/.cache/stripped-sources/', import.meta.url),
);

/**
 * A source's stripped file is named by the hash of its text: an edited source can only miss, never meet the output
 * of an older text.
 * @param {string} text
 * @returns {string}
 */
export function strippedSourceName(text) {
  return `${createHash('sha256').update(text).digest('hex')}.js`;
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
      const text = readFileSync(fileURLToPath(url), 'utf8');
      let source;
      try {
        source = readFileSync(join(directory, strippedSourceName(text)), 'utf8');
      } catch {
        return nextLoad(url, context);
      }
      // Every source the build strips is an ES module (their packages say `"type": "module"`).
      return { format: 'module', source, shortCircuit: true };
    },
  });
}
