import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';

/**
 * A migrated template that the test databases start from, made once per test run (the Vitest global setup,
 * test/global-setup.ts) instead of once per test file: starting PGlite from scratch (its initdb) and applying
 * every migration cost seconds a file on a busy machine; loading a migrated data directory costs a fraction.
 *
 * - PGlite: one in-memory database migrated and dumped (`dumpDataDir`) to a file named by
 *   TRACKWELL_TEST_PGLITE_TEMPLATE; each test database is a PGlite started from it (`loadDataDir`).
 * - PostgreSQL (TEST_DATABASE_URL): one migrated database named by TRACKWELL_TEST_PG_TEMPLATE; each test
 *   database is `CREATE DATABASE … TEMPLATE` it.
 * createTestDatabase() still runs migrate() on the copy (a check of the recorded checksums, and whatever a
 * stale template lacks); without the variables (benchmarks, a test run outside Vitest) it migrates from
 * scratch as before.
 */
export const PGLITE_TEMPLATE_ENV = 'TRACKWELL_TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'TRACKWELL_TEST_PG_TEMPLATE';

/** The migrated PGlite data directory to start from, when the run made one. */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return undefined;
  return new Blob([readFileSync(file)]);
}

/** The migrated PostgreSQL database to copy, when the run made one. */
export function postgresTemplate(): string | undefined {
  const name = process.env[PG_TEMPLATE_ENV];
  return name && /^trackwell_template_[0-9a-f]+$/.test(name) ? name : undefined;
}

/**
 * The name prefix of this run's test databases (`trackwell_test_<the template's id>_`), when the run made a
 * PostgreSQL template: its teardown drops every database left with that prefix, so a file need not wait for
 * its database's drop.
 */
export function testRunPrefix(): string | undefined {
  const template = postgresTemplate();
  return template ? `trackwell_test_${template.slice('trackwell_template_'.length)}_` : undefined;
}

/** Drops every database of this run still there (a file's drop runs in the background: see testing.ts). */
async function dropRunDatabases(adminUrl: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
      [prefix],
    );
    for (const { datname } of rows) {
      if (/^trackwell_test_[0-9a-f]+_[0-9a-f]+$/.test(datname))
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function makePgliteTemplate(): Promise<() => Promise<void>> {
  const handle = await openDatabase({ memory: true });
  try {
    await migrate(handle);
    if (handle.driver.engine !== 'pglite') throw new Error('expected PGlite');
    const dump = await handle.driver.client.dumpDataDir('none');
    const dir = mkdtempSync(join(tmpdir(), 'trackwell-test-template-'));
    const file = join(dir, 'pglite.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env[PGLITE_TEMPLATE_ENV] = file;
    return async () => {
      delete process.env[PGLITE_TEMPLATE_ENV];
      rmSync(dir, { recursive: true, force: true });
    };
  } finally {
    await handle.close();
  }
}

async function makePostgresTemplate(adminUrl: string): Promise<() => Promise<void>> {
  const name = `trackwell_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 1 });
  try {
    await migrate(handle);
  } finally {
    await handle.close(); // no session may stay on a template while it is copied
  }
  process.env[PG_TEMPLATE_ENV] = name;
  const prefix = testRunPrefix()!;
  return async () => {
    delete process.env[PG_TEMPLATE_ENV];
    await dropRunDatabases(adminUrl, prefix);
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}

/**
 * Makes the templates of the engines the tests run on; resolves with their removal. PGlite's always (the
 * embedded default, and the suite's engine without TEST_DATABASE_URL); PostgreSQL's too when
 * TEST_DATABASE_URL names a server (vitest.config.ts runs the database suites there, and on PGlite what
 * depends on the engine).
 */
export async function prepareTestTemplate(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const removals = await Promise.all([
    makePgliteTemplate(),
    ...(adminUrl ? [makePostgresTemplate(adminUrl)] : []),
  ]);
  return async () => {
    for (const remove of removals) await remove();
  };
}
