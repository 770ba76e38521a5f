import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type DataDirHolder, DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';
import { SOCKET_FILE, servePgliteOnSocket } from './pglite-wire-server.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The typed query builder, the same type over both engines. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Plain parameterised SQL, for what a query builder says worse (bulk loads, migrations, set-based matching). */
export interface SqlExecutor {
  query<R = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<{ rows: R[]; rowCount: number }>;
}

export interface Transaction extends SqlExecutor {
  /** Runs a script of several statements (no parameters) inside the transaction. */
  exec(script: string): Promise<void>;
}

export interface DatabaseHandle extends SqlExecutor {
  readonly engine: 'pglite' | 'postgres';
  /** Where the data lives, for people ("PGlite in /path/.data/pglite" or the server without its password). */
  readonly location: string;
  readonly db: Db;
  /** Runs a script of several statements (no parameters). */
  exec(script: string): Promise<void>;
  /** Runs `fn` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * LISTEN on `channel` (NOTIFY, delivered on commit): `onNotify(payload)` for each notification, and
   * `onNotify(null)` after the listening connection was lost and re-established (notifications may have been
   * missed meanwhile: forget what was cached). PostgreSQL: one dedicated connection per call, outside the pool.
   * Resolves once listening; the returned function stops.
   */
  listen(channel: string, onNotify: (payload: string | null) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const RELISTEN_DELAY_MS = 1_000;

/** A LISTEN connection that comes back by itself (server restart, network cut), telling its listener. */
async function listenPostgres(
  connection: pg.ClientConfig,
  channel: string,
  onNotify: (payload: string | null) => void,
): Promise<() => Promise<void>> {
  if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      connect().then(() => onNotify(null), schedule);
    }, RELISTEN_DELAY_MS);
    timer.unref();
  };
  const connect = async (): Promise<void> => {
    const client = new pg.Client(connection);
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      client.end().catch(() => {});
      schedule();
    };
    client.on('error', () => {}); // reported as 'end' below, or by the failed connect
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      lost = true;
      client.end().catch(() => {});
      throw error;
    }
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    current = client;
    if (stopped) await client.end().catch(() => {});
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}

export interface OpenDatabaseOptions {
  /** `postgres://…`: use that server. Otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory (ignored with `url`). Omit with `memory: true` for a throw-away database. */
  dataDir?: string | undefined;
  memory?: boolean;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * PGlite in `dataDir`: also serve it to the other processes of this machine (the CLIs) over the PostgreSQL
   * protocol on a Unix socket, recorded in the data directory's lock file. The running server does this.
   */
  serveLocalClients?: boolean;
  /**
   * PGlite in `dataDir`: when a running server holds it and serves it (`serveLocalClients`), connect through
   * its socket instead of failing; otherwise open it directly. The CLIs do this.
   */
  joinRunningServer?: boolean;
}

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

// Both engines answer the same JavaScript types: int8 as number (ids stay far below 2^53),
// date as 'YYYY-MM-DD' (never a Date shifted by the local time zone).
const INT8_OID = 20;
const DATE_OID = 1082;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID) return (value: string) => Number(value);
    if (oid === DATE_OID) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** Where PGlite keeps its files inside Trackwell's data directory (DATA_DIR). */
export const pgliteDataDir = (dataDir = '.data') => resolve(dataDir, 'pglite');

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

