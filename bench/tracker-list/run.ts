/**
 * Benchmark of the tracked-standards list (issue 4), runnable as `node bench/tracker-list/run.ts`.
 *
 *  1. Creates a throw-away PostgreSQL database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 *     migrates it, and fills one tenant with 100,000 standards (set-based SQL) and BENCH_USERS users (default
 *     100,000) with 10 tracked standards each (`seedScale`): 1,000,000 tracking rows.
 *  2. Measures with autocannon (c=10, a separate process) in the same run:
 *     - our Fastify endpoint (token verification, tenant resolution, validation, rate limit, serialization);
 *     - a stripped reference: node:http + one raw `pg` query doing the same page (the repository's SQL);
 *     - catalogue search on the 100k standards.
 *  3. Does the same list measurement on PGlite (in-process) with the same data set.
 *  Prints req/s, p50/p99 and the ratios against the goals (≥ 0.75× the reference, p99 ≤ 15 ms, PGlite ≥ 0.30×
 *  PostgreSQL). Drops the database at the end. Prints figures; asserts nothing.
 *
 *  Env: BENCH_DATABASE_URL, BENCH_USERS, BENCH_DURATION (s, default 10), BENCH_SKIP_PGLITE=1.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
const LOAD_SCRIPT = new URL('./load.ts', import.meta.url).pathname;

const log = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------------------
// A tiny JWKS server: the app verifies real RS256 tokens against it, as against any issuer.

async function startIssuer() {
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

async function seedCatalogue(db: DatabaseHandle, tenantId: string) {
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

async function populate(db: DatabaseHandle, issuer: string) {
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
  await db.exec('ANALYZE');
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

async function startTrackwell(db: DatabaseHandle) {
  const dist = mkdtempSync(join(tmpdir(), 'trackwell-bench-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
  const app = await buildApp({
    env: parseEnv({ LOG_LEVEL: 'silent', PORTAL_DIST: dist, TRACKER_RATE_LIMIT_PER_USER: '10000000' }),
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
async function startReference(url: string, tenantId: string) {
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
}

function load(
  url: string,
  requests: Array<{ path: string; headers: Record<string, string> }>,
  duration = DURATION,
) {
  const dir = mkdtempSync(join(tmpdir(), 'trackwell-bench-job-'));
  const jobFile = join(dir, 'job.json');
  writeFileSync(
    jobFile,
    JSON.stringify({ url, connections: CONNECTIONS, durationSeconds: duration, requests }),
  );
  const r = spawnSync(process.execPath, [LOAD_SCRIPT, jobFile], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`autocannon failed: ${r.error?.message ?? r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Figures;
}

const show = (name: string, f: Figures) =>
  log(
    `  ${name.padEnd(34)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(
      f.p99,
    ).padStart(
      3,
    )} ms   (${f.requests.toLocaleString('en')} requests${f.errors || f.non2xx ? `, ${f.errors} errors, ${f.non2xx} non-2xx` : ''})`,
  );

async function listRequests(
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

const SEARCHES = [
  'D638',
  'tensile steel',
  'corrosion',
  'A12',
  'asphalt roofing',
  'K4711',
  'pipe valves',
  'glass',
  'B3 water',
  'welding fasteners',
];

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
      load(app.url, requests, 3); // warm-up: JIT, token and user caches, connection pools
      load(ref.url, requests, 3);
      figures.pgApp = load(app.url, requests);
      show('Fastify list endpoint (PostgreSQL)', figures.pgApp);
      figures.pgRef = load(ref.url, requests);
      show('stripped reference (node:http + pg)', figures.pgRef);
      const search = SEARCHES.map((q) => ({
        path: `/api/tracker/v1/catalog/search?q=${encodeURIComponent(q)}&limit=20`,
        headers: requests[0]!.headers,
      }));
      load(app.url, search, 2);
      figures.search = load(app.url, search);
      show('catalogue search, 100k standards', figures.search);
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
          load(liteApp.url, liteRequests, 3);
          figures.lite = load(liteApp.url, liteRequests);
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
  const ratio = figures.pgApp!.rps / figures.pgRef!.rps;
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
  log(`  catalogue search p99: ${figures.search!.p99} ms (p50 ${figures.search!.p50} ms)`);
}

await main();
