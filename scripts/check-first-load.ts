// Fails when a page is over its first-load budget (issue 13); `npm test` runs it after the web build.
import { measureFirstLoad, printFirstLoad } from '../bench/first-load.ts';

const results = await measureFirstLoad();
printFirstLoad(results);
const failing = results.filter((page) => page.problems.length > 0);
if (failing.length) {
  console.error(`${failing.length} page(s) over the first-load budget`);
  process.exit(1);
}
