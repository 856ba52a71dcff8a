import type { ServerBuild } from 'react-router';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';

/**
 * The build React Router's request handler gets: its routes matched with route-pattern's matcher on the server
 * only (decision 034). React Router matches each page's URL twice before it renders; its default matcher tries the
 * routes one by one, 30–100 µs a match for this app's routes (the index route last), route-pattern's 10–30 µs.
 * The flag reaches the page's script through the build's `future` (React Router writes it into
 * `window.__reactRouterContext`), and a browser router with the flag but without the matcher loaded fails. So the
 * flags serialize as the build wrote them, and the browser keeps the default matcher and ships no extra script.
 */
export function withServerRouteMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  const browserFuture = build.future;
  const future = { ...browserFuture, unstable_routePatternMatching: true };
  // Not enumerable: React Router spreads `future` into its handler's options, and that copy must not serialize too.
  Object.defineProperty(future, 'toJSON', { value: () => browserFuture, enumerable: false });
  // The framework types `future` as holding no flag (its config takes none); the router it hands it to reads this one.
  return { ...build, future: future as unknown as ServerBuild['future'] };
}
