import type { DatabaseHandle } from '@trackwell/db';
import type { Db, PgBoss } from 'pg-boss';
import { outsideTrace } from '../../observability/spans.ts';

/**
 * pg-boss 12 on Trackwell's own database: no second connection string, no Redis. On PGlite it uses
 * pg-boss's PGlite adapter with `backend: 'pglite'` over the SAME in-process instance (PGlite allows one
 * connection); on PostgreSQL it shares the process's pool. Either way jobs live in the `pgboss` schema
 * of the same database, so a job can be written in the transaction that makes it necessary.
 *
 * pg-boss needs the driver itself (PGlite's exec() for multi-statement scripts): the handle's `driver`.
 * pg-boss itself is loaded here, on first use: a web process that never sends a job never loads it.
 */
export async function createBoss(
  db: DatabaseHandle,
  options: { superviseSeconds?: number } = {},
): Promise<PgBoss> {
  const { fromPglite, PgBoss } = await import('pg-boss');
  // supervise: how soon the jobs of a dead worker expire and are retried (and maintenance runs).
  // registerInstance off: pg-boss's registry of running instances (a row each, written at start and every
  // 30 s, read only by its getInstances(), which nothing here calls) was half of a worker's start on PGlite
  // (0.25-0.3 s of its statements); expiring a dead worker's jobs does not depend on it.
  const every = options.superviseSeconds ?? 60;
  const common = {
    schema: 'pgboss',
    supervise: true,
    schedule: false,
    persistWarnings: false,
    registerInstance: false,
    superviseIntervalSeconds: every,
    monitorIntervalSeconds: every,
  } as const;
  const { driver } = db;
  if (driver.engine === 'pglite') {
    return new PgBoss({
      ...common,
      db: fromPglite(driver.client as Parameters<typeof fromPglite>[0]),
      backend: 'pglite',
    });
  }
  const pool = driver.pool;
  const adapter: Db = {
    // No parameters: possibly several statements, which node-postgres runs with the simple protocol.
    executeSql: (text, values) => pool.query(text, values as unknown[]),
  };
  return new PgBoss({ ...common, db: adapter });
}

/** Starts pg-boss once, on first use: a process that never publishes or sends never installs or polls it. */
export interface LazyBoss {
  get(): Promise<PgBoss>;
  /** True once started. */
  readonly started: boolean;
  stop(): Promise<void>;
}

export function lazyBoss(
  db: DatabaseHandle,
  onError: (error: Error) => void,
  options: { superviseSeconds?: number; stopTimeoutMs?: number } = {},
): LazyBoss {
  let starting: Promise<PgBoss> | undefined;
  let boss: PgBoss | undefined;
  return {
    get() {
      // Outside the trace of whoever asks first: pg-boss's timers run for the life of the process.
      starting ??= outsideTrace(async () => {
        for (let attempt = 1; ; attempt++) {
          const b = await createBoss(db, options);
          b.on('error', onError);
          try {
            await b.start();
            boss = b;
            return b;
          } catch (error) {
            // Several processes starting at once on a fresh database all install pg-boss's schema; its
            // CREATE SCHEMA IF NOT EXISTS is not atomic, so all but one fail with a unique violation (23505;
            // seen with 2 workers). The schema is there on the next try.
            if ((error as { code?: string }).code !== '23505' || attempt >= 3) throw error;
            await b.stop({ graceful: false }).catch(() => {});
            await new Promise((r) => setTimeout(r, 200 * attempt));
          }
        }
      });
      return starting;
    },
    get started() {
      return boss !== undefined;
    },
    async stop() {
      if (!starting) return;
      const b = await starting.catch(() => undefined);
      starting = undefined;
      boss = undefined;
      // pg-boss 12's graceful stop: no job is fetched any more; the running handlers get `stopTimeoutMs` to
      // finish, then their jobs are failed (retried by another worker, as their policy says) and their
      // signals aborted (the sender stops at the next e-mail and releases the rest; queue.ts waits for it).
      await b?.stop({ graceful: true, timeout: options.stopTimeoutMs ?? 10_000 });
    },
  };
}
