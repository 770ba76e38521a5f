import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMigrations } from '../src/backup/migration-check.ts';
import { readMigrations } from '../src/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

// After a restore: the backup's recorded migrations against this code's, without applying any.

describe('checkMigrations after a restore', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t?.drop());
  const migrations = readMigrations();
  const last = migrations.at(-1)!;

  it('accepts a database of this code, and lists the migrations a backup predates as pending', async () => {
    expect(await checkMigrations(t.handle)).toEqual({ applied: migrations.length, pending: [] });
    expect(
      await checkMigrations(t.handle, [...migrations, { ...last, version: '9998', name: '9998_next' }]),
    ).toEqual({ applied: migrations.length, pending: ['9998_next'] });
  });

  it('refuses a migration this code does not know (a newer Trackwell) and a changed one', async () => {
    await expect(checkMigrations(t.handle, migrations.slice(0, -1))).rejects.toThrow(
      new RegExp(`backup has migration ${last.name}, which this code does not know`),
    );
    const changed = migrations.map((m) => (m === last ? { ...m, checksum: 'other' } : m));
    await expect(checkMigrations(t.handle, changed)).rejects.toThrow(/checksum mismatch/);
  });

  it('refuses a database that is not Trackwell’s', async () => {
    const empty = await createTestDatabase({ migrated: false });
    try {
      await expect(checkMigrations(empty.handle)).rejects.toThrow(/no schema_migrations table/);
    } finally {
      await empty.drop();
    }
  });
});
