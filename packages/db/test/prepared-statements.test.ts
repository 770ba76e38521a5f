import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/index.ts';
import { statementName } from '../src/prepared-statements.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../src/testing.ts';

// A hot statement (`{ prepare: true }`) is prepared once per connection under a name made from its text, and
// answers exactly as the same statement unprepared, on either engine, in and out of transactions.

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ migrated: false });
  await db.handle.exec(`CREATE TABLE prepared_rows (id int PRIMARY KEY, label text NOT NULL, day date);
    INSERT INTO prepared_rows SELECT i, 'row ' || i, DATE '2026-01-01' + i FROM generate_series(1, 50) AS i;`);
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

const PAGE = 'SELECT id, label, day FROM prepared_rows WHERE id > $1 ORDER BY id LIMIT $2';

/** The statements the connection that answers has prepared under our names. */
const preparedHere = async () =>
  (
    await db.handle.query<{ name: string; statement: string }>(
      `SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'tw%' ORDER BY name`,
    )
  ).rows;

describe('statementName', () => {
  it('names one text one way, another text another, and carries the process id', () => {
    expect(statementName(PAGE)).toBe(statementName(`${PAGE}`));
    expect(statementName(PAGE)).not.toBe(statementName(`${PAGE} `));
    expect(statementName(PAGE)).toMatch(new RegExp(`^tw${process.pid}_[A-Za-z0-9_-]{24}$`));
  });
});

describe('a prepared query', () => {
  it('answers as the same query unprepared, call after call, with other values each time', async () => {
    for (const [after, limit] of [
      [0, 3],
      [10, 2],
      [48, 10],
      [50, 5],
      [0, 1],
      [20, 4],
      [5, 3],
    ] as const) {
      const plain = await db.handle.query(PAGE, [after, limit]);
      const prepared = await db.handle.query(PAGE, [after, limit], { prepare: true });
      expect(prepared).toEqual(plain);
    }
    // A pool's connection has it once it ran there; PGlite's one session has it now.
    if (db.handle.engine === 'pglite')
      expect(await preparedHere()).toEqual([{ name: statementName(PAGE), statement: PAGE }]);
  });

  it('fails with its SQLSTATE and answers again after the failure', async () => {
    const divide = 'SELECT 10 / $1::int AS q';
    await expect(db.handle.query(divide, [0], { prepare: true })).rejects.toMatchObject({ code: '22012' });
    expect((await db.handle.query(divide, [5], { prepare: true })).rows).toEqual([{ q: 2 }]);
    await expect(db.handle.query(divide, ['x'], { prepare: true })).rejects.toMatchObject({ code: '22P02' });
    expect((await db.handle.query(divide, [2], { prepare: true })).rows).toEqual([{ q: 5 }]);
  });

  it('refuses a text that is not SQL every time, and prepares nothing for it', async () => {
    const broken = 'SELEC id FROM prepared_rows WHERE id = $1';
    for (let i = 0; i < 2; i++)
      await expect(db.handle.query(broken, [1], { prepare: true })).rejects.toMatchObject({ code: '42601' });
    expect((await preparedHere()).map((r) => r.statement)).not.toContain(broken);
  });

  it('runs in a transaction, and stays prepared after that transaction rolled back', async () => {
    const count = 'SELECT count(*)::int AS n FROM prepared_rows WHERE label = $1';
    await expect(
      db.handle.transaction(async (tx) => {
        await tx.query('INSERT INTO prepared_rows VALUES ($1, $2, NULL)', [100, 'rolled back'], {
          prepare: true,
        });
        expect((await tx.query(count, ['rolled back'], { prepare: true })).rows).toEqual([{ n: 1 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await db.handle.query(count, ['rolled back'], { prepare: true })).rows).toEqual([{ n: 0 }]);
    await db.handle.transaction(async (tx) => {
      await tx.query('INSERT INTO prepared_rows VALUES ($1, $2, NULL)', [101, 'kept'], { prepare: true });
    });
    expect((await db.handle.query(count, ['kept'], { prepare: true })).rows).toEqual([{ n: 1 }]);
  });

  it('answers calls made at once, each the first of its text on its connection, in and out of a transaction', async () => {
    const label = 'SELECT label FROM prepared_rows WHERE id = $1';
    const labels = (rows: Array<{ rows: Record<string, unknown>[] }>) => rows.map((r) => r.rows[0]?.label);
    expect(
      labels(await Promise.all([1, 2, 3, 4].map((id) => db.handle.query(label, [id], { prepare: true })))),
    ).toEqual(['row 1', 'row 2', 'row 3', 'row 4']);
    const inside = 'SELECT label FROM prepared_rows WHERE id = $1 + 0';
    const answers = await db.handle.transaction((tx) =>
      Promise.all([5, 6, 7].map((id) => tx.query(inside, [id], { prepare: true }))),
    );
    expect(labels(answers)).toEqual(['row 5', 'row 6', 'row 7']);
  });

  it('prepares again when the session lost its statements (a socket client ran DEALLOCATE ALL)', async () => {
    expect((await db.handle.query(PAGE, [0, 2], { prepare: true })).rows.map((r) => r.id)).toEqual([1, 2]);
    if (db.handle.engine === 'pglite') {
      await db.handle.exec('DEALLOCATE ALL'); // the one session every socket client shares
      expect(await preparedHere()).toEqual([]);
    }
    expect((await db.handle.query(PAGE, [2, 2], { prepare: true })).rows.map((r) => r.id)).toEqual([3, 4]);
  });
});

describe('a prepared query run by its generic plan', () => {
  const RANGE = 'SELECT id, label FROM prepared_rows WHERE id > $1 AND id <= $1 + $2 ORDER BY id';
  const generic = { prepare: true, plan: 'generic' } as const;

  it('answers as the same query unprepared, out of and in a transaction, with other values each time', async () => {
    for (const [after, count] of [
      [0, 3],
      [47, 10],
      [60, 2],
    ] as const) {
      const plain = await db.handle.query(RANGE, [after, count]);
      expect(await db.handle.query(RANGE, [after, count], generic)).toEqual(plain);
      expect(await db.handle.transaction((tx) => tx.query(RANGE, [after, count], generic))).toEqual(plain);
    }
  });

  it.runIf(testEngine() === 'postgres')(
    'is planned once on PostgreSQL, and leaves its connection planning as before, after a failure too',
    async () => {
      const one = await openDatabase({ url: db.url!, poolSize: 1 });
      try {
        const plans = async (text: string) =>
          (
            await one.query<{ generic_plans: number; custom_plans: number }>(
              `SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement = $1`,
              [text],
            )
          ).rows;
        for (const after of [0, 10, 20]) await one.query(RANGE, [after, 2], generic);
        expect(await plans(RANGE)).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
        // The same kind of statement without the option: PostgreSQL plans its first calls for their values.
        const auto = `${RANGE} LIMIT 50`;
        for (const after of [0, 10, 20]) await one.query(auto, [after, 2], { prepare: true });
        expect(await plans(auto)).toEqual([{ generic_plans: 0, custom_plans: 3 }]);
        expect((await one.query('SHOW plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);

        const divide = 'SELECT 10 / $1::int AS q';
        await expect(one.query(divide, [0], generic)).rejects.toMatchObject({ code: '22012' });
        expect((await one.query(divide, [5], generic)).rows).toEqual([{ q: 2 }]);
        expect((await one.query('SHOW plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);
        expect((await one.query(`SELECT now() = statement_timestamp() AS outside`)).rows).toEqual([
          { outside: true },
        ]);
      } finally {
        await one.close();
      }
    },
  );
});
