import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import type { MatchingRules } from './repositories/event-matching.ts';
import { pgliteTemplate, postgresTemplate, testRunPrefix } from './testing-template.ts';

/**
 * A fresh, migrated database for one test file. With TEST_DATABASE_URL (CI sets it to the machine's
 * PostgreSQL) it is a new database on that server, dropped afterwards; otherwise an in-memory PGlite.
 * Either way no test sees another's data. A migrated database starts from the run's template when the Vitest
 * global setup made one (testing-template.ts), and is migrated from scratch otherwise.
 */
export interface TestDatabase {
  handle: DatabaseHandle;
  /** The URL of the throw-away PostgreSQL database, when on PostgreSQL. */
  url: string | undefined;
  drop(): Promise<void>;
}

export const testEngine = (): 'postgres' | 'pglite' =>
  process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = migrated ? pgliteTemplate() : undefined;
    const handle = await openDatabase({ memory: true, ...(template ? { loadDataDir: template } : {}) });
    if (migrated) await migrate(handle);
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const run = testRunPrefix();
  const name = `${run ?? 'trackwell_test_'}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = migrated ? postgresTemplate() : undefined;
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 4 });
  if (migrated) await migrate(handle);
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const dropping = dropDatabase(adminUrl, name);
      // In a Vitest run the file goes on at once: PostgreSQL's DROP DATABASE waits for a checkpoint (about a
      // second on a busy machine, every file), and the run's teardown drops whatever is left by its prefix.
      if (run) dropping.catch(() => undefined);
      else await dropping;
    },
  };
}

/**
 * PGlite in a data directory, as `npm start` keeps it (for tests of processes and CLIs that open one),
 * migrated: begun from the run's template when there is one, since a data directory's initdb and every
 * migration cost seconds a test on a busy machine.
 */
export async function openMigratedDataDir(
  dataDir: string,
  options: { serveLocalClients?: boolean } = {},
): Promise<DatabaseHandle> {
  const template = pgliteTemplate();
  const db = await openDatabase({ dataDir, ...options, ...(template ? { loadDataDir: template } : {}) });
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

export { buildTenantDefinition } from './testing-factories.ts';
export { buildZip, deflatedZeros, type ZipEntryInput } from './testing-zip.ts';

/** A store that allows every kind of tracking to be matched (tests and benchmarks of change events). */
export const EVERY_MATCHING_RULE: MatchingRules = {
  standard: true,
  committee: true,
  industryArea: true,
  publisher: true,
  workItem: true,
};
