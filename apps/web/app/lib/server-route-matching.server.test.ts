import { createStaticHandler, type ServerBuild } from 'react-router';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';
import { describe, expect, it } from 'vitest';
import routeConfig from '../routes.ts';
import { createRouteTree, findNearbyUrls, findRoutePaths } from './route-config-objects.ts';
import { withServerRouteMatching } from './server-route-matching.server.ts';

const describeMatches = (matches: ReturnType<ReturnType<typeof createStaticHandler>['match']>) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params, pathname, pathnameBase })) ??
  null;

describe("the server's route matching", () => {
  // The flags this app's build has (React Router's own, for the framework's bundler).
  const builtFuture = { unstable_enableNodeReadableStream: false, unstable_optimizeDeps: false };
  const build = { future: builtFuture, routes: {} } as unknown as ServerBuild;

  it('turns on route-pattern matching for the server, while the flags the browser reads stay as built', () => {
    const served = withServerRouteMatching(build);
    // React Router hands a copy of `future` to its request handler, and writes the flags into every page.
    expect({ ...served.future }).toEqual({ ...builtFuture, unstable_routePatternMatching: true });
    expect(JSON.parse(JSON.stringify({ future: served.future }))).toEqual({ future: builtFuture });
    expect(build.future).toEqual(builtFuture);
  });

  it("matches every URL near one of the app's routes to the routes React Router's own matcher finds", () => {
    unstable_preloadRoutePattern();
    const routes = createRouteTree(routeConfig);
    const regular = createStaticHandler(routes);
    const patterns = createStaticHandler(routes, { future: { unstable_routePatternMatching: true } });
    const urls = findNearbyUrls(findRoutePaths(routeConfig));
    expect(urls.length).toBeGreaterThan(200);
    for (const url of urls) {
      expect([url, describeMatches(patterns.match(url))]).toEqual([url, describeMatches(regular.match(url))]);
    }
    // Where they differ: React Router's own reads repeated slashes as one, route-pattern's as no page. The server
    // sends such an address to its single-slash form first (plugins/web.ts).
    const repeated = [
      ['//', 'index'],
      ['/members//', 'members'],
      ['/members/1234//', 'members-id'],
    ] as const;
    for (const [url, id] of repeated) {
      expect([url, describeMatches(regular.match(url))?.at(-1)?.id]).toEqual([url, id]);
      expect([url, describeMatches(patterns.match(url))?.at(-1)?.id]).toEqual([url, 'not-found']);
    }
  });
});
