import pg from 'pg';
import {
  CHANNEL,
  type DatabaseHandle,
  type QueryOptions,
  type SqlExecutor,
  type Transaction,
} from './database-handle.ts';
import { statementName } from './prepared-statements.ts';

/** A PostgreSQL server as a DatabaseHandle: a pool, transactions on one client, LISTEN that reconnects. */

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

// Both engines answer the same JavaScript types: int8 as number (ids stay far below 2^53),
// date as 'YYYY-MM-DD' (never a Date shifted by the local time zone).
export const INT8_OID = 20;
export const DATE_OID = 1082;
/** The `types` of the pool every query goes through (exported for a benchmark reference that must read the same). */
export const PG_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID) return (value: string) => Number(value);
    if (oid === DATE_OID) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/** node-postgres's query: a hot statement named (prepared once per connection), any other unnamed. */
const queryConfig = (
  text: string,
  params: readonly unknown[] | undefined,
  options: QueryOptions | undefined,
): pg.QueryConfig => ({
  text,
  values: params as unknown[] | undefined,
  ...(options?.prepare ? { name: statementName(text) } : {}),
});

/** A transaction whose statements run their generic plans (`QueryOptions.plan`), opened in one round trip. */
const GENERIC_PLAN_TRANSACTION = 'BEGIN; SET LOCAL plan_cache_mode = force_generic_plan';

export async function openPostgres(
  connection: pg.PoolConfig,
  poolSize: number,
  location: string,
  canListen = true,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ ...connection, max: poolSize, types: PG_TYPES });
  pool.on('error', () => {}); // an idle client's error is surfaced on its next use
  const client = await pool.connect().catch(async (error: Error) => {
    await pool.end().catch(() => {});
    throw error; // fail now, with the driver's message, if the server is unreachable
  });
  client.release();
  /** Runs `fn` in one transaction opened by `begin`: committed if it resolves, rolled back if it throws. */
  const inTransaction = async <T>(begin: string, fn: (tx: Transaction) => Promise<T>): Promise<T> => {
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
      await conn.query(begin);
      const result = await fn({
        async query(text, params, options) {
          const r = await conn.query(queryConfig(text, params, options));
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
  };
  const query: SqlExecutor['query'] = async (text, params, options) => {
    if (options?.prepare && options.plan === 'generic')
      return inTransaction(GENERIC_PLAN_TRANSACTION, (tx) => tx.query(text, params, { prepare: true }));
    const result = await pool.query(queryConfig(text, params, options));
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  };
  return {
    engine: 'postgres',
    location,
    driver: { engine: 'postgres', pool },
    query,
    async exec(script) {
      await pool.query(script);
    },
    transaction: (fn) => inTransaction('BEGIN', fn),
    listen: async (channel, onNotify) => {
      // PGlite delivers a NOTIFY in the exchange of whoever commits: a socket client would hear nothing.
      if (!canListen) throw new Error('LISTEN is not available through the running server (PGlite)');
      return listenPostgres(connection, channel, onNotify);
    },
    close: () => pool.end(),
  };
}
