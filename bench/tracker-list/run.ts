/**
 * Benchmark of the tracked-standards list, runnable as `node bench/tracker-list/run.ts`.
 *
 *  1. Creates a throw-away PostgreSQL database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 *     migrates it, and fills one tenant with 100,000 standards (set-based SQL) and BENCH_USERS users (default
 *     100,000) with 10 tracked standards each (`seedScale`): 1,000,000 tracking rows.
 *  2. Measures with autocannon (c=10, a separate process) in the same run, BENCH_ROUNDS rounds (default 3)
 *     interleaved, the medians reported (bench/report.ts):
 *     - our Fastify endpoint (token verification, tenant resolution, validation, rate limit, serialization);
 *     - a stripped reference: node:http + one raw `pg` query doing the same page (the repository's SQL,
 *       prepared once per connection as the product's is);
 *     - catalogue search on the 100k standards, a mix of query shapes (common word, designation prefix, two
 *       words, prefix and word, no match), at c=10 and c=1, with p50/p99 per shape.
 *  3. Does the same list measurement on PGlite (in-process) with the same data set.
 *  Prints req/s, p50/p99 and the ratios against the goals (≥ 0.9× the reference, p99 ≤ 15 ms, PGlite ≥ 0.35×
 *  PostgreSQL, search p99 ≤ 30 ms at c=10), with the load average. Drops the database at the end. Prints
 *  figures; asserts nothing.
 *
 *  Env: BENCH_DATABASE_URL, BENCH_USERS, BENCH_STANDARDS (default 100,000), BENCH_DURATION (s, default 10),
 *  BENCH_ROUNDS, BENCH_SKIP_PGLITE=1,
 *  BENCH_PROFILE=<dir>: CPU profiles of this process (the server) during the first Fastify list round and the
 *  first search round, written to <dir>/tracker-list-fastify.cpuprofile and tracker-list-search.cpuprofile
 *  (open them in Chrome DevTools), with their top functions printed.
 */
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { openDatabase } from '@trackwell/db';
import pg from 'pg';
import { interleaved, median, ROUNDS, report, times } from '../report.ts';
import {
  combine,
  type Figures,
  listRequests,
  load,
  SEARCH_GOAL_P99_MS,
  SEARCHES,
  show,
  showShapes,
} from './measure.ts';
import { profileCpu, profiledRound } from './profile.ts';
import { ADMIN_URL, CONNECTIONS, DURATION, log, STANDARDS, USERS } from './settings.ts';
import { answerOf, populate, startIssuer, startReference, startTrackwell } from './world.ts';

type Issuer = Awaited<ReturnType<typeof startIssuer>>;
const requestsOf = (figures: Figures) => figures.requests;

type RateLimitStoreKind = Awaited<ReturnType<typeof startTrackwell>>['rateLimits'];
type AllFigures = Record<string, Figures> & { ratio?: number[]; rateLimits?: RateLimitStoreKind };

const RATE_LIMIT_STORES: Record<RateLimitStoreKind, string> = {
  postgres: 'PostgreSQL (api_rate_limits), as without REDIS_URL',
  redis: 'Redis (BENCH_REDIS_URL as the deployment’s REDIS_URL)',
  memory: 'in this process',
};

/** Throw-away database on the server, filled; the list endpoint against the reference, then the search. */
async function measurePostgres(issuer: Issuer, url: string, figures: AllFigures) {
  log('\nPostgreSQL');
  const db = await openDatabase({ url, poolSize: 10 });
  const ctx = await populate(db, issuer.issuer);
  const requests = await listRequests(issuer.sign, ctx, issuer.issuer);
  const app = await startTrackwell(db);
  figures.rateLimits = app.rateLimits;
  log(`  the product's rate limits: ${RATE_LIMIT_STORES[app.rateLimits]}`);
  const ref = await startReference(url, ctx.tenantId);
  try {
    // The ratio means something only while both answer the same: checked on a few users' pages.
    for (const request of requests.slice(0, 5)) {
      const [ours, theirs] = [await answerOf(app.url, request), await answerOf(ref.url, request)];
      if (!isDeepStrictEqual(ours, theirs))
        throw new Error(
          `the stripped reference's answer differs from the product's for ${request.path}:\n` +
            `  product:   ${JSON.stringify(ours).slice(0, 600)}\n  reference: ${JSON.stringify(theirs).slice(0, 600)}`,
        );
    }
    await load(app.url, requests, 3); // warm-up: JIT, token and user caches, connection pools
    await load(ref.url, requests, 3);
    // One side's round: its load, profiled when BENCH_PROFILE asks, its figures printed. The rounds are
    // interleaved (bench/report.ts), so neither side always runs in the quieter moment.
    const side = (name: string, label: string, base: string) => async (round: number) => {
      const run = await profiledRound(
        process.env.BENCH_PROFILE,
        round,
        name,
        () => load(base, requests),
        requestsOf,
      );
      show(`${label}, round ${round}`, run);
      return run;
    };
    const { product, reference } = await interleaved({
      product: side('fastify', 'Fastify list endpoint', app.url),
      reference: side('reference', 'stripped reference', ref.url),
    });
    figures.pgApp = combine(product);
    figures.pgRef = combine(reference);
    figures.ratio = product.map((p, i) => p.rps / reference[i]!.rps);
    show('Fastify list endpoint (PostgreSQL)', figures.pgApp);
    show('stripped reference (node:http + pg)', figures.pgRef);
    await measureSearch(app.url, requests[0]!.headers, figures);
  } finally {
    await app.close();
    await ref.close();
    await db.close();
  }
}

