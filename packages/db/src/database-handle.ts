import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * What the rest of Trackwell sees of its database, the same over both engines (PGlite in the process, or a
 * PostgreSQL server): parameterised SQL, transactions, LISTEN, close. client.ts opens one.
 */

/**
 * Parameterised SQL, the one way Trackwell queries its database (docs/adr/0004: no query builder; the SQL
 * migrations are the one description of each table). Values are always parameters, never spliced in.
 */
export interface SqlExecutor {
  query<R = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: R[]; rowCount: number }>;
}

export interface QueryOptions {
  /**
   * A hot statement (the tracker list, the catalogue search): prepared once per connection under a name made
   * from its text (prepared-statements.ts), so PostgreSQL plans it once per connection instead of on every
   * call, as long as its generic plan is no worse than a planned one (plan_cache_mode auto). Only for texts
   * from a bounded set (each text is one statement kept by every connection).
   */
  prepare?: boolean;
  /**
   * With `prepare`, on PostgreSQL outside a transaction: always run the statement's generic plan (planned once
   * per connection), even where PostgreSQL would plan it for each call's values because it estimates that
   * plan cheaper. Only for a statement whose generic plan was measured as fast for every kind of value: its
   * planning costs more than its run. It runs in a transaction of its own with `plan_cache_mode` set for that
   * transaction only (two short round trips more; safe behind a transaction-mode pooler). PGlite, and a
   * statement inside a transaction, take PostgreSQL's own choice.
   */
  plan?: 'generic';
}

export interface Transaction extends SqlExecutor {
  /** Runs a script of several statements (no parameters) inside the transaction. */
  exec(script: string): Promise<void>;
}

export interface DatabaseHandle extends SqlExecutor {
  readonly engine: 'pglite' | 'postgres';
  /** Where the data lives, for people ("PGlite in /path/.data/pglite" or the server without its password). */
  readonly location: string;
  /** PGlite: the data directory was created by this open as a copy of `OpenDatabaseOptions.template`. */
  readonly fromTemplate?: boolean;
  /**
   * The driver itself, for a library that needs it (pg-boss: PGlite's exec() for multi-statement scripts, or
   * the PostgreSQL pool). Nothing of Trackwell's queries through it.
   */
  readonly driver: { engine: 'pglite'; client: PGlite } | { engine: 'postgres'; pool: pg.Pool };
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

/** A LISTEN/NOTIFY channel name (an SQL identifier: it is written into `LISTEN <name>`). */
export const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export interface OpenDatabaseOptions {
  /** `postgres://…`: use that server. Otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory (ignored with `url`). Omit with `memory: true` for a throw-away database. */
  dataDir?: string | undefined;
  memory?: boolean;
  /** PGlite: start from this dump of a data directory (`dumpDataDir`); a `dataDir` given must be empty. */
  loadDataDir?: Blob;
  /**
   * PGlite in `dataDir`: when it has no database yet, start from a copy of this data directory (the demo
   * template, pglite-template.ts) instead of creating one.
   */
  template?: string | undefined;
  /**
   * PGlite in `dataDir`: when it has no database yet (and no copy of `template`), start from a copy of this
   * blank cluster (pglite-template.ts) instead of running initdb; when there is none, keep one there after
   * running it. Ignored with `url` and in memory.
   */
  cluster?: string | undefined;
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
