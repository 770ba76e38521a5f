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
 *  Env: BENCH_DATABASE_URL, BENCH_USERS, BENCH_DURATION (s, default 10), BENCH_SKIP_PGLITE=1.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  type DatabaseHandle,
  LIST_CONTENT_TRACKINGS_SQL,
  migrate,
  openDatabase,
  upsertTenant,
} from '@trackwell/db';
import { benchUserId, seedScale } from '@trackwell/db/seed';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { buildApp } from '@trackwell/server/app';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { parseEnv } from '../../apps/server/src/config/env.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const STANDARDS = 100_000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const TOKEN_USERS = 1_000; // distinct signed-in users the load rotates through
const PAGE_SIZE = 10;
const execFileAsync = promisify(execFile);
const LOAD_SCRIPT = new URL('./load.ts', import.meta.url).pathname;

const log = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------------------
// A tiny JWKS server: the app verifies real RS256 tokens against it, as against any issuer.

export async function startIssuer() {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/default`;
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(keys.privateKey);
  return { issuer, sign, close: () => new Promise<void>((r) => server.close(() => r())) };
}

// ---------------------------------------------------------------------------------------------------------
// Data: one tenant, 100k standards (set-based), USERS users × 10 trackings (seedScale).

const WORDS = [
  'Tensile',
  'Properties',
  'Plastics',
  'Steel',
  'Pipe',
  'Concrete',
  'Asphalt',
  'Roofing',
  'Water',
  'Pressure',
  'Corrosion',
  'Fatigue',
  'Hardness',
  'Coatings',
  'Adhesion',
  'Viscosity',
  'Petroleum',
  'Rubber',
  'Textile',
  'Fibers',
  'Wood',
  'Glass',
  'Ceramic',
  'Soil',
  'Aggregates',
  'Cement',
  'Copper',
  'Aluminum',
  'Welding',
  'Fasteners',
  'Valves',
  'Membranes',
  'Sealants',
  'Insulation',
  'Thermal',
  'Electrical',
  'Density',
  'Moisture',
  'Sampling',
  'Flammability',
];
const KINDS = ['Test Method', 'Specification', 'Practice', 'Guide', 'Terminology'];

export async function seedCatalogue(db: DatabaseHandle, tenantId: string) {
  await db.query(
    `INSERT INTO publishers (tenant_id, code, name)
     SELECT $1, 'P' || i, 'Publisher ' || i FROM generate_series(1, 10) AS i`,
    [tenantId],
  );
  await db.query(
    `INSERT INTO committees (tenant_id, designation, title, publisher_code)
     SELECT $1, 'C' || lpad(i::text, 3, '0'), 'Committee ' || i, 'P' || (1 + i % 10) FROM generate_series(1, 200) AS i`,
    [tenantId],
  );
  await db.query(
    `INSERT INTO industry_areas (tenant_id, marketing_code, code_name)
     SELECT $1, 'IA' || i, 'Industry ' || i FROM generate_series(1, 20) AS i`,
    [tenantId],
  );
  const w = (k: number) => `($2::text[])[1 + ((i * ${k} + ${k * 7}) % cardinality($2::text[]))]`;
  await db.query(
    `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
       committee_designation, status, edition, published_on)
     SELECT $1, 'x' || i, 'CODE-' || i, chr(65 + i % 26) || i || '-' || lpad((i % 30)::text, 2, '0'),
            'Standard ' || ($3::text[])[1 + i % 5] || ' for ' || ${w(7)} || ' ' || ${w(13)} || ' of ' || ${w(31)} || ' ' || ${w(53)},
            'P' || (1 + i % 10), 'C' || lpad((1 + i % 200)::text, 3, '0'),
            CASE WHEN i % 10 = 0 THEN 'withdrawn' ELSE 'active' END, (2000 + i % 25)::text, date '2000-01-01' + i % 9000
       FROM generate_series(1, $4::int) AS i`,
    [tenantId, WORDS, KINDS, STANDARDS],
  );
}

export async function populate(db: DatabaseHandle, issuer: string) {
  const started = performance.now();
  await migrate(db);
  const def = buildTenantDefinition({ code: 'benchstore', hosts: ['bench.localhost'] });
  def.config['issuer-uri'] = issuer;
  const tenant = await db.transaction((tx) => upsertTenant(tx, def));
  await seedCatalogue(db, tenant.id);
  let lastPrint = 0;
  const scale = await seedScale(db, {
    users: USERS,
    tenantCode: def.code,
    onProgress: ({ done, total }) => {
      if (performance.now() - lastPrint > 15_000) {
        lastPrint = performance.now();
        log(`    … ${done.toLocaleString('en')} / ${total.toLocaleString('en')} users`);
      }
    },
  });
  // Settle the fresh rows before measuring (else autovacuum and checkpoints run during the first runs).
  await db.exec('VACUUM (ANALYZE)');
  if (db.engine === 'postgres') await db.exec('CHECKPOINT');
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_trackings');
  log(
    `  ${db.engine}: ${STANDARDS.toLocaleString('en')} standards, ${USERS.toLocaleString('en')} users, ` +
      `${rows[0]!.n.toLocaleString('en')} tracking rows in ${seconds(performance.now() - started)} ` +
      `(seedScale ${seconds(scale.durationMs)})`,
  );
  return { tenantId: tenant.id, host: def.hosts[0]!, clientId: def.config['client-id'] };
}

// ---------------------------------------------------------------------------------------------------------
// Servers

export async function startTrackwell(db: DatabaseHandle) {
  const dist = mkdtempSync(join(tmpdir(), 'trackwell-bench-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
  const app = await buildApp({
    env: parseEnv({
      LOG_LEVEL: 'silent',
      PORTAL_DIST: dist,
      TRACKER_RATE_LIMIT_PER_USER: '10000000',
      SMTP_SINK_PORT: '0',
      // The load names the store's host without a port (Host: bench.localhost): the template's port (80) is
      // one the server accepts, whatever port it listens on. Without it every answer is 404 tenant_not_found.
      PUBLIC_URL_TEMPLATE: 'http://{host}',
    }),
    db,
    services: new Set(['web']),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** The stripped reference: no auth, no framework, one pooled query, the same page and row shape. */
export async function startReference(url: string, tenantId: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const server = createServer(async (req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    const pageIndex = Number(q.get('pageIndex') ?? 1);
    const pageSize = Number(q.get('pageSize') ?? 10);
    try {
      const { rows } = await pool.query(LIST_CONTENT_TRACKINGS_SQL, [
        tenantId,
        q.get('userId'),
        pageSize,
        (pageIndex - 1) * pageSize,
      ]);
      const contentTrackings = rows.map((r) => ({
        id: Number(r.id),
        contentTrackingId: Number(r.id),
        contentTrackingOff: r.tracking_off,
        content: {
          contentTitle: r.title,
          contentCode: r.content_code,
          displayDesignation: r.designation,
          assetId: r.asset_id,
        },
        data: { publisher: r.publisher_name, publisherCode: r.publisher_code },
        createdAt: new Date(r.created_at).toISOString(),
      }));
      const totalElements = rows[0]?.total ?? 0;
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          status: '200',
          responseData: {
            value: {
              trackingData: {
                contentTrackings,
                totalElements,
                totalPages: Math.ceil(totalElements / pageSize),
                pageIndex,
                pageSize,
              },
            },
          },
        }),
      );
    } catch {
      res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((r) => server.close(() => r()));
      await pool.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Load

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** CPU time of this process (the server under test; with PGlite, the database too) per request. */
  cpuMicrosPerRequest: number;
  /** Status and start of the first answer that was not 2xx (requests with a shape only). */
  firstFailure?: string;
  /** Per request shape, when the requests name one (timed by the load process). */
  shapes?: Record<string, { p50: number; p99: number; requests: number }>;
}

export async function load(
  url: string,
  requests: Array<{ path: string; headers: Record<string, string>; shape?: string }>,
  duration = DURATION,
  connections = CONNECTIONS,
): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'trackwell-bench-job-'));
  const jobFile = join(dir, 'job.json');
  writeFileSync(jobFile, JSON.stringify({ url, connections, durationSeconds: duration, requests }));
  // Asynchronous on purpose: the servers under load live in this process's event loop.
  try {
    const cpu = process.cpuUsage();
    const { stdout } = await execFileAsync(process.execPath, [LOAD_SCRIPT, jobFile], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const used = process.cpuUsage(cpu);
    const figures = JSON.parse(stdout.trim().split('\n').pop()!) as Omit<Figures, 'cpuMicrosPerRequest'>;
    return { ...figures, cpuMicrosPerRequest: (used.user + used.system) / Math.max(1, figures.requests) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const show = (name: string, f: Figures) => {
  const problems = f.errors || f.non2xx ? `, ${f.errors} errors, ${f.non2xx} non-2xx` : '';
  if (f.firstFailure) log(`  first failed answer: ${f.firstFailure}`);
  log(
    `  ${name.padEnd(36)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${String(f.p50).padStart(3)} ms   ` +
      `p99 ${String(f.p99).padStart(3)} ms   ${f.cpuMicrosPerRequest.toFixed(0).padStart(4)} µs CPU/req   ` +
      `(${f.requests.toLocaleString('en')} requests${problems})`,
  );
};

const showShapes = (f: Figures) => {
  for (const [shape, g] of Object.entries(f.shapes ?? {}))
    log(
      `    ${shape.padEnd(34)}               p50 ${String(g.p50).padStart(3)} ms   p99 ${String(g.p99).padStart(3)} ms` +
        `                  (${g.requests.toLocaleString('en')} requests)`,
    );
};

/** Several runs as one: mean throughput and CPU, the worse p50/p99. */
const combine = (runs: Figures[]): Figures => ({
  rps: runs.reduce((a, r) => a + r.rps, 0) / runs.length,
  p50: Math.max(...runs.map((r) => r.p50)),
  p99: Math.max(...runs.map((r) => r.p99)),
  requests: runs.reduce((a, r) => a + r.requests, 0),
  errors: runs.reduce((a, r) => a + r.errors, 0),
  non2xx: runs.reduce((a, r) => a + r.non2xx, 0),
  cpuMicrosPerRequest:
    runs.reduce((a, r) => a + r.cpuMicrosPerRequest * r.requests, 0) /
    runs.reduce((a, r) => a + r.requests, 0),
});

export async function listRequests(
  sign: (c: Record<string, unknown>) => Promise<string>,
  ctx: { tenantId: string; host: string; clientId: string },
  issuer: string,
) {
  const requests: Array<{ path: string; headers: Record<string, string> }> = [];
  for (let k = 0; k < TOKEN_USERS; k++) {
    const n = 1 + Math.floor((k * USERS) / TOKEN_USERS);
    const uid = benchUserId(ctx.tenantId, n);
    const token = await sign({
      iss: issuer,
      aud: 'api://default',
      sub: `bench-user-${String(n).padStart(6, '0')}@example.test`,
      uid,
      cid: ctx.clientId,
      scp: ['openid', 'profile', 'email'],
    });
    requests.push({
      path: `/api/tracker/v2/track-content/get-user-content-tracking-data?userId=${uid}&pageIndex=1&pageSize=${PAGE_SIZE}`,
      headers: { host: ctx.host, authorization: `Bearer ${token}` },
    });
  }
  return requests;
}

/** Catalogue searches by shape, rotated in this order; per-shape p50/p99 are printed. */
const SEARCHES: Array<{ shape: string; q: string }> = [
  // One word in thousands of titles (each ~5,000 of the 100,000): the slow tail before the title-word ranking table (migration 0009).
  { shape: 'one common word', q: 'corrosion' },
  { shape: 'one common word', q: 'glass' },
  { shape: 'one common word', q: 'water' },
  { shape: 'designation prefix', q: 'D6' },
  { shape: 'designation prefix', q: 'A12' },
  { shape: 'designation prefix', q: 'D638' },
  { shape: 'designation prefix', q: 'K4711' },
  { shape: 'two words', q: 'asphalt roofing' },
  { shape: 'two words', q: 'pipe valves' },
  { shape: 'two words', q: 'welding fasteners' },
  { shape: 'prefix and word', q: 'B3 water' },
  { shape: 'no match', q: 'zzqx' },
  { shape: 'no match', q: 'unobtainium alloy' },
];
const SEARCH_GOAL_P99_MS = 50;

// ---------------------------------------------------------------------------------------------------------

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
  const figures: Record<string, Figures> = {};
  let db: DatabaseHandle | undefined;
  try {
    log('\nPostgreSQL');
    db = await openDatabase({ url: url.toString(), poolSize: 10 });
    const ctx = await populate(db, issuer.issuer);
    const requests = await listRequests(issuer.sign, ctx, issuer.issuer);
    const app = await startTrackwell(db);
    const ref = await startReference(url.toString(), ctx.tenantId);
    try {
      await load(app.url, requests, 3); // warm-up: JIT, token and user caches, connection pools
      await load(ref.url, requests, 3);
      // Two interleaved rounds, so neither side always runs in the quieter moment.
      const rounds: Array<[Figures, Figures]> = [];
      for (const round of [1, 2]) {
        const appRun = await load(app.url, requests);
        show(`Fastify list endpoint, round ${round}`, appRun);
        const refRun = await load(ref.url, requests);
        show(`stripped reference, round ${round}`, refRun);
        rounds.push([appRun, refRun]);
      }
      figures.pgApp = combine(rounds.map((r) => r[0]));
      figures.pgRef = combine(rounds.map((r) => r[1]));
      show('Fastify list endpoint (PostgreSQL)', figures.pgApp);
      show('stripped reference (node:http + pg)', figures.pgRef);
      // limit=20 as in the earlier runs (the portal asks for 10); the marks are looked up too.
      const search = SEARCHES.map(({ shape, q }) => ({
        path: `/api/tracker/v1/catalog/search?q=${encodeURIComponent(q)}&limit=20`,
        headers: requests[0]!.headers,
        shape,
      }));
      await load(app.url, search, 2);
      figures.search = await load(app.url, search);
      show(`catalogue search, 100k standards (c=${CONNECTIONS})`, figures.search);
      showShapes(figures.search);
      figures.search1 = await load(app.url, search, DURATION, 1);
      show('catalogue search, one client (c=1)', figures.search1);
      showShapes(figures.search1);
    } finally {
      await app.close();
      await ref.close();
      await db.close();
      db = undefined;
    }

    if (!process.env.BENCH_SKIP_PGLITE) {
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
  } finally {
    if (db) await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    await issuer.close();
  }

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

if (import.meta.main) await main();
