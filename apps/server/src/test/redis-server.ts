import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from './free-port.ts';

const binary = '/usr/bin/redis-server';

export interface TestRedisServer {
  url: string;
  /** Stops the server (as a crash would) and starts it again on the same port, empty. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

async function waitForPort(port: number, open: boolean) {
  for (let tries = 0; tries < 100; tries++) {
    const reachable = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (reachable === open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server on port ${port} did not ${open ? 'start' : 'stop'}`);
}

/** A real Redis on loopback, in memory only (Debian's redis-server, which .ci/run installs). */
export async function startTestRedisServer(): Promise<TestRedisServer> {
  if (!existsSync(binary)) throw new Error(`${binary} is missing: apt-get install redis-server (.ci/run does)`);
  const port = await findFreePort();
  const dir = mkdtempSync(join(tmpdir(), 'test-redis-'));
  let server: ChildProcess | null = null;
  const start = async () => {
    server = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      {
        stdio: 'ignore',
      },
    );
    await waitForPort(port, true);
  };
  const stop = async () => {
    server?.kill('SIGKILL');
    server = null;
    await waitForPort(port, false);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    close: async () => {
      if (server) await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
