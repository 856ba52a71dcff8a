// A PostgreSQL server of the bench's own (Debian's PostgreSQL 15, run as root): a new cluster in a temporary folder
// on a free loopback port, stopped and removed when the bench ends, fails, times out or is interrupted.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { deferCleanup, findFreePort } from './harness.ts';

const pgBin = '/usr/lib/postgresql/15/bin';

/** Runs a PostgreSQL program as the `postgres` user, which initdb and the server require. */
const runAsPostgres = (program: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', join(pgBin, program), ...args], { stdio: 'pipe' });

/**
 * Starts the server with `settings` (`name=value`, e.g. `shared_buffers=512MB`) beside `fsync=off`: the benches
 * measure reads and the server's work, not the disk's flushes. Answers the URL of its `postgres` database.
 */
export async function startThrowawayPostgres(settings: string[] = []): Promise<{ url: string }> {
  if (process.getuid?.() !== 0) throw new Error('the throwaway PostgreSQL is started as root (runuser -u postgres)');
  const root = mkdtempSync('/tmp/bench-pg-');
  const removeRoot = () => rmSync(root, { recursive: true, force: true });
  const forgetRoot = deferCleanup(removeRoot);
  const port = await findFreePort();
  try {
    const postgres = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(root, Number(postgres), Number(postgres));
    runAsPostgres('initdb', ['-D', join(root, 'data'), '-U', 'postgres', '--auth=trust']);
    const options = [`-p ${port}`, `-k ${root}`, '-c listen_addresses=127.0.0.1', '-c fsync=off']
      .concat(settings.map((setting) => `-c ${setting}`))
      .join(' ');
    runAsPostgres('pg_ctl', ['-D', join(root, 'data'), '-l', join(root, 'log'), '-o', options, '-w', 'start']);
  } catch (error) {
    forgetRoot();
    removeRoot();
    throw new Error(`the throwaway PostgreSQL did not start: ${(error as { stderr?: Buffer }).stderr ?? error}`);
  }
  // Registered after the folder's removal, so it runs before it (cleanups run newest first).
  deferCleanup(() => {
    runAsPostgres('pg_ctl', ['-D', join(root, 'data'), '-m', 'fast', 'stop']);
  });
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres` };
}
