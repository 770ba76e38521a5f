import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDataDir } from '../src/client.ts';
import type { DatabaseHandle } from '../src/database-handle.ts';
import { openMigratedDataDir, testEngine } from '../src/testing.ts';
import { dbCli, failure } from './backup-cli-helpers.ts';

// `npm run db:backup` and `npm run db:restore` on the embedded database, as a user runs them: a child
// process, its output and exit code, with and without a server holding the data directory.

/** An embedded database in `<dir>/pglite`, migrated, with a marker row to find again. */
async function seededDataDir(dir: string): Promise<void> {
  const db = await openMigratedDataDir(pgliteDataDir(dir));
  try {
    await db.query('CREATE TABLE backup_marker (note text)');
    await db.query(`INSERT INTO backup_marker VALUES ('before the backup')`);
  } finally {
    await db.close();
  }
}

const markers = async (db: DatabaseHandle) =>
  (await db.query<{ note: string }>('SELECT note FROM backup_marker ORDER BY note')).rows.map((r) => r.note);

// The usage is the same on either engine's run: it runs once, where the suite is on PGlite.
describe.runIf(testEngine() === 'pglite')('db:backup / db:restore usage', () => {
  it('prints the usage and exits 1 on an unknown option or a missing --from', async () => {
    const bad = await failure(dbCli('backup', ['--bogus'], {}));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/Unknown option '--bogus'[\s\S]*Usage: npm run db:backup/);
    const noFrom = await failure(dbCli('restore', [], {}));
    expect(noFrom.code).toBe(1);
    expect(noFrom.stderr).toMatch(/--from FILE[\s\S]*Usage: npm run db:restore/);
    const noValue = await failure(dbCli('restore', ['--from'], {}));
    expect(noValue.code).toBe(1);
    expect(noValue.stderr).toMatch(/Usage: npm run db:restore/);
  });

  it('--help prints the usage and exits 0', async () => {
    expect((await dbCli('backup', ['--help'], {})).stdout).toMatch(/Usage: npm run db:backup/);
    expect((await dbCli('restore', ['--help'], {})).stdout).toMatch(/Usage: npm run db:restore/);
  });
});

describe.runIf(testEngine() === 'pglite')('db:backup / db:restore on the embedded database', () => {
  let dir: string;
  const source = () => join(dir, 'source');
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'trackwell-backup-'));
    await seededDataDir(source());
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('backs up a stopped database to backups/trackwell-pglite-<UTC time>.tar.gz by default', async () => {
    const cwd = join(dir, 'cwd');
    mkdirSync(cwd);
    const { stdout } = await dbCli('backup', [], { DATA_DIR: source() }, cwd);
    const [file] = readdirSync(join(cwd, 'backups'));
    expect(file).toMatch(/^trackwell-pglite-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(stdout).toMatch(/Backed up PGlite \(embedded PostgreSQL\) in .*source\/pglite\n/);
    expect(stdout).toMatch(/to backups\/trackwell-pglite-.*\.tar\.gz \([\d.]+ (KB|MB)\) in [\d.]+ s/);
    expect(stdout).toMatch(/\d+ tables, [\d,]+ rows; the largest:/);
  }, 120_000);

  it('backs up through the running server, restores into a fresh DATA_DIR, and refuses a non-empty one', async () => {
    const file = join(dir, 'served.tar.gz');
    const server = await openDatabase({ dataDir: pgliteDataDir(source()), serveLocalClients: true });
    try {
      const { stdout } = await dbCli('backup', ['--out', file], { DATA_DIR: source() });
      expect(stdout).toMatch(/through the running server \(process \d+\)/);
      await server.query(`INSERT INTO backup_marker VALUES ('after the backup')`);
    } finally {
      await server.close();
    }
    const target = join(dir, 'restored');
    const restored = await dbCli('restore', ['--from', file], { DATA_DIR: target });
    expect(restored.stdout).toMatch(/Restored .*served\.tar\.gz\n {2}into PGlite .*restored\/pglite in/);
    expect(restored.stdout).toMatch(/migrations: \d+ recorded, checksums match this code, none pending/);
    const db = await openDatabase({ dataDir: pgliteDataDir(target) });
    try {
      expect(await markers(db)).toEqual(['before the backup']);
    } finally {
      await db.close();
    }

    const again = await failure(dbCli('restore', ['--from', file], { DATA_DIR: target }));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is not empty\. .*--force/);

    const forced = await dbCli('restore', ['--from', file, '--force'], { DATA_DIR: target });
    expect(forced.stdout).toMatch(
      /the data directory it replaced was moved to .*pglite\.replaced-\d{8}T\d{6}Z/,
    );
    expect(readdirSync(target).filter((f) => f.startsWith('pglite.replaced-'))).toHaveLength(1);
  }, 180_000);

  it('--json reports every table’s rows; refuses a restore under a running server, an existing file and a PostgreSQL backup', async () => {
    const file = join(dir, 'plain.tar.gz');
    const report = JSON.parse(
      (await dbCli('backup', ['--out', file, '--json'], { DATA_DIR: source() })).stdout,
    );
    expect(report).toMatchObject({ engine: 'pglite', file, bytes: statSync(file).size });
    expect(report.source).toMatch(/^PGlite \(embedded PostgreSQL\) in .*source\/pglite$/);
    expect(report.tables.find((t: { table: string }) => t.table === 'backup_marker')?.rows).toBeGreaterThan(
      0,
    );
    expect(report.tables.length).toBeGreaterThan(50);
    const exists = await failure(dbCli('backup', ['--out', file], { DATA_DIR: source() }));
    expect(exists.stderr).toMatch(/exists already: name another file with --out/);

    const server = await openDatabase({ dataDir: pgliteDataDir(source()), serveLocalClients: true });
    try {
      const held = await failure(dbCli('restore', ['--from', file, '--force'], { DATA_DIR: source() }));
      expect(held.code).toBe(1);
      expect(held.stderr).toMatch(/has the embedded database in .* open .*stop the server/);
      expect(await markers(server)).toContain('before the backup'); // untouched
    } finally {
      await server.close();
    }

    const pgFile = join(dir, 'postgres.dump');
    writeFileSync(pgFile, 'PGDMP and more');
    const wrongKind = await failure(dbCli('restore', ['--from', pgFile], { DATA_DIR: join(dir, 'other') }));
    expect(wrongKind.stderr).toMatch(/is a PostgreSQL backup \(pg_dump\): restore it with DATABASE_URL/);
    const missing = await failure(dbCli('restore', ['--from', join(dir, 'nope.tar.gz')], { DATA_DIR: dir }));
    expect(missing.stderr).toMatch(/There is no backup file/);
    const empty = await failure(dbCli('backup', [], { DATA_DIR: join(dir, 'nothing') }));
    expect(empty.stderr).toMatch(/There is no embedded database in .*nothing\/pglite to back up/);
    expect(existsSync(join(dir, 'other', 'pglite'))).toBe(false); // a refused restore leaves nothing behind
  }, 180_000);
});
