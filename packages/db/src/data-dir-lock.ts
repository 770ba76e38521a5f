import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is a single-process database: two processes opening the same data directory corrupt it.
 * This lock file (holding the owner's pid) makes a second opener fail with a clear message instead.
 * After a crash or SIGKILL the file stays behind; the next opener takes it over when no process has that
 * pid (scripts/faults/embedded-sigkill.ts), and otherwise says which file to delete.
 */
export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by process ${pid} (is \`npm start\` running?). ` +
        'Stop that process first, or point DATABASE_URL at a PostgreSQL server. If no Trackwell process is ' +
        'running (a killed server whose process id another program now has), delete ' +
        `${join(dir, 'trackwell.lock')} and start again: the data itself is recovered on open.`,
    );
    this.name = 'DataDirInUseError';
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock on `dir`; returns the function that releases it. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'trackwell.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && processIsAlive(pid))
        throw new DataDirInUseError(dir, pid);
      rmSync(file, { force: true }); // stale: its owner died without releasing it
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
