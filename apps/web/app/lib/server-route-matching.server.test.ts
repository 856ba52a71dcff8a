import { createStaticHandler, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import routeConfig from '../routes.ts';
import { createRouteTree, findNearbyUrls, findRoutePaths } from './route-config-objects.ts';
import { withServerRouteMatching } from './server-route-matching.server.ts';

const describeMatches = (matches: ReturnType<ReturnType<typeof createStaticHandler>['match']>) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params, pathname, pathnameBase })) ??
  null;

describe("the server's route matching", () => {
  const build = { future: {}, routes: {} } as unknown as ServerBuild;

  it('turns on route-pattern matching for the server, while the flags the browser reads stay as built', () => {
    const served = withServerRouteMatching(build);
    // React Router hands a copy of `future` to its request handler, and writes the flags into every page.
    expect({ ...served.future }).toEqual({ unstable_routePatternMatching: true });
    expect(JSON.stringify({ future: served.future })).toBe('{"future":{}}');
    expect(build.future).toEqual({});
  });

  it("matches every URL near one of the app's routes to the routes React Router's own matcher finds", () => {
    withServerRouteMatching(build);
    const routes = createRouteTree(routeConfig);
    const regular = createStaticHandler(routes);
    const patterns = createStaticHandler(routes, { future: { unstable_routePatternMatching: true } });
    const urls = findNearbyUrls(findRoutePaths(routeConfig));
    expect(urls.length).toBeGreaterThan(200);
    for (const url of urls) {
      expect([url, describeMatches(patterns.match(url))]).toEqual([url, describeMatches(regular.match(url))]);
    }
    // Where they differ: a path of slashes alone is the home page to one and no page to the other.
    expect(describeMatches(patterns.match('//'))?.at(-1)?.id).toBe('not-found');
    expect(describeMatches(regular.match('//'))?.at(-1)?.id).toBe('index');
  });
});
