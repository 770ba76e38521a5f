import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/client.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../src/testing.ts';
import { dbCli, failure } from './backup-cli-helpers.ts';

// `npm run db:backup` and `npm run db:restore` with DATABASE_URL: pg_dump's custom format and pg_restore,
// into a new database; the refusals (a non-empty database, a missing or older pg_dump, a PGlite file).

describe.runIf(testEngine() === 'postgres')('db:backup / db:restore on PostgreSQL', () => {
  let dir: string;
  let source: TestDatabase;
  let target: TestDatabase;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'trackwell-pg-backup-'));
    source = await createTestDatabase();
    await source.handle.query('CREATE TABLE backup_marker (note text)');
    await source.handle.query(`INSERT INTO backup_marker VALUES ('before the backup')`);
    target = await createTestDatabase({ migrated: false });
  }, 120_000);
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up with pg_dump and restores into an empty database, then refuses it as not empty', async () => {
    const file = join(dir, 'pg.dump');
    const backup = await dbCli('backup', ['--out', file], { DATABASE_URL: source.url! });
    expect(backup.stdout).toMatch(
      /Backed up PostgreSQL at postgres:\/\/.*\n {2}to .*pg\.dump \([\d.]+ (KB|MB)\)/,
    );
    expect(backup.stdout).toMatch(/\d+ tables, [\d,]+ rows/);
    await source.handle.query(`INSERT INTO backup_marker VALUES ('after the backup')`);

    const restored = await dbCli('restore', ['--from', file], { DATABASE_URL: target.url! });
    expect(restored.stdout).toMatch(/Restored .*pg\.dump\n {2}into PostgreSQL at/);
    expect(restored.stdout).toMatch(/checksums match this code, none pending/);
    const { rows } = await target.handle.query<{ note: string }>('SELECT note FROM backup_marker');
    expect(rows).toEqual([{ note: 'before the backup' }]);

    const again = await failure(dbCli('restore', ['--from', file], { DATABASE_URL: target.url! }));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /is not empty: it has \d+ tables, views or sequences \(schemas .*public.*\)[\s\S]*--force/,
    );
    await target.handle.query(`INSERT INTO backup_marker VALUES ('written after the restore')`);
    const forced = await dbCli('restore', ['--from', file, '--force'], { DATABASE_URL: target.url! });
    expect(forced.stdout).toMatch(/Restored/);
    const after = await target.handle.query<{ note: string }>('SELECT note FROM backup_marker');
    expect(after.rows).toEqual([{ note: 'before the backup' }]);
  }, 180_000);

  it('says what to install when pg_dump is missing or older than the server', async () => {
    const env = { DATABASE_URL: source.url!, PG_BIN_DIR: join(dir, 'no-such-folder') };
    const missing = await failure(dbCli('backup', ['--out', join(dir, 'x.dump')], env));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/pg_dump was not found .*Install the PostgreSQL client tools/);

    const old = mkdtempSync(join(dir, 'old-'));
    writeFileSync(join(old, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n');
    chmodSync(join(old, 'pg_dump'), 0o755);
    const older = await failure(dbCli('backup', ['--out', join(dir, 'y.dump')], { ...env, PG_BIN_DIR: old }));
    expect(older.stderr).toMatch(/pg_dump is version 9, older than the PostgreSQL \d+ server/);
  });

  it('refuses an embedded-database backup and a file that is no backup, changing nothing', async () => {
    const tarball = join(dir, 'embedded.tar.gz');
    writeFileSync(tarball, Buffer.from([0x1f, 0x8b, 8, 0, 0]));
    const wrong = await failure(dbCli('restore', ['--from', tarball], { DATABASE_URL: target.url! }));
    expect(wrong.stderr).toMatch(/is an embedded-database backup \(PGlite, \.tar\.gz\): restore it without/);
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'hello');
    const other = await failure(dbCli('restore', ['--from', text, '--force'], { DATABASE_URL: target.url! }));
    expect(other.stderr).toMatch(/is not a Trackwell backup/);
    const db = await openDatabase({ url: target.url!, poolSize: 1 });
    try {
      expect((await db.query('SELECT note FROM backup_marker')).rows).toHaveLength(1);
    } finally {
      await db.close();
    }
  });
});
