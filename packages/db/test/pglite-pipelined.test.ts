import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/client.ts';
import type { DatabaseHandle } from '../src/database-handle.ts';

// PGlite's queries go down in one trip (Parse … Sync in one buffer); what comes back must be what the
// PostgreSQL client gives for the same statement, and the transaction rules must hold as with PGlite's own.

let db: DatabaseHandle;

beforeAll(async () => {
  db = await openDatabase({ memory: true });
  await db.exec(`CREATE TABLE pipelined (id bigint PRIMARY KEY, at timestamptz, day date, doc jsonb,
                   tags text[], bytes bytea, note text)`);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('a query on PGlite', () => {
  it('sends values as the PostgreSQL client does and parses the answer as it does', async () => {
    const at = new Date('2026-11-30T23:59:58.123Z');
    const inserted = await db.query(
      `INSERT INTO pipelined VALUES ($1, $2, $3, $4, $5, $6, $7), (2, NULL, NULL, NULL, NULL, NULL, NULL)`,
      [1, at, '2026-12-01', { a: [1, 'ü'] }, ['x', 'y,z', 'q"uote'], Buffer.from([0, 255, 7]), null],
    );
    expect(inserted.rowCount).toBe(2);
    const { rows, rowCount } = await db.query('SELECT * FROM pipelined ORDER BY id');
    expect(rowCount).toBe(2);
    expect(rows[0]).toEqual({
      id: 1, // bigint as a number
      at,
      day: '2026-12-01', // a date as its text
      doc: { a: [1, 'ü'] },
      tags: ['x', 'y,z', 'q"uote'],
      bytes: Buffer.from([0, 255, 7]),
      note: null,
    });
    expect(rows[1]).toMatchObject({ id: 2, at: null, tags: null });
    expect((await db.query('UPDATE pipelined SET note = $1 WHERE id > $2', ['n', 0])).rowCount).toBe(2);
  });

  it('fails with the SQLSTATE and leaves the session usable', async () => {
    await expect(db.query('INSERT INTO pipelined (id) VALUES ($1)', [1])).rejects.toMatchObject({
      code: '23505',
    });
    await expect(db.query('SELECT $1::int AS n', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await db.query<{ n: number }>('SELECT 1 + $1::int AS n', [1])).rows).toEqual([{ n: 2 }]);
  });

  it("waits for another caller's open transaction and never runs inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let inserted!: () => void;
    const insertDone = new Promise<void>((r) => {
      inserted = r;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('INSERT INTO pipelined (id) VALUES ($1)', [10]);
      inserted();
      await held;
      throw new Error('roll back');
    });
    await insertDone; // the transaction is open, with its row
    let answered = false;
    const outside = db
      .query<{ n: number }>('SELECT count(*)::int AS n FROM pipelined WHERE id = 10')
      .finally(() => {
        answered = true;
      });
    await new Promise((r) => setTimeout(r, 100));
    expect(answered).toBe(false); // waiting for the transaction
    release();
    await expect(transaction).rejects.toThrow('roll back');
    expect((await outside).rows).toEqual([{ n: 0 }]); // it ran after the rollback, not inside the transaction
  });
});
