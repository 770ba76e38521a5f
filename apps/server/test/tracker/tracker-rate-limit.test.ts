import { randomBytes } from 'node:crypto';
import { TRACKER_PATHS } from '@trackwell/contracts';
import { testEngine } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import { deleteRedisKeys, LOCAL_REDIS_URL, localRedisAnswers } from '../support/local-redis.ts';
import { createTrackerTenant, startTestIssuer, type TestIssuer } from '../support/tracker-fixtures.ts';

/** The machine's Redis; the Redis case is skipped, saying so, where none answers. */
const redisAnswers = await localRedisAnswers();

const stores = [
  { store: testEngine() === 'postgres' ? 'postgres' : 'memory', env: {} as Record<string, string> },
  { store: 'redis', env: { REDIS_URL: LOCAL_REDIS_URL } },
] as const;

describe.each(stores)(
  'rate limit per user (TRACKER_RATE_LIMIT_PER_USER), $store counters',
  ({ store, env }) => {
    const skip = store === 'redis' && !redisAnswers;
    // Keys of this run only: the Redis server is shared (never flushed), and so is nothing else.
    const prefix = `trackwell-test-${randomBytes(6).toString('hex')}:`;
    let t: TestApp;
    let issuer: TestIssuer;
    beforeAll(async () => {
      if (skip) return;
      t = await buildTestApp({ TRACKER_RATE_LIMIT_PER_USER: '3', RATE_LIMIT_KEY_PREFIX: prefix, ...env });
      issuer = await startTestIssuer();
    });
    afterAll(async () => {
      await t?.close();
      await issuer?.close();
      if (store === 'redis' && !skip) await deleteRedisKeys(prefix);
    });

    it.skipIf(skip)(
      `answers 429 in the error envelope once a user has used the minute's calls; other users are unaffected${skip ? ' (skipped: no Redis answers on 127.0.0.1:6379)' : ''}`,
      async () => {
        expect(t.app.rateLimits.kind).toBe(store);
        const a = await createTrackerTenant(t, issuer);
        const [busy, calm] = [await a.createUser(), await a.createUser()];
        const call = (u: typeof busy) => a.call(u, { url: TRACKER_PATHS.featureFlags });
        for (let i = 0; i < 3; i++) expect((await call(busy)).statusCode).toBe(200);
        const limited = await call(busy);
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toMatchObject({ status: '429', error: 'too_many_requests' });
        expect(limited.headers['retry-after']).toBeDefined();
        expect((await call(calm)).statusCode).toBe(200);
      },
    );
  },
);

describe.skipIf(testEngine() !== 'postgres')('rate limit counters on PostgreSQL', () => {
  let t: TestApp;
  let issuer: TestIssuer;
  const prefix = `trackwell-test-${randomBytes(6).toString('hex')}:`;
  beforeAll(async () => {
    t = await buildTestApp({ TRACKER_RATE_LIMIT_PER_USER: '1000', RATE_LIMIT_KEY_PREFIX: prefix });
    issuer = await startTestIssuer();
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it('at 1,000 a minute, 25 calls take 3 leases of 10 points (3 writes, not 25); the table is not WAL-logged', async () => {
    const a = await createTrackerTenant(t, issuer);
    const user = await a.createUser();
    const remaining: string[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await a.call(user, { url: TRACKER_PATHS.featureFlags });
      expect(res.statusCode).toBe(200);
      remaining.push(String(res.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual(Array.from({ length: 25 }, (_, i) => String(999 - i)));
    const { rows } = await t.app.db.query<{ points: number }>(
      'SELECT points FROM api_rate_limits WHERE key LIKE $1',
      [`${prefix}%`],
    );
    expect(rows).toEqual([{ points: 30 }]);
    const table = await t.app.db.query<{ relpersistence: string }>(
      "SELECT relpersistence FROM pg_class WHERE relname = 'api_rate_limits'",
    );
    expect(table.rows).toEqual([{ relpersistence: 'u' }]); // UNLOGGED (migration 0029)
  });
});
