import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { strippedSourceName } from './stripped-sources.mjs';
import { writeStrippedSources } from './write-stripped-sources.ts';

const repositoryRoot = resolve(import.meta.dirname, '../../..');
let root: string;
let output: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'stripped-sources-'));
  output = join(root, 'stripped');
  for (const folder of ['apps/server/src', 'packages/shared/src']) mkdirSync(join(root, folder), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function writeSource(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** Runs `script` in a Node that loads stripped sources from `output`; answers what it printed. */
function runWithStrippedSources(script: string): string {
  const preload = join(root, 'preload.mjs');
  const hooks = new URL('./stripped-sources.mjs', import.meta.url).href;
  writeFileSync(
    preload,
    `import { loadStrippedSources } from '${hooks}';\nloadStrippedSources(${JSON.stringify(output)});\n`,
  );
  const run = spawnSync(process.execPath, [`--import=${preload}`, script], { encoding: 'utf8', timeout: 60_000 });
  expect(run.stderr.replace(/.*ExperimentalWarning.*\n|.*--trace-warnings.*\n/g, '')).toBe('');
  expect(run.status).toBe(0);
  return run.stdout.trim();
}

const reportStripper = `console.log(process.moduleLoadList.some((name) => name.includes('amaro')) ? 'stripper loaded' : 'no stripper');`;

describe('writeStrippedSources', () => {
  it('writes each server source once, named by its text, skipping tests and declarations', () => {
    const text = 'export const answer: number = 42;\n';
    writeSource('apps/server/src/answer.ts', text);
    writeSource('apps/server/src/answer.test.ts', 'export {};\n');
    writeSource('apps/server/src/test/helper.ts', 'export const helper = 1;\n');
    writeSource('apps/server/src/types.d.ts', 'export type A = string;\n');
    writeSource('packages/shared/src/deep/er/shared.ts', 'export type B = number;\nexport const b = 1 as B;\n');

    expect(writeStrippedSources(root, output)).toEqual({ written: 2, removed: 0, failed: [] });
    expect(readdirSync(output).sort()).toEqual(
      [strippedSourceName(text), strippedSourceName('export type B = number;\nexport const b = 1 as B;\n')].sort(),
    );
    // Types become spaces: every position, and so every stack trace, stays where it was.
    const stripped = readFileSync(join(output, strippedSourceName(text)), 'utf8');
    expect(stripped).toBe('export const answer         = 42;\n');
    expect(writeStrippedSources(root, output)).toEqual({ written: 0, removed: 0, failed: [] });
  });

  it('names a file by the stripper too, so that another Node strips anew', () => {
    const text = 'export const answer: number = 42;\n';
    expect(strippedSourceName(text)).not.toBe(`${createHash('sha256').update(text).digest('hex')}.js`);
    expect(strippedSourceName(text)).toBe(strippedSourceName(text));
  });

  it('leaves a source it cannot strip to Node, and carries on', () => {
    writeSource('apps/server/src/color.ts', 'export enum Color { Red }\n');
    writeSource('apps/server/src/answer.ts', 'export const answer: number = 42;\n');
    expect(writeStrippedSources(root, output)).toEqual({
      written: 1,
      removed: 0,
      failed: [join(root, 'apps/server/src/color.ts')],
    });
  });

  it('removes a half-written file a stopped build left, but not one a running build is writing', () => {
    mkdirSync(output);
    writeFileSync(join(output, 'left.js.1.partial'), '');
    utimesSync(join(output, 'left.js.1.partial'), new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    writeFileSync(join(output, 'writing.js.2.partial'), '');
    expect(writeStrippedSources(root, output)).toEqual({ written: 0, removed: 1, failed: [] });
    expect(readdirSync(output)).toEqual(['writing.js.2.partial']);
  });

  it('writes an edited source anew and removes the file of its old text', () => {
    writeSource('apps/server/src/answer.ts', 'export const answer: number = 42;\n');
    writeStrippedSources(root, output);
    writeSource('apps/server/src/answer.ts', 'export const answer: number = 43;\n');
    expect(writeStrippedSources(root, output)).toEqual({ written: 1, removed: 1, failed: [] });
    expect(readdirSync(output)).toEqual([strippedSourceName('export const answer: number = 43;\n')]);
  });
});

describe('loadStrippedSources', () => {
  it('loads the stripped text and never loads Node’s type stripper; an edited source is stripped by Node as it is now', () => {
    writeSource('apps/server/src/answer.ts', 'export const answer: number = 42;\n');
    writeSource(
      'apps/server/src/main.ts',
      `import { answer } from './answer.ts';\nconsole.log(answer);\n${reportStripper}\n`,
    );
    writeStrippedSources(root, output);
    const main = join(root, 'apps/server/src/main.ts');
    expect(runWithStrippedSources(main)).toBe('42\nno stripper');

    writeSource('apps/server/src/answer.ts', 'export const answer: number = 43;\n');
    expect(runWithStrippedSources(main)).toBe('43\nstripper loaded');
  }, 60_000);

  it('loads the whole server from the stripped sources of this repository', () => {
    const written = writeStrippedSources(repositoryRoot, output).written;
    expect(written).toBeGreaterThan(100);
    const script = join(root, 'load-app.mjs');
    const app = new URL('../src/app.ts', import.meta.url).href;
    writeFileSync(
      script,
      `const { buildApp } = await import('${app}');\nconsole.log(typeof buildApp);\n${reportStripper}\n`,
    );
    expect(runWithStrippedSources(script)).toBe('function\nno stripper');
  }, 60_000);
});
