import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withForeignKeysCheckedAfter, withIndexesBuiltAfter } from '../src/bulk-load.ts';
import type { Transaction } from '../src/database-handle.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

// Loading rows with a table's secondary indexes dropped and built again after, and its foreign keys checked
// once after, in one transaction.

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ migrated: false });
  await db.handle.exec(`
    CREATE TABLE bulk_rows (id int PRIMARY KEY, code text NOT NULL UNIQUE, name text NOT NULL, weight int);
    CREATE INDEX bulk_rows_name_idx ON bulk_rows (lower(name) text_pattern_ops);
    CREATE INDEX bulk_rows_heavy_idx ON bulk_rows (weight DESC, name) WHERE weight > 10;
    CREATE TABLE bulk_parents (id int PRIMARY KEY, code text NOT NULL, UNIQUE (id, code));
    CREATE TABLE bulk_children (
      id int PRIMARY KEY,
      parent_id int NOT NULL REFERENCES bulk_parents ON DELETE CASCADE,
      parent_code text,
      CONSTRAINT bulk_children_pair_fkey FOREIGN KEY (parent_id, parent_code) REFERENCES bulk_parents (id, code)
        ON DELETE CASCADE
    );
    CREATE TABLE bulk_notes (child_id int REFERENCES bulk_children);`);
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

const indexes = async () =>
  (
    await db.handle.query<{ d: string }>(
      `SELECT indexdef AS d FROM pg_indexes WHERE tablename = 'bulk_rows' ORDER BY indexname`,
    )
  ).rows.map((r) => r.d);

describe('withIndexesBuiltAfter', () => {
  it('loads without the secondary indexes, keeps the unique ones, and builds the others again as defined', async () => {
    const before = await indexes();
    expect(before).toHaveLength(4);
    const during = await db.handle.transaction((tx) =>
      withIndexesBuiltAfter(tx, ['bulk_rows'], async () => {
        await tx.query(
          `INSERT INTO bulk_rows SELECT g, 'c' || g, 'Name ' || g, g FROM generate_series(1, 500) g
           ON CONFLICT (code) DO NOTHING`,
        );
        // ON CONFLICT still has its unique index to decide on.
        await tx.query(`INSERT INTO bulk_rows VALUES (1000, 'c1', 'Again', 1) ON CONFLICT (code) DO NOTHING`);
        return (
          await tx.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'bulk_rows'`,
          )
        ).rows[0]!.n;
      }),
    );
    expect(during).toBe(2); // the primary key and the unique code
    expect(await indexes()).toEqual(before);
    const { rows } = await db.handle.query<{ n: number }>(`SELECT count(*)::int AS n FROM bulk_rows`);
    expect(rows[0]!.n).toBe(500);
  });

  it('rolls the dropped indexes back with the rows when the load fails', async () => {
    const before = await indexes();
    await expect(
      db.handle.transaction((tx) =>
        withIndexesBuiltAfter(tx, ['bulk_rows'], async () => {
          await tx.query(`INSERT INTO bulk_rows VALUES (2000, 'new', 'New', 1)`);
          throw new Error('the load failed');
        }),
      ),
    ).rejects.toThrow('the load failed');
    expect(await indexes()).toEqual(before);
    const { rows } = await db.handle.query(`SELECT 1 FROM bulk_rows WHERE code = 'new'`);
    expect(rows).toEqual([]);
  });

  it('leaves the indexes of tables it was not given alone', async () => {
    await db.handle.exec(
      `CREATE TABLE bulk_other (name text); CREATE INDEX bulk_other_idx ON bulk_other (name);`,
    );
    await db.handle.transaction((tx) =>
      withIndexesBuiltAfter(tx, ['bulk_rows'], async () => {
        const { rows } = await tx.query(`SELECT 1 FROM pg_indexes WHERE indexname = 'bulk_other_idx'`);
        expect(rows).toHaveLength(1);
      }),
    );
  });
});

/** The table's foreign keys, read through `on` (the transaction itself while it holds the table). */
const foreignKeys = async (table: string, on: Pick<Transaction, 'query'> = db.handle) =>
  (
    await on.query<{ d: string }>(
      `SELECT conname || ' ' || pg_get_constraintdef(oid) AS d FROM pg_constraint
        WHERE conrelid = $1::regclass AND contype = 'f' ORDER BY conname`,
      [table],
    )
  ).rows.map((r) => r.d);

describe('withForeignKeysCheckedAfter', () => {
  it('loads without the foreign keys, then adds them again as they were defined', async () => {
    const before = await foreignKeys('bulk_children');
    expect(before).toHaveLength(2);
    const during = await db.handle.transaction((tx) =>
      withForeignKeysCheckedAfter(tx, ['bulk_children'], async () => {
        await tx.query(`INSERT INTO bulk_parents SELECT g, 'p' || g FROM generate_series(1, 50) g`);
        await tx.query(
          `INSERT INTO bulk_children SELECT g, 1 + g % 50, 'p' || (1 + g % 50) FROM generate_series(1, 500) g`,
        );
        return foreignKeys('bulk_children', tx);
      }),
    );
    expect(during).toEqual([]);
    expect(await foreignKeys('bulk_children')).toEqual(before);
    // The keys added back are the ones a later write meets.
    await expect(db.handle.query(`INSERT INTO bulk_children VALUES (1000, 999, NULL)`)).rejects.toThrow(
      /foreign key/,
    );
    await db.handle.query(`DELETE FROM bulk_parents WHERE id = 1`);
    const { rows } = await db.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bulk_children WHERE parent_id = 1`,
    );
    expect(rows[0]!.n).toBe(0); // ON DELETE CASCADE came back with its key
  });

  it('fails the whole load when a row has no parent, and leaves the keys as they were', async () => {
    const before = await foreignKeys('bulk_children');
    await expect(
      db.handle.transaction((tx) =>
        withForeignKeysCheckedAfter(tx, ['bulk_children'], async () => {
          await tx.query(`INSERT INTO bulk_parents VALUES (5000, 'q')`);
          await tx.query(`INSERT INTO bulk_children VALUES (5000, 5000, 'q'), (5001, 5001, 'orphan')`);
        }),
      ),
    ).rejects.toThrow(/foreign key/);
    expect(await foreignKeys('bulk_children')).toEqual(before);
    const { rows } = await db.handle.query(`SELECT 1 FROM bulk_parents WHERE id = 5000`);
    expect(rows).toEqual([]);
  });

  it('leaves the foreign keys of tables it was not given alone', async () => {
    const notes = await foreignKeys('bulk_notes');
    expect(notes).toHaveLength(1);
    await db.handle.transaction((tx) =>
      withForeignKeysCheckedAfter(tx, ['bulk_children'], async () => {
        expect(await foreignKeys('bulk_notes', tx)).toEqual(notes);
      }),
    );
  });
});
