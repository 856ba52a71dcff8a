/// <reference path="./virtual-modules.d.ts" />
import * as build from 'virtual:react-router/server-build';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { type WebRequestContext, webContext } from '../app/context.ts';

export type { WebRequestContext } from '../app/context.ts';

/**
 * The static paths of the route table (no parameters), e.g. `/pages/terms`; a route whose last parameters are
 * optional (`transactions/:id?`) has a page at the path without them.
 */
function collectStaticPaths(routes: ServerBuild['routes']): string[] {
  const fullPath = (id: string): string | null => {
    const route = routes[id];
    if (!route) return '';
    const parent = route.parentId ? fullPath(route.parentId) : '';
    if (parent === null) return null;
    if (!route.path) return parent;
    const path = route.path.replace(/(\/:[\w-]+\?)+$/, '');
    if (path.includes(':') || path.includes('*')) return null;
    return `${parent}/${path}`.replace(/\/+/g, '/');
  };
  const paths = new Set<string>();
  for (const id of Object.keys(routes)) {
    const path = fullPath(id);
    if (path !== null) paths.add(path || '/');
  }
  return [...paths].sort();
}

/** The page renderer the Fastify server calls; built into the SSR bundle so it shares `webContext` with routes. */
export function createWebHandler(mode: string) {
  const serverBuild = build as unknown as ServerBuild;
  const handle = createRequestHandler(serverBuild, mode);
  const knownPaths = collectStaticPaths(serverBuild.routes);
  return (request: Request, context: WebRequestContext) => {
    const provider = new RouterContextProvider();
    provider.set(webContext, { ...context, knownPaths });
    return handle(request, provider);
  };
}
