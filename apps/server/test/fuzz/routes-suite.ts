import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFuzzWorld, type FuzzWorld } from './fuzz-world.ts';
import { routeName } from './route-table.ts';

/**
 * Every registered route of the whole app, generated malformed requests (a fixed seed; how many: RUNS):
 * no 5xx, no stack trace / SQL / file path in any answer, nothing written on a 4xx (an xid watermark around
 * each request: why that is sound is in write-watch.ts; attempt counters excepted, fuzz-world.ts), and an anonymous caller
 * of an authenticated route gets 401 whatever it sends. `node bench/fuzz/run.ts --runs N` runs more.
 *
 * The routes are fuzzed in SHARDS test files (routes-1.fuzz.test.ts …): shard i takes every SHARDS-th route of
 * the list sorted by name, from the i-th on, so together they cover every route once, and Vitest's workers run
 * them side by side instead of one file of several minutes at the end of the run.
 */

/**
 * In `npm test`, 50 cases a route on PGlite, where the write check sees every write (deletes included), and 15
 * on PostgreSQL (TEST_DATABASE_URL), which checks that the real server's refusals map to 4xx too: every query
 * is a network round trip there, and on a shared server other databases' transactions move the write check's
 * mark, so it looks at every table on nearly every request (write-watch.ts). `npm run test:fuzz`
 * runs 300 a route (FUZZ_RUNS overrides any of these); `node bench/fuzz/run.ts` runs thousands.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DATABASE_URL ? 15 : 50));
const SEED = 20261123;
/** How many shard files there are (routes-1.fuzz.test.ts to routes-3.fuzz.test.ts). */
export const SHARDS = 3;

/** The routes of shard `shard` (1…SHARDS): every SHARDS-th route by name. */
export function shardRoutes<T extends Parameters<typeof routeName>[0]>(routes: T[], shard: number): T[] {
  return [...routes]
    .sort((x, y) => (routeName(x) < routeName(y) ? -1 : routeName(x) > routeName(y) ? 1 : 0))
    .filter((_, i) => i % SHARDS === shard - 1);
}

/** The fuzz suite over shard `shard` of the routes. */
export function fuzzRoutesShard(shard: number) {
  let world: FuzzWorld;
  beforeAll(async () => {
    world = await createFuzzWorld();
  }, 180_000);
  afterAll(async () => {
    if (world) {
      const statuses = [...world.histogram].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
      console.log(
        `fuzz (shard ${shard} of ${SHARDS}): ${world.cases} cases over ${shardRoutes(world.routes, shard).length} of ${world.routes.length} routes; statuses ${statuses.join(', ')}`,
      );
      await world.close();
    }
  });

  describe(`every route, malformed requests (shard ${shard} of ${SHARDS})`, () => {
    it('the fuzzed app (web, idp) serves every route of the full app (web, idp, worker)', () => {
      expect(world.routes.length).toBeGreaterThan(100);
      expect(world.missingRoutes).toEqual([]);
    });

    it('each route answers every generated request without 5xx, leaks or writes', {
      timeout: 900_000,
    }, async () => {
      const failures: string[] = [];
      const only = new RegExp(process.env.FUZZ_ONLY ?? '');
      for (const route of shardRoutes(world.routes, shard).filter((r) => only.test(routeName(r)))) {
        const started = performance.now();
        const failure = await world.fuzzRoute(route, { runs: RUNS, seed: SEED });
        const ms = performance.now() - started;
        if (process.env.FUZZ_TIMING) console.log(`${Math.round(ms)} ms ${routeName(route)}`);
        if (failure)
          failures.push(
            `${routeName(route)}: ${failure.problem}\n  ${JSON.stringify(failure.request).slice(0, 400)}`,
          );
      }
      expect(failures).toEqual([]);
    });
  });
}
