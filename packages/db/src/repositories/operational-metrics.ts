import type { SqlExecutor } from '../client.ts';

/**
 * What the `/metrics` scrape reads from the database (apps/server/src/observability): platform figures, never a
 * store's data, so nothing here is tenant-scoped and nothing here names a person.
 */

/** One pg-boss queue: jobs waiting to run (created, or waiting for a retry) and the age of the oldest, in s. */
export interface JobQueueFigures {
  queue: string;
  waiting: number;
  oldestAgeSeconds: number;
}

/**
 * The waiting jobs per queue. Before pg-boss ever started in this database (its schema is created on first
 * use) there are none: the table is looked up first so a scrape never fails on a fresh database.
 */
export async function jobQueueFigures(db: SqlExecutor): Promise<JobQueueFigures[]> {
  const { rows: schema } = await db.query<{ ok: boolean }>(
    `SELECT to_regclass('pgboss.job') IS NOT NULL AS ok`,
  );
  if (!schema[0]?.ok) return [];
  const { rows } = await db.query<{ queue: string; waiting: string; oldest: string | null }>(
    `SELECT name AS queue, count(*)::text AS waiting,
            EXTRACT(EPOCH FROM now() - min(created_on))::text AS oldest
       FROM pgboss.job WHERE state IN ('created', 'retry') GROUP BY name`,
  );
  return rows.map((r) => ({
    queue: r.queue,
    waiting: Number(r.waiting),
    oldestAgeSeconds: Math.max(0, Number(r.oldest ?? 0)),
  }));
}

/** How long the oldest digest still to send has waited, in seconds (0 when none waits): the digests' lag. */
export async function digestLagSeconds(db: SqlExecutor): Promise<number> {
  const { rows } = await db.query<{ lag: string | null }>(
    `SELECT EXTRACT(EPOCH FROM now() - min(created_at))::text AS lag
       FROM notification_digests WHERE status = 'pending'`,
  );
  return Math.max(0, Number(rows[0]?.lag ?? 0));
}
