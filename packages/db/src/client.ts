import { dirname, join, resolve } from 'node:path';
import { openPglite } from './client-pglite.ts';
import { openPostgres } from './client-postgres.ts';
import { type DataDirHolder, DataDirInUseError, LOCK_FILE } from './data-dir-lock.ts';
import type { DatabaseHandle, OpenDatabaseOptions } from './database-handle.ts';

/**
 * Opens Trackwell's database: a PostgreSQL server (`url`), PGlite in a data directory, PGlite in memory, or,
 * for a CLI while the server holds the data directory, that server's PGlite through its socket.
 */

export type {
  DatabaseHandle,
  OpenDatabaseOptions,
  SqlExecutor,
  Transaction,
} from './database-handle.ts';

/** A CLI could not reach the server that holds the embedded database (its socket does not answer). */
export class RunningServerUnreachableError extends Error {
  constructor(dataDir: string, holder: DataDirHolder, cause: Error) {
    super(
      `The embedded database in ${dataDir} is held by process ${holder.pid}, which serves it on ` +
        `${holder.socket}, but that socket does not answer (${(cause as NodeJS.ErrnoException).code ?? cause.message}). ` +
        `If \`npm start\` is running, it may be stopping: run this again in a moment. If no Trackwell server is ` +
        `running (it was killed, and another program now has process id ${holder.pid}), delete ` +
        `${join(dataDir, LOCK_FILE)} and run this again: the data itself is recovered on open.`,
      { cause },
    );
    this.name = 'RunningServerUnreachableError';
  }
}

/** Where PGlite keeps its files inside Trackwell's data directory (DATA_DIR). */
export const pgliteDataDir = (dataDir?: string) => resolve(dataDir || '.data', 'pglite'); // '' is the default too

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    if (!/^postgres(ql)?:\/\//.test(options.url))
      throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
    const redacted = new URL(options.url);
    if (redacted.password) redacted.password = '***';
    return openPostgres(
      { connectionString: options.url },
      options.poolSize ?? 10,
      `PostgreSQL at ${redacted.toString()}`,
    );
  }
  if (options.joinRunningServer && !options.memory && options.dataDir) {
    const dataDir = resolve(options.dataDir);
    try {
      return await openPglite(options);
    } catch (error) {
      const holder = error instanceof DataDirInUseError ? error.holder : undefined;
      if (!holder?.socket) throw error;
      return joinRunningServer(dataDir, holder);
    }
  }
  return openPglite(options);
}

/**
 * The CLI side of `serveLocalClients`: the running server's PGlite through its socket. One connection, as
 * PGlite itself has one: code that would need a second one inside a transaction deadlocks on PGlite either way.
 */
async function joinRunningServer(dataDir: string, holder: DataDirHolder): Promise<DatabaseHandle> {
  const socket = holder.socket as string;
  try {
    return await openPostgres(
      // node-postgres connects to <host>/.s.PGSQL.<port> when host is a directory
      { host: dirname(socket), port: 5432, user: 'postgres', database: 'postgres' },
      1,
      `PGlite (embedded PostgreSQL) in ${dataDir}, through the running server (process ${holder.pid})`,
      false,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED' || code === 'EACCES')
      throw new RunningServerUnreachableError(dataDir, holder, error as Error);
    throw error;
  }
}

/**
 * The `pg` module itself (its exports object, the one this package queries with), loaded on demand: the server's
 * OpenTelemetry set-up patches its prototypes (apps/server/src/observability/tracing.ts).
 */
export const loadPgDriver = async (): Promise<typeof import('pg').default> => (await import('pg')).default;
