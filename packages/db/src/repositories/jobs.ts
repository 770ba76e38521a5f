import type { SqlExecutor } from '../client.ts';

/**
 * pg-boss's job table, read where the queue's own API has no such question: whether any job of these queues
 * is still to run (created, waiting for a retry) or running. Not tenant-scoped: jobs are the platform's.
 */
export async function hasUnfinishedJobs(db: SqlExecutor, queues: string[]): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM pgboss.job WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active') LIMIT 1`,
    [queues],
  );
  return rows.length > 0;
}
