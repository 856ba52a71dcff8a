import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { RouteObject } from 'react-router';

// The app's route config (routes.ts) as React Router's route objects under a root route, and the URLs around each
// route: what the test and the bench of the server's route matching (decision 034) hand both of its matchers.

function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => {
    const id = entry.id ?? entry.file;
    return entry.index
      ? { id, index: true }
      : { id, path: entry.path, caseSensitive: entry.caseSensitive, children: toRouteObjects(entry.children ?? []) };
  });
}

/** The routes as the framework nests them: every route of the config under the root route. */
export function createRouteTree(config: RouteConfigEntry[]): RouteObject[] {
  return [{ id: 'root', path: '', children: toRouteObjects(config) }];
}

/** Every route's full path, such as `/members/:id/chat`. */
export function findRoutePaths(entries: RouteConfigEntry[], prefix = ''): string[] {
  return entries.flatMap((entry) => {
    // A route's path may start or end with a slash; a page's address has single ones.
    const path = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, '/') : prefix;
    return [...(entry.path ? [path] : []), ...findRoutePaths(entry.children ?? [], path)];
  });
}

/** URLs near each route: its own path, with values for its parameters, without optional ones, cased, extended. */
export function findNearbyUrls(paths: string[]): string[] {
  const urls = new Set(['/', '/x', '/x/y/z', '/members/%20', '/members/a%2Fb', '/members/%C3%A9', '/members//5']);
  for (const path of paths) {
    const withValues = path.replace(/:\w+\??/g, '42');
    for (const url of [
      path,
      withValues,
      `${withValues}/`,
      withValues.toUpperCase(),
      path.replace(/:\w+\??/g, 'x-y_z'),
      path.replace(/\/:\w+\?/g, ''),
      `${withValues}/extra`,
    ]) {
      urls.add(url.replace('/*', '/a/b'));
    }
  }
  return [...urls];
}
