import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { renderErrorTable } from './generated-docs.ts';

const docs = join(import.meta.dirname, '../../../../../docs');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ profiles: 0 });
});
afterAll(() => t?.close());

describe('generated documents match the code (run `npm run docs:generate` after a change)', () => {
  it('docs/openapi.json', () => {
    const committed = JSON.parse(readFileSync(join(docs, 'openapi.json'), 'utf8'));
    expect(JSON.parse(JSON.stringify(t.app.swagger()))).toEqual(committed);
  });
  it('docs/errors.md', () => {
    expect(readFileSync(join(docs, 'errors.md'), 'utf8')).toBe(renderErrorTable());
  });
});
