import type { DatabaseHandle } from '@trackwell/db';
import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
} from 'rate-limiter-flexible';
import { createLeasedLimiter, leaseSizeFor, type Verdict } from './leased-limiter.ts';

/**
 * Rate limits that hold for the whole deployment, not per process, with rate-limiter-flexible
 * on infrastructure the deployment already has:
 *  - `REDIS_URL` set → Redis (one atomic INCR+PEXPIRE script per call);
 *  - else PostgreSQL (`DATABASE_URL`) → the `api_rate_limits` table (migration 0008), one atomic
 *    INSERT … ON CONFLICT DO UPDATE per call;
 *  - else (PGlite: one process by construction) → in this process's memory, as before.
 * Each counter is a fixed window of `durationSeconds` from a key's first call. A process takes the shared
 * counters' points a few at a time for limits of 200 a minute and more (leased-limiter.ts: one write per
 * lease, not per call; exact within one process). If Redis or PostgreSQL fails,
 * the process falls back to its own in-memory counter (rate-limiter-flexible's insurance limiter): the API
 * keeps answering, limited per process, rather than failing every call.
 */

export type RateLimitStoreKind = 'redis' | 'postgres' | 'memory';

export type RateLimitVerdict = Verdict;

export interface SharedRateLimiter {
  consume(key: string): Promise<RateLimitVerdict>;
  /** What `consume` would answer when this process's lease decides it alone (and spends it); else undefined. */
  decideLocally(key: string): RateLimitVerdict | undefined;
}

export interface RateLimitStore {
  readonly kind: RateLimitStoreKind;
  limiter(options: { name: string; points: number; durationSeconds: number }): SharedRateLimiter;
  close(): Promise<void>;
}

export interface RateLimitStoreOptions {
  db: DatabaseHandle;
  redisUrl: string | undefined;
  /** Prefix of every key (Redis keys and PostgreSQL rows), so deployments or tests can share a server. */
  keyPrefix: string;
}

export async function createRateLimitStore({
  db,
  redisUrl,
  keyPrefix,
}: RateLimitStoreOptions): Promise<RateLimitStore> {
  let redis: Redis | undefined;
  if (redisUrl) {
    // No offline queue: while Redis is unreachable a call fails at once (→ the in-memory insurance limiter)
    // instead of waiting for the reconnection.
    const { Redis } = await import('ioredis'); // only with REDIS_URL
    redis = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', () => {}); // reconnects by itself; calls meanwhile use the insurance limiter
    await redis.connect();
  }
  const kind: RateLimitStoreKind = redis ? 'redis' : db.engine === 'postgres' ? 'postgres' : 'memory';
  // rate-limiter-flexible's PostgreSQL store calls `query({ name, text, values })` on a pg pool; the database
  // handle runs it on the same pool as everything else. A named statement (its upsert, read, delete and
  // expiry sweep: one text each per table) is prepared as the library means it to be, so PostgreSQL plans
  // the counter's upsert once per connection, not at every lease.
  const pgClient = {
    query: (q: { name?: string; text: string; values?: unknown[] }) =>
      db.query(q.text, q.values, q.name ? { prepare: true } : undefined),
  };

  return {
    kind,
    limiter({ name, points, durationSeconds }) {
      const base = { keyPrefix: `${keyPrefix}${name}`, points, duration: durationSeconds };
      const insuranceLimiter = new RateLimiterMemory(base);
      const store: RateLimiterAbstract =
        kind === 'redis'
          ? new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter })
          : kind === 'postgres'
            ? new RateLimiterPostgres({
                ...base,
                storeClient: pgClient,
                storeType: 'pool',
                tableName: 'api_rate_limits',
                tableCreated: true, // migration 0008
                clearExpiredByTimeout: true,
                insuranceLimiter,
              })
            : insuranceLimiter;
      // Shared counters are asked once per lease of a few points, not once per call (leased-limiter.ts); this
      // process's own counter one point at a time.
      return createLeasedLimiter((key, n) => store.consume(key, n), points, {
        leaseSize: store === insuranceLimiter ? 1 : leaseSizeFor(points),
      });
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis?.disconnect());
    },
  };
}
