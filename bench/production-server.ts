// A production server for the benches: the built app on a spare port with a throwaway database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type ProductionServer = { origin: string; stop: () => void };

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, 'localhost', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/** Needs `npm run build` first. */
export async function startProductionServer(seedProfiles = 10): Promise<ProductionServer> {
  const port = await findFreePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      SEED_PROFILES: String(seedProfiles),
    },
    stdio: 'ignore',
  });
  const stop = () => {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (tries > 120) {
      stop();
      throw new Error('the server did not start (run `npm run build` first)');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { origin, stop };
}

/** A cookie that has dismissed the entry warning, as a returning visitor has. */
export const visitorCookie = () => `entry_warning_dismissed=${Date.now()}`;

/** The id of the first member the public list links to. */
export async function findSeededMemberId(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/members`, { headers: { cookie: visitorCookie() } })).text();
  const id = html.match(/href="\/members\/(\d+)"/)?.[1];
  if (!id) throw new Error('no member on /members');
  return id;
}
