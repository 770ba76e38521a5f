import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is a single-process database: two processes opening the same data directory corrupt it.
 * This lock file makes a second opener fail with a clear message instead, and tells it how to reach the
 * holder instead when the holder serves the database to other processes (a running server: its Unix socket,
 * see pglite-wire-server.ts). Contents: JSON `{"pid": 123, "socket": "/…/.s.PGSQL.5432"}` (`socket` only
 * while it is served); a bare pid, as older versions wrote, is read too.
 * After a crash or SIGKILL the file stays behind; the next opener takes it over when no process has that
 * pid (scripts/faults/embedded-sigkill.ts), and otherwise says which file to delete.
 */
export const LOCK_FILE = 'trackwell.lock';

export interface DataDirHolder {
  pid: number;
  /** The Unix socket on which the holder serves the database, when it does. */
  socket?: string;
}

export class DataDirInUseError extends Error {
  readonly holder: DataDirHolder;
  constructor(dir: string, holder: DataDirHolder) {
    super(
      `The embedded database in ${dir} is in use by process ${holder.pid}, which does not share it ` +
        '(another command on it, such as `npm run db:seed`, or a server still starting). Wait for it to end ' +
        'and run this again, or point DATABASE_URL at a PostgreSQL server. If no Trackwell process is ' +
        'running (a killed process whose id another program now has), delete ' +
        `${join(dir, LOCK_FILE)} and run this again: the data itself is recovered on open.`,
    );
    this.name = 'DataDirInUseError';
    this.holder = holder;
  }
}

export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What the lock file of `dir` says, or undefined when there is none (or it cannot be read). */
export function readDataDirLock(dir: string): DataDirHolder | undefined {
  let text: string;
  try {
    text = readFileSync(join(dir, LOCK_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const parsed = JSON.parse(text) as { pid?: unknown; socket?: unknown };
    if (!Number.isInteger(parsed.pid)) return undefined;
    return typeof parsed.socket === 'string'
      ? { pid: parsed.pid as number, socket: parsed.socket }
      : { pid: parsed.pid as number };
  } catch {
    return undefined; // being written, or garbage: treated as no holder (taken over below)
  }
}

export interface DataDirLock {
  /** Records in the lock file where this process serves the database (undefined: no longer). */
  advertise(socket: string | undefined): void;
  /** Removes the lock file (also done at process exit). */
  release(): void;
}

/** Takes the lock on `dir`. */
export function lockDataDir(dir: string): DataDirLock {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid }));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
        process.off('exit', release);
      };
      process.on('exit', release);
      return {
        advertise(socket) {
          if (released) return;
          // Replaced whole (rename), so a reader never sees half a file.
          const next = `${file}.${process.pid}.tmp`;
          const fd = openSync(next, 'w');
          writeSync(fd, JSON.stringify(socket ? { pid: process.pid, socket } : { pid: process.pid }));
          closeSync(fd);
          renameSync(next, file);
        },
        release,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readDataDirLock(dir);
      if (holder && holder.pid !== process.pid && processIsAlive(holder.pid))
        throw new DataDirInUseError(dir, holder);
      rmSync(file, { force: true }); // stale: its owner died without releasing it
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
