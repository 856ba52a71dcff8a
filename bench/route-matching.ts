// What matching a page's URL against the app's routes costs with each of React Router's matchers: its default one,
// which tries the routes one by one, and route-pattern's, which the server uses (decision 034). React Router matches
// every page request twice before it renders. CPU µs per match of this process, median of the rounds.
// Usage: npm run bench:routes [-- rounds] (without Maglev, as `npm start` runs the server, decision 030)
import { createStaticHandler } from 'react-router';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';
import { createRouteTree, findRoutePaths } from '../apps/web/app/lib/route-config-objects.ts';
import routeConfig from '../apps/web/app/routes.ts';

const rounds = Number(process.argv[2] ?? 9);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('rounds must be a whole number, 1 or more');
const callsPerRound = 20_000;
unstable_preloadRoutePattern();
const routes = createRouteTree(routeConfig);
const matchers = {
  'React Router (default)': createStaticHandler(routes),
  'route-pattern (server)': createStaticHandler(routes, { future: { unstable_routePatternMatching: true } }),
};
// The pages bench:pages loads, a page deep in the ranking, and one that matches no route but the catch-all.
const urls = ['/', '/members', '/members/1234', '/credits/7/ideal', '/no/such/page'];

function measureMicros(match: () => unknown): number {
  const before = process.cpuUsage();
  for (let call = 0; call < callsPerRound; call++) match();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / callsPerRound;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const figures = new Map<string, number[]>();
for (let round = 0; round < rounds; round++) {
  // In turns, so that the machine's drift falls on both.
  for (const url of urls) {
    for (const [name, handler] of Object.entries(matchers)) {
      const key = `${url}\t${name}`;
      figures.set(key, [...(figures.get(key) ?? []), measureMicros(() => handler.match(url))]);
    }
  }
}

console.log(
  `route matching: ${findRoutePaths(routeConfig).length} routes with a path, ${rounds} rounds of ${callsPerRound} calls`,
);
console.log(
  `${'URL'.padEnd(20)}${Object.keys(matchers)
    .map((name) => name.padStart(26))
    .join('')}   (CPU µs per match)`,
);
for (const url of urls) {
  const cells = Object.keys(matchers).map((name) =>
    median(figures.get(`${url}\t${name}`)!)
      .toFixed(1)
      .padStart(26),
  );
  console.log(`${url.padEnd(20)}${cells.join('')}`);
}
