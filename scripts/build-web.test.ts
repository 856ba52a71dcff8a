import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findRebuildReason, hashBuildInputs, listBuildInputs } from './build-web.ts';

let root = '';
const write = (path: string, text = path) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-web-'));
  write('package.json', '{}');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('apps/web/vite.config.ts');
  write('apps/web/app/routes/home.tsx', 'export default () => null;');
  write('apps/web/app/styles/site.scss');
  write('apps/web/public/icon.svg');
  write('packages/shared/src/input.ts');
  write('i18n/nl.json', '{"a":"b"}');
  // Not inputs: the output, generated types, installed packages, the server.
  write('apps/web/build/server/index.js');
  write('apps/web/build/client/assets/app.js');
  write('apps/web/.react-router/types/home.ts');
  write('apps/web/node_modules/react/index.js');
  write('node_modules/vite/index.js');
  write('apps/server/src/main.ts');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the web build inputs', () => {
  it('are the web app, the shared package, the catalogs, the lock file and the configuration', () => {
    expect(listBuildInputs(root)).toEqual([
      'apps/web/app/routes/home.tsx',
      'apps/web/app/styles/site.scss',
      'apps/web/public/icon.svg',
      'apps/web/vite.config.ts',
      'i18n/nl.json',
      'package-lock.json',
      'package.json',
      'packages/shared/src/input.ts',
    ]);
  });

  it('hash differently after any input is edited, added, removed or renamed', () => {
    const before = hashBuildInputs(root);
    const changes = [
      () => write('apps/web/app/routes/home.tsx', 'export default () => "hallo";'),
      () => write('packages/shared/src/new-rule.ts'),
      () => write('i18n/nl.json', '{"a":"c"}'),
      () => write('package-lock.json', '{"lockfileVersion":3,"packages":{}}'),
      () => rmSync(join(root, 'apps/web/public/icon.svg')),
      () => renameSync(join(root, 'packages/shared/src/input.ts'), join(root, 'packages/shared/src/inputs.ts')),
    ];
    const seen = new Set([before]);
    for (const change of changes) {
      change();
      const after = hashBuildInputs(root);
      expect(seen.has(after)).toBe(false);
      seen.add(after);
    }
  });

  it('hash the same whatever happens to the output, generated types, packages or the server', () => {
    const before = hashBuildInputs(root);
    write('apps/web/build/server/index.js', 'changed');
    write('apps/web/build/build-stamp.json', '{}');
    write('apps/web/.react-router/types/about.ts');
    write('apps/web/node_modules/react/index.js', 'changed');
    write('node_modules/vite/index.js', 'changed');
    write('apps/server/src/main.ts', 'changed');
    expect(hashBuildInputs(root)).toBe(before);
  });
});

describe('whether npm start builds', () => {
  const stampFile = () => join(root, 'apps/web/build/build-stamp.json');

  it('builds when there is no build, no stamp, an unreadable stamp or one of other sources', () => {
    const hash = hashBuildInputs(root);
    expect(findRebuildReason(root, stampFile(), hash)).toBe('the last build has no stamp');
    write('apps/web/build/build-stamp.json', '{"inputs":');
    expect(findRebuildReason(root, stampFile(), hash)).toBe('the stamp is unreadable');
    write('apps/web/build/build-stamp.json', JSON.stringify({ inputs: hash }));
    expect(findRebuildReason(root, stampFile(), hash)).toBeNull();

    write('apps/web/app/routes/home.tsx', 'export default () => "hallo";');
    expect(findRebuildReason(root, stampFile(), hashBuildInputs(root))).toBe(
      'the sources changed since the last build',
    );

    rmSync(join(root, 'apps/web/build/server/index.js'));
    expect(findRebuildReason(root, stampFile(), hash)).toBe('no build yet');
  });
});