async function openPostgres(
  connection: pg.PoolConfig,
  poolSize: number,
  location: string,
  canListen = true,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ ...connection, max: poolSize, types: pgTypes });
  pool.on('error', () => {}); // an idle client's error is surfaced on its next use
  const client = await pool.connect().catch(async (error: Error) => {
    await pool.end().catch(() => {});
    throw error; // fail now, with the driver's message, if the server is unreachable
  });
  client.release();
  const query: SqlExecutor['query'] = async (text, params) => {
    const result = await pool.query(text, params as unknown[]);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  };
  return {
    engine: 'postgres',
    location,
    db: drizzleNodePg({ client: pool, schema }) as unknown as Db,
    query,
    async exec(script) {
      await pool.query(script);
    },
    async transaction(fn) {
      const conn = await pool.connect();
      // A checked-out client has no pool listener: a server restart or a cut connection between two
      // statements would be an unhandled 'error' event, which ends the process. Keep it, fail the
      // transaction with it, and destroy the client instead of returning it to the pool.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      conn.on('error', onError);
      try {
        await conn.query('BEGIN');
        const result = await fn({
          async query(text, params) {
            const r = await conn.query(text, params as unknown[]);
            return { rows: r.rows, rowCount: r.rowCount ?? 0 };
          },
          async exec(script) {
            await conn.query(script);
          },
        });
        await conn.query('COMMIT');
        return result;
      } catch (error) {
        await conn.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        conn.off('error', onError);
        conn.release(broken);
      }
    },
    listen: async (channel, onNotify) => {
      // PGlite delivers a NOTIFY in the exchange of whoever commits: a socket client would hear nothing.
      if (!canListen) throw new Error('LISTEN is not available through the running server (PGlite)');
      return listenPostgres(connection, channel, onNotify);
    },
    close: () => pool.end(),
  };
}

/**
 * Where a server serves its PGlite: `<dataDir>-socket/.s.PGSQL.5432`, or, when that path is longer than a
 * Unix socket address allows (108 bytes), a private directory under the system's temporary directory.
 * Either way the lock file records it.
 */
function socketDirFor(dataDir: string): { dir: string; temporary: boolean } {
  const dir = `${dataDir}-socket`;
  if (Buffer.byteLength(`${dir}/${SOCKET_FILE}`) < 104) return { dir, temporary: false };
  return { dir: mkdtempSync(join(tmpdir(), 'trackwell-')), temporary: true };
}

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  let release = () => {};
  let advertise: (socket: string | undefined) => void = () => {};
  let dataDir: string | undefined;
  if (!options.memory) {
    if (!options.dataDir) throw new Error('A PGlite database needs a data directory (or memory: true)');
    dataDir = resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
    ({ release, advertise } = lockDataDir(dataDir));
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ? { dataDir } : {});
  } catch (error) {
    release();
    throw error;
  }
  let stopServing = async () => {};
  if (options.serveLocalClients && dataDir) {
    const socket = socketDirFor(dataDir);
    try {
      const server = await servePgliteOnSocket(client, socket.dir, {
        onError: (error) => process.stderr.write(`embedded database socket: ${error.message}\n`),
      });
      advertise(server.path);
      stopServing = async () => {
        advertise(undefined);
        await server.close();
        if (socket.temporary) rmSync(socket.dir, { recursive: true, force: true });
      };
    } catch (error) {
      await client.close().catch(() => {});
      release();
      throw error;
    }
  }
  const parsers = { [INT8_OID]: (v: string) => Number(v), [DATE_OID]: (v: string) => v };
  const query: SqlExecutor['query'] = async (text, params) => {
    const result = await client.query(text, params as unknown[], { parsers });
    return { rows: result.rows as never[], rowCount: result.affectedRows ?? result.rows.length };
  };
  return {
    engine: 'pglite',
    location: dataDir ? `PGlite (embedded PostgreSQL) in ${dataDir}` : 'PGlite (in memory)',
    db: drizzlePglite({ client, schema }) as unknown as Db,
    query,
    async exec(script) {
      await client.exec(script);
    },
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({
          async query(text, params) {
            const r = await tx.query(text, params as unknown[], { parsers });
            return { rows: r.rows as never[], rowCount: r.affectedRows ?? r.rows.length };
          },
          async exec(script) {
            await tx.exec(script);
          },
        }),
      ),
    async listen(channel, onNotify) {
      if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      const unlisten = await client.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      try {
        await stopServing(); // clients' open transactions roll back first
        await client.close();
      } finally {
        release();
      }
    },
  };
}
