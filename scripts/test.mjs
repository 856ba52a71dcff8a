// The whole suite: unit tests, API tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set), the
// migration drift check and the browser journeys in Chromium. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(label);
  return result.status === 0;
}

function vitest(label, project, env) {
  const report = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const ok = run(
    label,
    bin('vitest'),
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
    if (json.numTotalTests === 0) failedSteps.push(`${label} (no tests ran)`);
  } else if (ok) failedSteps.push(`${label} (no report)`);
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;

vitest('unit tests', 'unit', {});
vitest('API tests on PGlite', 'api', { ...withoutPostgres, TEST_DATABASE_URL: '' });
if (TEST_DATABASE_URL) vitest('API tests on PostgreSQL', 'api', { TEST_DATABASE_URL });
else console.log('\n(API tests on PostgreSQL skipped: TEST_DATABASE_URL is not set; .ci/run sets it)');

run('migrations match the schema', 'node', ['scripts/check-migrations.mjs']);
run('geocoding places match their sources', 'node', ['scripts/generate-cities.ts', '--check']);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  if (run('web build', 'npm', ['run', 'build', '--silent'])) {
    const report = join(reports, 'e2e.json');
    run('browser journeys in Chromium', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON: report,
    });
    if (existsSync(report)) {
      const { stats } = JSON.parse(readFileSync(report, 'utf8'));
      totals.passed += stats.expected + stats.flaky;
      totals.failed += stats.unexpected;
      totals.skipped += stats.skipped;
    }
  }
} else if (process.env.CI) {
  failedSteps.push(`browser journeys (no Chromium at ${chromium})`);
} else {
  console.log(`\n(browser journeys skipped: no Chromium at ${chromium}; install it with "apt-get install chromium")`);
}

console.log('');
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
