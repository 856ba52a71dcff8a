import type { ServerBuild } from 'react-router';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';

/**
 * The build React Router's request handler gets: its routes matched with route-pattern's matcher, on the server only
 * (decision 034, for the figures). React Router writes the build's `future` into every page, and a browser router
 * told of the flag without the matcher loaded fails: so `future` serializes as the build wrote it.
 */
export function withServerRouteMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  const browserFuture = build.future;
  const future = { ...browserFuture, unstable_routePatternMatching: true };
  // Not enumerable: the copies React Router spreads from `future` get the flag, not the method.
  Object.defineProperty(future, 'toJSON', { value: () => browserFuture, enumerable: false });
  // The framework types `future` as holding no flag (its config takes none); the router it hands it to reads this one.
  return { ...build, future: future as unknown as ServerBuild['future'] };
}