/** Catalogue search on the standards, at c=10 (ROUNDS runs) and for one client, per query shape. */
async function measureSearch(appUrl: string, headers: Record<string, string>, figures: AllFigures) {
  // limit=20 as in the earlier runs (the portal asks for 10); the marks are looked up too.
  const search = SEARCHES.map(({ shape, q }) => ({
    path: `/api/tracker/v1/catalog/search?q=${encodeURIComponent(q)}&limit=20`,
    headers,
    shape,
  }));
  await load(appUrl, search, 2);
  const runs: Figures[] = [];
  for (let round = 1; round <= ROUNDS; round++)
    runs.push(await profileCpu(process.env.BENCH_PROFILE, round === 1, () => load(appUrl, search), 'search'));
  figures.search = combine(runs);
  show(`catalogue search (c=${CONNECTIONS}, ${ROUNDS} runs)`, figures.search);
  showShapes(runs[0]!);
  figures.search1 = await load(appUrl, search, DURATION, 1);
  show('catalogue search, one client (c=1)', figures.search1);
  showShapes(figures.search1);
}

/** The same list measurement on PGlite (in-process), same data set, ROUNDS runs. */
async function measurePglite(issuer: Issuer, figures: AllFigures) {
  log('\nPGlite (in-process WASM)');
  const lite = await openDatabase({ memory: true });
  try {
    const liteCtx = await populate(lite, issuer.issuer);
    const liteRequests = await listRequests(issuer.sign, liteCtx, issuer.issuer);
    const liteApp = await startTrackwell(lite);
    try {
      await load(liteApp.url, liteRequests, 3);
      const runs: Figures[] = [];
      for (let round = 1; round <= ROUNDS; round++) runs.push(await load(liteApp.url, liteRequests));
      figures.lite = combine(runs);
      show('Fastify list endpoint (PGlite)', figures.lite);
    } finally {
      await liteApp.close();
    }
  } finally {
    await lite.close();
  }
}

/** The figures against the goals (issue "Efficiency"), each the median of the rounds. */
function printSummary(figures: AllFigures) {
  log('\nSummary');
  const size = `${(STANDARDS / 1000).toFixed(0)}k standards, ${(USERS * 10).toLocaleString('en')} trackings`;
  log(
    `  CPU per request in the server process: Fastify ${figures.pgApp!.cpuMicrosPerRequest.toFixed(0)} µs, ` +
      `reference ${figures.pgRef!.cpuMicrosPerRequest.toFixed(0)} µs; in PostgreSQL's processes: Fastify ` +
      `${figures.pgApp!.dbCpuMicrosPerRequest.toFixed(0)} µs, reference ${figures.pgRef!.dbCpuMicrosPerRequest.toFixed(0)} µs`,
  );
  const ratio = median(figures.ratio as number[]);
  report({
    what:
      `tracker list, Fastify / stripped reference, PostgreSQL (${size}, c=${CONNECTIONS}` +
      `${figures.rateLimits === 'redis' ? ', rate limits in Redis' : ''})`,
    figure: `${times(ratio)} (${figures.pgApp!.rps.toFixed(0)} req/s)`,
    goal: '≥ 0.9×',
    met: ratio >= 0.9,
    // The rounds' spread beside the median: on a noisy machine it says how far one run can be trusted.
    reference:
      `node:http + pg ${figures.pgRef!.rps.toFixed(0)} req/s; rounds ` +
      `${times(Math.min(...figures.ratio!))}–${times(Math.max(...figures.ratio!))}`,
  });
  report({
    what: `tracker list p99, PostgreSQL (c=${CONNECTIONS})`,
    figure: `${figures.pgApp!.p99} ms`,
    goal: '≤ 15 ms',
    met: figures.pgApp!.p99 <= 15,
    reference: `${figures.pgRef!.p99} ms`,
  });
  if (figures.lite) {
    const liteRatio = figures.lite.rps / figures.pgApp!.rps;
    report({
      what: 'tracker list, PGlite / PostgreSQL (Fastify both)',
      figure: `${times(liteRatio)} (${figures.lite.rps.toFixed(0)} req/s)`,
      goal: '≥ 0.35×',
      met: liteRatio >= 0.35,
      reference: `PostgreSQL ${figures.pgApp!.rps.toFixed(0)} req/s`,
    });
  }
  report({
    what: `catalogue search p99 at c=${CONNECTIONS} (${size})`,
    figure: `${figures.search!.p99} ms`,
    goal: `≤ ${SEARCH_GOAL_P99_MS} ms`,
    met: figures.search!.p99 <= SEARCH_GOAL_P99_MS,
    reference: `one client: p99 ${figures.search1!.p99} ms`,
  });
}

async function main() {
  log(
    `Trackwell tracker-list benchmark — ${new Date().toISOString()}, Node ${process.version}, c=${CONNECTIONS}, ${DURATION} s per run`,
  );
  const issuer = await startIssuer();
  const dbName = `trackwell_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const figures: AllFigures = {};
  try {
    await measurePostgres(issuer, url.toString(), figures);
    if (!process.env.BENCH_SKIP_PGLITE) await measurePglite(issuer, figures);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    await issuer.close();
  }
  printSummary(figures);
}

if (import.meta.main) await main();
