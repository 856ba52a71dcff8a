import { rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Everything the web build reads, relative to the repository root: `npm start` rebuilds when any of it changed since
 * the last build (`scripts/build-web.ts`). Installed packages stand in through the lock file. The catalogs are not
 * read today; they are listed so that a page importing them cannot be missed.
 */
export const buildInputs = {
  directories: ['apps/web', 'packages/shared', 'i18n'],
  files: ['package.json', 'package-lock.json', 'tsconfig.json'],
  /** Output and generated types, not inputs; packages are covered by the lock file. */
  skip: ['apps/web/build', 'apps/web/.react-router', 'node_modules'],
};

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The hash of the inputs a finished build was made from, beside its output; written by `scripts/build-web.ts`. */
export const buildStampFile = join(repositoryRoot, 'apps/web/build/build-stamp.json');

/** Whether a path relative to the repository root is one of `buildInputs` (and so part of the build's stamp). */
export function isBuildInput(path: string) {
  const parts = path.split(sep).join('/');
  if (buildInputs.skip.some((skipped) => parts === skipped || parts.startsWith(`${skipped}/`))) return false;
  if (parts.split('/').includes('node_modules')) return false;
  return (
    buildInputs.files.includes(parts) || buildInputs.directories.some((directory) => parts.startsWith(`${directory}/`))
  );
}

/**
 * Keeps the build's stamp honest however the build is run: drops it when a build starts (an interrupted or failed
 * build must not pass for the sources of the one before), and fails the build when it reads a source file outside
 * `buildInputs`, so that the list cannot fall behind the code (say, a page importing a value from the server's
 * sources) and `npm start` serve a stale build.
 */
export function checkBuildInputs(): Plugin {
  return {
    name: 'check-build-inputs',
    apply: 'build',
    buildStart() {
      rmSync(buildStampFile, { force: true });
    },
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const file = id.split('?')[0] ?? '';
        // Virtual modules and installed packages.
        if (!file.startsWith('/') || file.includes(`${sep}node_modules${sep}`)) continue;
        const path = relative(repositoryRoot, file);
        if (!isBuildInput(path)) {
          this.error(`the web build read ${path}, which is not in build-support/build-inputs.ts`);
        }
      }
    },
  };
}
