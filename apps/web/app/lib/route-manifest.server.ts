import type { EntryContext } from 'react-router';

type Manifest = EntryContext['manifest'];

const branchCuts = new WeakMap<Manifest, Map<string, Manifest>>();

/**
 * The route manifest that React Router's `ServerRouter` renders a page with: cut to the page's matched branch when
 * nothing on the server needs another route. `ServerRouter` builds a route object for every route in the manifest it
 * is given, on every render (decision 025), while `<Links>`, `<Scripts>` and the outlets read only the matched ones.
 * Only for that render: the cut is never a manifest the browser may see.
 *
 * The whole manifest is kept with "lazy" route discovery, where the page carries a manifest of the routes near its
 * address, and when a matched route exports `links`, whose `{ page }` descriptors React Router turns into prefetch
 * links by matching other routes. One cut per branch, kept while the build's manifest lives.
 */
export function findRenderManifest(context: EntryContext): Manifest {
  const { manifest, routeModules } = context;
  const matches = context.staticHandlerContext.matches;
  if (context.routeDiscovery.mode !== 'initial') return manifest;
  if (matches.some((match) => routeModules[match.route.id]?.links)) return manifest;
  let cuts = branchCuts.get(manifest);
  if (!cuts) {
    cuts = new Map();
    branchCuts.set(manifest, cuts);
  }
  const branch = matches.map((match) => match.route.id).join('\n');
  let cut = cuts.get(branch);
  if (!cut) {
    const routes: Manifest['routes'] = {};
    for (const match of matches) routes[match.route.id] = manifest.routes[match.route.id];
    cut = { ...manifest, routes };
    cuts.set(branch, cut);
  }
  return cut;
}
