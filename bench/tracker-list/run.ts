/**
 * Benchmark of the tracked-standards list, runnable as `node bench/tracker-list/run.ts`.
 *
 *  1. Creates a throw-away PostgreSQL database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 *     migrates it, and fills one tenant with 100,000 standards (set-based SQL) and BENCH_USERS users (default
 *     100,000) with 10 tracked standards each (`seedScale`): 1,000,000 tracking rows.
 *  2. Measures with autocannon (c=10, a separate process) in the same run:
 *     - our Fastify endpoint (token verification, tenant resolution, validation, rate limit, serialization);
 *     - a stripped reference: node:http + one raw `pg` query doing the same page (the repository's SQL);
 *     - catalogue search on the 100k standards, a mix of query shapes (common word, designation prefix, two
 *       words, prefix and word, no match), at c=10 and c=1, with p50/p99 per shape.
 *  3. Does the same list measurement on PGlite (in-process) with the same data set.
 *  Prints req/s, p50/p99 and the ratios against the goals (≥ 0.75× the reference, p99 ≤ 15 ms, PGlite ≥ 0.30×
 *  PostgreSQL, search p99 ≤ 50 ms at c=10). Drops the database at the end. Prints figures; asserts nothing.
 *
 *  Env: BENCH_DATABASE_URL, BENCH_USERS, BENCH_DURATION (s, default 10), BENCH_SKIP_PGLITE=1,
 *  BENCH_PROFILE=<dir>: a CPU profile of this process (the server) during the Fastify list rounds only, written
 *  to <dir>/tracker-list-fastify.cpuprofile (open it in Chrome DevTools), with its top functions printed.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { openDatabase } from '@trackwell/db';
import pg from 'pg';
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
import { profileCpu } from './profile.ts';
import { ADMIN_URL, CONNECTIONS, DURATION, log } from './settings.ts';
import { populate, startIssuer, startReference, startTrackwell } from './world.ts';

type Issuer = Awaited<ReturnType<typeof startIssuer>>;

type AllFigures = Record<string, Figures>;

/** Throw-away database on the server, filled; the list endpoint against the reference, then the search. */
async function measurePostgres(issuer: Issuer, url: string, figures: AllFigures) {
  log('\nPostgreSQL');
  const db = await openDatabase({ url, poolSize: 10 });
  const ctx = await populate(db, issuer.issuer);
  const requests = await listRequests(issuer.sign, ctx, issuer.issuer);
  const app = await startTrackwell(db);
  const ref = await startReference(url, ctx.tenantId);
  try {
    await load(app.url, requests, 3); // warm-up: JIT, token and user caches, connection pools
    await load(ref.url, requests, 3);
    // Two interleaved rounds, so neither side always runs in the quieter moment.
    const rounds: Array<[Figures, Figures]> = [];
    for (const round of [1, 2]) {
      const appRun = await profileCpu(process.env.BENCH_PROFILE, round === 1, () => load(app.url, requests));
      show(`Fastify list endpoint, round ${round}`, appRun);
      const refRun = await load(ref.url, requests);
      show(`stripped reference, round ${round}`, refRun);
      rounds.push([appRun, refRun]);
    }
    figures.pgApp = combine(rounds.map((r) => r[0]));
    figures.pgRef = combine(rounds.map((r) => r[1]));
    show('Fastify list endpoint (PostgreSQL)', figures.pgApp);
    show('stripped reference (node:http + pg)', figures.pgRef);
    await measureSearch(app.url, requests[0]!.headers, figures);
  } finally {
    await app.close();
    await ref.close();
    await db.close();
  }
}

/** Catalogue search on the 100k standards, at c=10 and for one client, per query shape. */
async function measureSearch(appUrl: string, headers: Record<string, string>, figures: AllFigures) {
  // limit=20 as in the earlier runs (the portal asks for 10); the marks are looked up too.
  const search = SEARCHES.map(({ shape, q }) => ({
    path: `/api/tracker/v1/catalog/search?q=${encodeURIComponent(q)}&limit=20`,
    headers,
    shape,
  }));
  await load(appUrl, search, 2);
  figures.search = await load(appUrl, search);
  show(`catalogue search, 100k standards (c=${CONNECTIONS})`, figures.search);
  showShapes(figures.search);
  figures.search1 = await load(appUrl, search, DURATION, 1);
  show('catalogue search, one client (c=1)', figures.search1);
  showShapes(figures.search1);
}

/** The same list measurement on PGlite (in-process), same data set. */
async function measurePglite(issuer: Issuer, figures: AllFigures) {
  log('\nPGlite (in-process WASM)');
  const lite = await openDatabase({ memory: true });
  try {
    const liteCtx = await populate(lite, issuer.issuer);
    const liteRequests = await listRequests(issuer.sign, liteCtx, issuer.issuer);
    const liteApp = await startTrackwell(lite);
    try {
      await load(liteApp.url, liteRequests, 3);
      figures.lite = await load(liteApp.url, liteRequests);
      show('Fastify list endpoint (PGlite)', figures.lite);
    } finally {
      await liteApp.close();
    }
  } finally {
    await lite.close();
  }
}

/** The figures against the goals. */
function printSummary(figures: AllFigures) {
  log('\nSummary');
  const load1 = loadavg()[0]!.toFixed(1);
  log(
    `  machine: ${cpus().length} cores, load average ${load1} now (figures are noisy when it is above the cores)`,
  );
  const ratio = figures.pgApp!.rps / figures.pgRef!.rps;
  log(
    `  CPU per request in the server process: Fastify ${figures.pgApp!.cpuMicrosPerRequest.toFixed(0)} µs, ` +
      `reference ${figures.pgRef!.cpuMicrosPerRequest.toFixed(0)} µs`,
  );
  log(
    `  Fastify / reference on PostgreSQL: ${ratio.toFixed(2)}× (goal ≥ 0.75) ${ratio >= 0.75 ? 'met' : 'NOT met'}`,
  );
  log(
    `  Fastify p99 on PostgreSQL: ${figures.pgApp!.p99} ms (goal ≤ 15 ms) ${figures.pgApp!.p99 <= 15 ? 'met' : 'NOT met'}`,
  );
  if (figures.lite) {
    const liteRatio = figures.lite.rps / figures.pgApp!.rps;
    log(
      `  PGlite / PostgreSQL (Fastify): ${liteRatio.toFixed(2)}× (goal ≥ 0.30) ${liteRatio >= 0.3 ? 'met' : 'NOT met'}`,
    );
  }
  log(
    `  catalogue search on 100k standards: p99 ${figures.search!.p99} ms at c=${CONNECTIONS}, ` +
      `p99 ${figures.search1!.p99} ms for one client (p50 ${figures.search1!.p50} ms)`,
  );
  const searchP99 = figures.search!.p99;
  log(
    `  search p99 at c=${CONNECTIONS}: ${searchP99} ms (goal ≤ ${SEARCH_GOAL_P99_MS} ms) ` +
      `${searchP99 <= SEARCH_GOAL_P99_MS ? 'met' : 'NOT met'}`,
  );
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
