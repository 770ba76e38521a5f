import { randomBytes } from 'node:crypto';
import { openDatabase } from '@trackwell/db';
import { createTestDatabase, type TestDatabase, testEngine } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimitStore } from '../../src/modules/rate-limits/shared-rate-limiter.ts';

/**
 * The PostgreSQL counters' statements are prepared on their connection (planned once, not at every lease),
 * and the counting is the same: on one connection of a real database, so the session's prepared statements
 * can be read back.
 */
describe.skipIf(testEngine() !== 'postgres')('rate limit counters on PostgreSQL: prepared statements', () => {
  let test: TestDatabase;
  let db: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    test = await createTestDatabase();
    db = await openDatabase({ url: test.url!, poolSize: 1 });
  });
  afterAll(async () => {
    await db?.close();
    await test?.drop();
  });

  it('counts exactly with the upsert prepared once on the connection', async () => {
    const store = await createRateLimitStore({
      db,
      redisUrl: undefined,
      keyPrefix: `trackwell-test-${randomBytes(6).toString('hex')}:`,
    });
    expect(store.kind).toBe('postgres');
    const limiter = store.limiter({ name: 'statements', points: 3, durationSeconds: 60 }); // one point a call
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.consume('user-1'));
    expect(verdicts.map((v) => [v.allowed, v.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect((await limiter.consume('user-2')).allowed).toBe(true);
    const { rows } = await db.query<{ statement: string }>(
      "SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%api_rate_limits%'",
    );
    expect(rows).toHaveLength(1); // five calls, one statement prepared
    expect(rows[0]!.statement).toMatch(/INSERT INTO\s+"?api_rate_limits"?/);
    await store.close();
  });
});
