import { type DatabaseHandle, openDatabase } from '@trackwell/db';
import pg from 'pg';

/** The benchmarks' databases: a throw-away PostgreSQL database, or an in-memory PGlite, closed after use. */

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Runs `fn` on a new database `<prefix>_<pid>` beside ADMIN_URL (given its handle and URL), then drops it,
 * also on failure.
 */
export async function onThrowAwayPostgres<T>(
  prefix: string,
  fn: (db: DatabaseHandle, url: string) => Promise<T>,
): Promise<T> {
  const dbName = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const db = await openDatabase({ url: url.toString(), poolSize: 4 });
  try {
    return await fn(db, url.toString());
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

/** Runs `fn` on an in-memory PGlite, closed afterwards. */
export async function onMemoryPglite<T>(fn: (db: DatabaseHandle) => Promise<T>): Promise<T> {
  const db = await openDatabase({ memory: true });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
