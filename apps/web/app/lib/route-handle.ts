// What a route tells the root about itself through its `handle` export.

export type RouteHandle<Data = unknown> = {
  /**
   * The page works as plain HTML: the root leaves out React Router's scripts, scroll restoration and module
   * preloads, and the server sends the page whole. May depend on the route's loader data (undefined when an
   * error page shows instead).
   */
  noScript?: boolean | ((data: Data | undefined) => boolean);
};

/** Types a route's `handle` against its loader data, e.g. `export const handle = defineRouteHandle<Data>({...})`. */
export function defineRouteHandle<Data = unknown>(handle: RouteHandle<Data>): RouteHandle<Data> {
  return handle;
}

type MatchedRoute = { handle?: unknown; loaderData: unknown };

function readNoScript(match: MatchedRoute): boolean {
  const handle = match.handle as RouteHandle | undefined;
  const noScript = handle?.noScript;
  return typeof noScript === 'function' ? noScript(match.loaderData) : noScript === true;
}

/** A page ships no script when its deepest route says so. */
export function pageNeedsNoScript(matches: readonly MatchedRoute[]): boolean {
  const leaf = matches[matches.length - 1];
  return leaf ? readNoScript(leaf) : false;
}
