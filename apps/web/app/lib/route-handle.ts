// What a route tells the root about itself through its `handle` export.
import type { BrowserNamespace } from '@app/shared/i18n/message-namespaces';

export type RouteHandle<Data = unknown> = {
  /**
   * The page works as plain HTML: the root leaves out React Router's scripts, scroll restoration and module
   * preloads, and the server sends the page whole. May depend on the route's loader data (undefined when an
   * error page shows instead). Rendered for a visitor, such a page is shared for a few seconds by visitors with the
   * same site, language, address, countries, entry-warning choice and device kind (decision 024): it must read
   * nothing else of its request.
   */
  noScript?: boolean | ((data: Data | undefined) => boolean);
  /**
   * The catalog namespaces this route's components (and what they import) translate, beyond those of the routes
   * around it: a page translates only the keys of its routes' namespaces, on the server and in the browser, and
   * the browser loads them before it shows the page. `route-messages.test.ts` reads the sources to check it.
   */
  messages?: readonly BrowserNamespace[];
};

/** Types a route's `handle` against its loader data, e.g. `export const handle = defineRouteHandle<Data>({...})`. */
export function defineRouteHandle<Data = unknown>(handle: RouteHandle<Data>): RouteHandle<Data> {
  return handle;
}

type MatchedRoute = { handle?: unknown; loaderData: unknown };

/**
 * The namespaces a page's routes declare, in the sets the browser loads each with one file: those of the routes
 * around the page (root and layout; the same for every page of a layout) and the page's own. Empty sets are left
 * out.
 */
export function groupPageMessages(matches: readonly { handle?: unknown }[]): BrowserNamespace[][] {
  const declared = (match: { handle?: unknown }) => (match.handle as RouteHandle | undefined)?.messages ?? [];
  const frame = [...new Set(matches.slice(0, -1).flatMap(declared))].sort();
  const page = [...new Set(matches.slice(-1).flatMap(declared))].filter((name) => !frame.includes(name)).sort();
  return [frame, page].filter((group) => group.length > 0);
}

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
