import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MigrationError, migrate, readMigrations } from '../src/migrate.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../src/testing.ts';

const run = promisify(execFile);
const ROOT = new URL('../../../', import.meta.url).pathname;

describe(`migrations on ${testEngine()}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ migrated: false });
  });
  afterAll(() => t.drop());

  it('applies every migration once, then nothing', async () => {
    const first = await migrate(t.handle);
    expect(first.applied).toEqual(readMigrations().map((m) => m.name));
    const second = await migrate(t.handle);
    expect(second).toEqual({ applied: [], alreadyApplied: readMigrations().length });
  });

  it('keeps the sent messages lz4-compressed where the engine has lz4, else by its default (PGlite)', async () => {
    const { rows } = await t.handle.query(
      `SELECT attrelid::regclass::text AS "table", attcompression::text AS compression FROM pg_attribute
        WHERE attname = 'sent_message'
          AND attrelid IN ('notification_deliveries'::regclass, 'notification_digests'::regclass)
        ORDER BY 1`,
    );
    const compression = testEngine() === 'postgres' ? 'l' : '';
    expect(rows).toEqual([
      { table: 'notification_deliveries', compression },
      { table: 'notification_digests', compression },
    ]);
  });

  it('refuses a migration that was edited after it was applied', async () => {
    const edited = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'changed' } : m));
    await expect(migrate(t.handle, edited)).rejects.toThrow(/changed after it was applied/);
  });

  it('rolls a failing migration back whole, and reports which one failed', async () => {
    const broken = [
      ...readMigrations(),
      {
        version: '9999',
        name: '9999_broken',
        checksum: 'x',
        sql: 'CREATE TABLE half_done (id int); SELECT * FROM no_such_table;',
      },
    ];
    const error = await migrate(t.handle, broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).migration).toBe('9999_broken');
    const { rows } = await t.handle.query("SELECT to_regclass('half_done') AS t");
    expect(rows[0]).toEqual({ t: null });
    const recorded = await t.handle.query("SELECT 1 FROM schema_migrations WHERE version = '9999'");
    expect(recorded.rows).toHaveLength(0);
  });
});

// Each test starts the CLI as its own Node process, which opens an embedded database and migrates it: tens
// of seconds on a busy machine, more than the default test time.
// On the embedded database whatever the suite's engine: run once, in the PGlite run.
describe.runIf(testEngine() === 'pglite')('npm run db:migrate', { timeout: 300_000 }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'trackwell-migrate-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const migrateCli = (env: Record<string, string>) =>
    run(process.execPath, [join(ROOT, 'packages/db/src/cli/migrate.ts')], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
    });

  it('migrates the embedded database and says so', async () => {
    const { stdout } = await migrateCli({});
    expect(stdout).toMatch(/PGlite .* applied 0001_foundation/);
    const again = await migrateCli({});
    expect(again.stdout).toMatch(/nothing to apply/);
  });

  it('exits non-zero with the error when the database cannot be reached', async () => {
    const error = await migrateCli({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 1 });
    expect((error as { stderr: string }).stderr).toMatch(/ECONNREFUSED|connect/);
  });

  it('refuses to open a data directory another live process holds', async () => {
    writeFileSync(join(dataDir, 'pglite', 'trackwell.lock'), String(process.pid)); // this test process is alive
    const error = await migrateCli({}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 1 });
    expect((error as { stderr: string }).stderr).toMatch(/in use by process/);
    rmSync(join(dataDir, 'pglite', 'trackwell.lock'));
  });
});
