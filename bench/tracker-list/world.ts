import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forecastReview } from '@trackwell/contracts';
import {
  type DatabaseHandle,
  forecastInputOf,
  LIST_CONTENT_TRACKINGS_SQL,
  migrate,
  PG_TYPES,
  storeForecastRules,
  trackedRowOf,
  upsertTenant,
} from '@trackwell/db';
import { seedScale } from '@trackwell/db/seed';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { buildApp } from '@trackwell/server/app';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { parseEnv } from '../../apps/server/src/config/env.ts';

import { log, REDIS_URL, STANDARDS, seconds, USERS } from './settings.ts';

/** The benchmark's world: an issuer, the seeded database, the app under test and the stripped reference. */

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
      // Keys of this run only, so a shared Redis holds no counter of an earlier run.
      ...(REDIS_URL
        ? { REDIS_URL, RATE_LIMIT_KEY_PREFIX: `trackwell-bench-${process.pid}-${Date.now()}:` }
        : {}),
    }),
    db,
    services: new Set(['web']),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    rateLimits: app.rateLimits.kind,
    async close() {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/**
 * The stripped reference: node:http and one raw `pg` query (the repository's own SQL, prepared once per
 * connection as the product prepares its list: a named statement), answering the same JSON
 * as the product (its PostgreSQL client's type parsing, the same row mapping and review forecast functions, the
 * store's forecast rules read once as the product caches them), without authentication, tenant resolution,
 * validation, rate limit or framework.
 */
export async function startReference(url: string, tenantId: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10, types: PG_TYPES });
  pool.on('error', () => {}); // an idle connection ended by the database's drop at the end of the run
  const rules = await storeForecastRules(pool, tenantId);
  const server = createServer(async (req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    const pageIndex = Number(q.get('pageIndex') ?? 1);
    const pageSize = Number(q.get('pageSize') ?? 10);
    try {
      const { rows } = await pool.query({
        name: 'reference-list',
        text: LIST_CONTENT_TRACKINGS_SQL,
        values: [tenantId, q.get('userId'), pageSize, (pageIndex - 1) * pageSize],
      });
      const contentTrackings = rows.map((r) => ({
        ...trackedRowOf(r),
        reviewForecast: forecastReview(forecastInputOf(r), rules),
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

/** The parsed JSON body of one GET (node:http: the load's Host header is sent as given). */
export function answerOf(base: string, request: { path: string; headers: Record<string, string> }) {
  return new Promise<unknown>((resolve, reject) => {
    get(new URL(request.path, base), { headers: request.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(body || 'null') }));
    }).on('error', reject);
  });
}
