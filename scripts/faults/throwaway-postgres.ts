import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A PostgreSQL cluster of the fault run's own (the machine's shared cluster is never restarted): initdb in a
 * temp dir, owned by the `postgres` OS user (initdb and pg_ctl refuse root), on a free port of 127.0.0.1,
 * trust authentication. `stop()` then `start()` is what `pg_ctlcluster … restart` does (`-m fast`: every
 * connection is cut), with room between them to watch the server notice. `remove()` stops it and deletes
 * the directory.
 */
export interface ThrowawayPostgres {
  readonly url: string;
  readonly port: number;
  /** `pg_ctl stop -m fast`: every connection cut; resolves once it is down (the event loop keeps running). */
  stop(): Promise<void>;
  /** Resolves when PostgreSQL accepts connections again. */
  start(): Promise<void>;
  remove(): void;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
  if (!bin)
    throw new Error(
      'No PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)',
    );
  return bin;
}

const root = process.getuid?.() === 0;
const asPostgres = (command: string, args: string[]) =>
  execFileSync(root ? 'runuser' : command, root ? ['-u', 'postgres', '--', command, ...args] : args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: '/',
  });
const asPostgresAsync = async (command: string, args: string[]) => {
  await promisify(execFile)(
    root ? 'runuser' : command,
    root ? ['-u', 'postgres', '--', command, ...args] : args,
    {
      cwd: '/',
    },
  );
};

export function createThrowawayPostgres(port: number): ThrowawayPostgres {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'trackwell-faults-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  const ctl = (...args: string[]) => asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-l', log, ...args]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  ctl('-w', '-o', options, 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => asPostgresAsync(join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-m', 'fast', 'stop']),
    start: () => asPostgresAsync(join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-o', options, 'start']),
    remove() {
      try {
        ctl('-w', '-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
