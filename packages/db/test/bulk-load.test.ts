import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withIndexesBuiltAfter } from '../src/bulk-load.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

// Loading rows with a table's secondary indexes dropped and built again after, in one transaction.

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ migrated: false });
  await db.handle.exec(`
    CREATE TABLE bulk_rows (id int PRIMARY KEY, code text NOT NULL UNIQUE, name text NOT NULL, weight int);
    CREATE INDEX bulk_rows_name_idx ON bulk_rows (lower(name) text_pattern_ops);
    CREATE INDEX bulk_rows_heavy_idx ON bulk_rows (weight DESC, name) WHERE weight > 10;`);
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
