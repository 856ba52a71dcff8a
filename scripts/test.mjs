// The whole suite: unit tests, API tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set), the
// migration drift check, the web build's first-load budgets and the browser journeys in Chromium. Ends with one
// "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
// Vitest's failure sections, repeated at the end so that the tail of a long log still shows the cause.
const failureDetails = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(label);
  return result.status === 0;
}

/** Like run(), but streams and keeps the output to find vitest's "Failed Tests" and "Unhandled Errors". */
async function runKeepingFailures(label, command, args, env) {
  console.log(`\n=== ${label} ===`);
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['inherit', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    output += chunk;
  });
  const status = await new Promise((resolve) => child.on('close', resolve));
  if (status === 0) return true;
  failedSteps.push(label);
  const lines = stripVTControlCharacters(output).split('\n');
  const start = lines.findIndex((line) =>
    /Failed Tests \d+|Unhandled (Errors|Rejection)|Uncaught Exception/.test(line),
  );
  if (start >= 0) {
    const end = lines.findIndex((line, i) => i > start && /^\s*Test Files\s/.test(line));
    failureDetails.push(`--- ${label} ---`, ...lines.slice(start, end < 0 ? start + 200 : end).slice(0, 200));
  }
  return false;
}

async function vitest(label, project, env) {
  const report = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const ok = await runKeepingFailures(
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

await vitest('unit tests', 'unit', {});
await vitest('API tests on PGlite', 'api', { ...withoutPostgres, TEST_DATABASE_URL: '' });
if (TEST_DATABASE_URL) await vitest('API tests on PostgreSQL', 'api', { TEST_DATABASE_URL });
else console.log('\n(API tests on PostgreSQL skipped: TEST_DATABASE_URL is not set; .ci/run sets it)');

run('migrations match the schema', 'node', ['scripts/check-migrations.mjs']);
run('geocoding places match their sources', 'node', ['scripts/generate-cities.ts', '--check']);

// The budgets need only the build and the server, so they run with or without a browser.
const built = run('web build', 'npm', ['run', 'build', '--silent']);
if (built) run('first-load budgets', 'node', ['scripts/check-first-load.ts']);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.env.CI) failedSteps.push(`browser journeys (no Chromium at ${chromium})`);
  else
    console.log(`\n(browser journeys skipped: no Chromium at ${chromium}; install it with "apt-get install chromium")`);
} else if (built) {
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

console.log('');
if (failureDetails.length) console.log(`what failed, repeated from above:\n${failureDetails.join('\n')}\n`);
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
