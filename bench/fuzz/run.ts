/**
 * The route fuzzer at a larger count, runnable as `node bench/fuzz/run.ts [--runs N] [--seed S]`.
 *
 * The same world and generators as apps/server/test/fuzz/routes-suite.ts (every registered route of the
 * whole app, malformed requests from each route's schema): by default 3000 cases a route instead of 300, and a
 * random seed (printed, so a failure can be replayed with --seed). Prints the case count, the time, the
 * status histogram and every failing route (a 5xx, a leak of internals, a write on a 4xx, or an anonymous
 * caller of an authenticated route answered other than 401); exits 1 when one fails.
 * Env: TEST_DATABASE_URL runs it on a fresh PostgreSQL database instead of PGlite.
 */
import { parseArgs } from 'node:util';
import { createFuzzWorld } from '../../apps/server/test/fuzz/fuzz-world.ts';
import { routeName } from '../../apps/server/test/fuzz/route-table.ts';
import { report } from '../report.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3000' }, seed: { type: 'string' }, only: { type: 'string' } },
});
const runs = Number(values.runs);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const only = new RegExp(values.only ?? '');

const world = await createFuzzWorld();
const routes = world.routes.filter((r) => only.test(routeName(r)));
console.log(
  `Route fuzzer: ${routes.length} routes × ${runs} cases, seed ${seed}, on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`,
);
const started = performance.now();
const failures: string[] = [];
for (const route of routes) {
  const failure = await world.fuzzRoute(route, { runs, seed });
  if (failure) {
    failures.push(
      `${routeName(route)}: ${failure.problem}\n    ${JSON.stringify(failure.request).slice(0, 500)}`,
    );
  }
}
const seconds = (performance.now() - started) / 1000;
const statuses = [...world.histogram].sort(([a], [b]) => a - b);
console.log(
  `cases        ${world.cases} in ${seconds.toFixed(1)} s (${Math.round(world.cases / seconds)} requests/s)`,
);
console.log(`statuses     ${statuses.map(([s, n]) => `${s}: ${n}`).join(', ')}`);
console.log(`5xx          ${statuses.filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0)}`);
console.log(`failures     ${failures.length}${failures.length ? `\n  ${failures.join('\n  ')}` : ''}`);
if (world.missingRoutes.length) console.log(`not fuzzed   ${world.missingRoutes.join(', ')}`);
report({
  what: `route fuzzer, ${routes.length} routes × ${runs} cases (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
  figure: `${failures.length} failing routes, ${Math.round(world.cases / seconds)} requests/s`,
  goal: '0 failing routes',
  met: failures.length === 0 && world.missingRoutes.length === 0,
  reference: '—',
});
await world.close();
process.exit(failures.length || world.missingRoutes.length ? 1 : 0);
