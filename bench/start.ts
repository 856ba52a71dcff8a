// How long `npm start` takes until `/` answers: a first start on an empty data folder, then a second one on the same
// folder with the sources unchanged (which should not need to build again). `npm run bench:start`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deferCleanup, describeMachine, findFreePort, runBench, stopChild } from './harness.ts';

const startLimitSeconds = 180;
// The server bundle the web build writes: a changed modification time means the start built.
const serverBundle = 'apps/web/build/server/index.js';

const readBundleTime = () => statSync(serverBundle, { throwIfNoEntry: false })?.mtimeMs ?? null;

type Start = { seconds: number; built: string };

/** Runs `npm start` until `/` answers 200, then stops it (npm, its shell and the server: the whole group). */
async function measureStart(port: number, dataDir: string): Promise<Start> {
  const bundleBefore = readBundleTime();
  const started = performance.now();
  const npm: ChildProcess = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), HOST: 'localhost', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let errorTail = '';
  npm.stderr!.on('data', (chunk: Buffer) => {
    errorTail = (errorTail + chunk.toString()).slice(-4000);
  });
  const forget = deferCleanup(() => stopChild(npm, true));
  try {
    while (true) {
      const status = await fetch(`http://localhost:${port}/`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) break;
      if (npm.exitCode !== null) throw new Error(`npm start ended (${npm.exitCode}) before / answered:\n${errorTail}`);
      if (performance.now() - started > startLimitSeconds * 1000) {
        throw new Error(`/ did not answer within ${startLimitSeconds} s (last status ${status}):\n${errorTail}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const bundleAfter = readBundleTime();
    const built = bundleAfter === null ? 'unknown' : bundleAfter !== bundleBefore ? 'yes' : 'no';
    return { seconds, built };
  } finally {
    forget();
    await stopChild(npm, true);
  }
}

/**
 * A start on a port free a moment before. The build takes long enough for another program's outgoing connection
 * to be given that port meanwhile (it is in the kernel's ephemeral range), so a start refused the port is tried
 * again on another.
 */
async function measureStartOnFreePort(dataDir: string, which: string): Promise<Start> {
  for (let attempt = 1; ; attempt++) {
    const port = await findFreePort();
    console.error(`${which} start on port ${port}`);
    try {
      return await measureStart(port, dataDir);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
      console.error(`port ${port} was taken before the server listened; again on another port`);
    }
  }
}

await runBench('bench:start', 2 * startLimitSeconds + 60, async () => {
  console.log('npm start until / answers 200 (production mode, PGlite, a fresh temporary DATA_DIR for both starts)');
  console.log(`machine at start: ${describeMachine()}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  deferCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const first = await measureStartOnFreePort(dataDir, 'first');
  const second = await measureStartOnFreePort(dataDir, 'second');
  console.log(
    `  first start  (empty data folder: creates and seeds the database)  ${first.seconds.toFixed(1).padStart(5)} s  built: ${first.built}`,
  );
  console.log(
    `  second start (same data folder, sources unchanged)               ${second.seconds.toFixed(1).padStart(5)} s  built: ${second.built}`,
  );
  console.log(`machine at end: ${describeMachine()}`);
});
