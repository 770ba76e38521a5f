import type { SqlExecutor } from '../client.ts';

/** The database as a signal between processes, and as something that answers. */

/** NOTIFY on `channel` (delivered to listeners when the surrounding transaction commits). */
export async function notifyChannel(db: SqlExecutor, channel: string, payload: string): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
}

/** Resolves when the database answers a query (health checks); throws its error otherwise. */
export async function pingDatabase(db: SqlExecutor): Promise<void> {
  await db.query('SELECT 1');
}
