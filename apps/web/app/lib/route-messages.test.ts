// Every key a route's components translate must lie in a namespace the route or a route around it declares
// (`handle.messages`): a page translates nothing else, so a forgotten namespace shows as raw keys. This test reads
// the sources, so it also covers states no journey reaches (a refused form, an empty search): for each route it
// follows the imports of its module (static, `import()` and `lazy`, not `.server.ts` files, which never render) and
// collects the keys written in them, whole (`'members.title'`) or as the start of a template (`` `profile.${f}` ``).
// A key built from a variable alone escapes it: name the namespace in the code (`` `errors.${code}` ``).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { browserNamespaces, isBrowserNamespace } from '@app/shared/i18n/message-namespaces';
import { flattenCatalog } from '@app/shared/i18n/translator';
import { describe, expect, it } from 'vitest';
import routes from '../routes.ts';

const appDir = resolve(import.meta.dirname, '..');
const sourceKeys = Object.keys(flattenCatalog(JSON.parse(readFileSync(join(appDir, '../../../i18n/nl.json'), 'utf8'))));
const namespaceNames = browserNamespaces.join('|');
/** A quoted key, or the literal start of a template that builds one. */
const keyPattern = new RegExp(`['"\`]((?:${namespaceNames})\\.[a-z0-9_.]*)(\\$\\{)?`, 'g');

interface KeyUse {
  file: string;
  key: string;
  /** The start of a template: only its beginning is known. */
  prefix: boolean;
}

function readSource(file: string): string {
  // Comments may name keys (`profile.<field>.<value>`) without using them.
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/.*$/gm, '$1');
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const file = resolve(dirname(from), specifier);
  return /\.tsx?$/.test(file) && existsSync(file) ? file : null;
}

function findImports(file: string): string[] {
  const source = readSource(file);
  const specifiers = [
    ...[...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s*'([^']+)'/gm)].map((match) => match[1]!),
    ...[...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((match) => match[1]!),
  ];
  return specifiers
    .map((specifier) => resolveImport(file, specifier))
    .filter((found): found is string => found !== null && !/\.server\.tsx?$/.test(found));
}

function collectModuleFiles(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  for (const file of findImports(entry)) collectModuleFiles(file, seen);
  return seen;
}

function findKeyUses(file: string): KeyUse[] {
  return [...readSource(file).matchAll(keyPattern)].map((match) => ({
    file: relative(appDir, file),
    key: match[1]!,
    prefix: match[2] !== undefined,
  }));
}

interface RouteEntry {
  id?: string;
  file: string;
  children?: RouteEntry[];
}

interface CheckedRoute {
  name: string;
  file: string;
  /** The namespaces of the routes around it, root first. */
  inherited: string[];
}

function listRoutes(entries: readonly RouteEntry[], inherited: string[]): CheckedRoute[] {
  return entries.flatMap((entry) => {
    const file = join(appDir, entry.file);
    const route = { name: entry.id ?? entry.file, file, inherited };
    return [route, ...listRoutes(entry.children ?? [], [...inherited, ...readDeclaredMessages(file)])];
  });
}

/** The `messages` of a route module's `handle`, as written in its source. */
function readDeclaredMessages(file: string): string[] {
  const handle = /export const handle = defineRouteHandle(?:<[^>]*>)?\(\{[\s\S]*?\}\);/.exec(readSource(file));
  const list = handle ? /messages: \[([^\]]*)\]/.exec(handle[0]) : null;
  return list ? [...list[1]!.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!) : [];
}

const rootFile = join(appDir, 'root.tsx');
const rootMessages = readDeclaredMessages(rootFile);
const checkedRoutes = [
  { name: 'root', file: rootFile, inherited: [] },
  ...listRoutes(routes as RouteEntry[], rootMessages),
].filter((route) => /^export default /m.test(readSource(route.file)));

describe('route messages', () => {
  it('finds the routes and their declarations', () => {
    expect(checkedRoutes.map((route) => route.name)).toEqual(expect.arrayContaining(['root', 'members', 'members-id']));
    expect(rootMessages).toContain('error_page');
    expect(readDeclaredMessages(join(appDir, 'routes/members/members.tsx'))).toContain('members');
  });

  it.each(checkedRoutes)('$name declares known namespaces, each once along its routes', ({ file, inherited }) => {
    const declared = readDeclaredMessages(file);
    expect(declared.filter((name) => !isBrowserNamespace(name))).toEqual([]);
    expect(declared.filter((name) => inherited.includes(name))).toEqual([]);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it.each(checkedRoutes)('$name translates only keys of the namespaces its routes declare', ({ file, inherited }) => {
    const allowed = new Set([...inherited, ...readDeclaredMessages(file)]);
    const uses = [...collectModuleFiles(file)].flatMap(findKeyUses);
    const undeclared = uses.filter((use) => !allowed.has(use.key.split('.')[0]!));
    expect(undeclared.map((use) => `${use.file}: ${use.key}`)).toEqual([]);
  });

  it.each(checkedRoutes)('$name declares no namespace that nothing in it translates', ({ file }) => {
    const used = new Set([...collectModuleFiles(file)].flatMap(findKeyUses).map((use) => use.key.split('.')[0]));
    expect(readDeclaredMessages(file).filter((name) => !used.has(name))).toEqual([]);
  });

  it('finds every key the pages name in the Dutch catalog', () => {
    const files = new Set(checkedRoutes.flatMap((route) => [...collectModuleFiles(route.file)]));
    const uses = [...files].flatMap(findKeyUses);
    expect(uses.length).toBeGreaterThan(300);
    const missing = uses.filter((use) =>
      use.prefix ? !sourceKeys.some((key) => key.startsWith(use.key)) : !sourceKeys.includes(use.key),
    );
    expect(missing.map((use) => `${use.file}: ${use.key}${use.prefix ? '…' : ''}`)).toEqual([]);
  });
});
