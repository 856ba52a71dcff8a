import type { EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { findRenderManifest } from './route-manifest.server.ts';

const manifestRoute = (id: string, parentId?: string) => ({
  id,
  parentId,
  path: id,
  module: `/assets/${id}.js`,
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
});

const manifest = {
  entry: { module: '/assets/entry.client.js', imports: [] },
  url: '/assets/manifest.js',
  version: '1',
  routes: {
    root: manifestRoute('root'),
    members: manifestRoute('members', 'root'),
    profile: manifestRoute('profile', 'members'),
    chats: manifestRoute('chats', 'root'),
  },
} as unknown as EntryContext['manifest'];

function createContext(
  routeIds: string[],
  options: { manifest?: EntryContext['manifest']; discovery?: 'initial' | 'lazy'; links?: boolean } = {},
): EntryContext {
  return {
    manifest: options.manifest ?? manifest,
    routeModules: Object.fromEntries(
      routeIds.map((id) => [id, { default: () => null, ...(options.links ? { links: () => [] } : {}) }]),
    ),
    routeDiscovery: { mode: options.discovery ?? 'initial' },
    staticHandlerContext: { matches: routeIds.map((id) => ({ route: { id } })) },
  } as unknown as EntryContext;
}

describe('the manifest a page is rendered with', () => {
  it('holds the matched branch only, and everything else the manifest says', () => {
    const cut = findRenderManifest(createContext(['root', 'members', 'profile']));
    expect(Object.keys(cut.routes)).toEqual(['root', 'members', 'profile']);
    expect(cut.routes.profile).toBe(manifest.routes.profile);
    expect({ ...cut, routes: manifest.routes }).toEqual(manifest);
  });

  it('is cut once per branch and per manifest', () => {
    const chats = findRenderManifest(createContext(['root', 'chats']));
    expect(findRenderManifest(createContext(['root', 'chats']))).toBe(chats);
    expect(findRenderManifest(createContext(['root']))).not.toBe(chats);
    const rebuilt = { ...manifest, version: '2' };
    expect(findRenderManifest(createContext(['root'], { manifest: rebuilt })).version).toBe('2');
  });

  it('is whole with lazy route discovery, and when a matched route exports links', () => {
    expect(findRenderManifest(createContext(['root', 'chats'], { discovery: 'lazy' }))).toBe(manifest);
    expect(findRenderManifest(createContext(['root', 'chats'], { links: true }))).toBe(manifest);
  });
});
