/// <reference path="./virtual-modules.d.ts" />
import * as build from 'virtual:react-router/server-build';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { type WebRequestContext, webContext } from '../app/context.ts';
import { withServerRouteMatching } from '../app/lib/server-route-matching.server.ts';

export type { WebRequestContext } from '../app/context.ts';

/** The page renderer the Fastify server calls; built into the SSR bundle so it shares `webContext` with routes. */
export function createWebHandler(mode: string) {
  const handle = createRequestHandler(withServerRouteMatching(build as unknown as ServerBuild), mode);
  return (request: Request, context: WebRequestContext) => {
    const provider = new RouterContextProvider();
    provider.set(webContext, context);
    return handle(request, provider);
  };
}
