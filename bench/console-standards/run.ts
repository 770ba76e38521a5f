/**
 * Benchmark of the console's standards list over 100,000 standards, runnable as
 * `node bench/console-standards/run.ts`. Prints figures and asserts nothing.
 *
 *  1. For each engine (PGlite in memory, then PostgreSQL on BENCH_DATABASE_URL in a throw-away database,
 *     dropped at the end): migrates, writes one store with 100,000 standards (set-based, tracker-list's
 *     `seedCatalogue`) and one store admin, then `VACUUM (ANALYZE)`.
 *  2. Builds the real app and asks `GET /api/console/v1/stores/:code/catalog/standards` through `inject`
 *     (token verification, store and role checks, validation, query, serialization: all the server does),
 *     each case BENCH_ROUNDS times (default 7) after one warm-up, and prints the median and the worst in ms
 *     against the 100 ms goal, with the load average.
 *
 *  Env: BENCH_DATABASE_URL (admin URL, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_ROUNDS,
 *  BENCH_ENGINES (default "pglite,postgres").
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { type DatabaseHandle, grantConsoleRole, migrate, openDatabase, upsertTenant } from '@trackwell/db';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { buildApp } from '@trackwell/server/app';
import pg from 'pg';
import { parseEnv } from '../../apps/server/src/config/env.ts';
import { report } from '../report.ts';
import { STANDARDS } from '../tracker-list/settings.ts';
import { seedCatalogue, startIssuer } from '../tracker-list/world.ts';
import { CASES, GOAL_MS, type Timing, time } from './cases.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const log = (line: string) => process.stdout.write(`${line}\n`);

type Issuer = Awaited<ReturnType<typeof startIssuer>>;

/** One store of 100,000 standards and its admin; the token the requests carry. */
async function populate(db: DatabaseHandle, issuer: Issuer) {
  const started = performance.now();
  await migrate(db);
  const def = buildTenantDefinition({ code: 'benchconsole', hosts: ['bench.localhost'] });
  def.config['issuer-uri'] = issuer.issuer;
  const tenant = await db.transaction((tx) => upsertTenant(tx, def));
  await seedCatalogue(db, tenant.id);
  const userId = randomUUID();
  const login = 'bench-admin@example.test';
  await db.query(
    'INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, $4, $5)',
    [userId, tenant.id, login, 'Bench', 'Admin'],
  );
  await grantConsoleRole(db, tenant.id, userId, 'store_admin', null);
  await db.exec('VACUUM (ANALYZE)');
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM standards WHERE tenant_id = $1',
    [tenant.id],
  );
  log(
    `  ${db.engine}: ${rows[0]!.n.toLocaleString('en')} standards in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const token = await issuer.sign({
    iss: issuer.issuer,
    aud: 'api://default',
    sub: login,
    uid: userId,
    cid: def.config['client-id'],
    scp: ['openid', 'profile', 'email'],
  });
  return { code: def.code, host: def.hosts[0]!, token };
}

async function measure(db: DatabaseHandle, issuer: Issuer) {
  log(`\n${db.engine}`);
  const world = await populate(db, issuer);
  const app = await buildApp({
    env: parseEnv({ LOG_LEVEL: 'silent', SMTP_SINK_PORT: '0', PUBLIC_URL_TEMPLATE: 'http://{host}' }),
    db,
    services: new Set(['web']),
  });
  const results: Array<Timing & { name: string }> = [];
  try {
    for (const c of CASES) {
      const timing = await time(app, world, c.query, ROUNDS);
      results.push({ name: c.name, ...timing });
      log(
        `  ${c.name.padEnd(44)} median ${timing.median.toFixed(1).padStart(6)} ms  worst ${timing.worst
          .toFixed(1)
          .padStart(
            6,
          )} ms  ${timing.rows} rows of ${timing.total ?? '—'}  ${timing.median < GOAL_MS ? 'ok' : 'OVER'}`,
      );
    }
  } finally {
    await app.close();
  }
  const over = results.filter((r) => r.median >= GOAL_MS);
  const slowest = results.reduce((a, r) => (r.median > a.median ? r : a));
  report({
    what: `console standards list, slowest case's median of ${ROUNDS} (${STANDARDS.toLocaleString('en')} standards, ${db.engine}, inject)`,
    figure: `${slowest.median.toFixed(1)} ms (${slowest.name})`,
    goal: `< ${GOAL_MS} ms per page`,
    met: over.length === 0,
    reference: '—',
  });
  log(
    `  ${db.engine}: slowest median ${Math.max(...results.map((r) => r.median)).toFixed(1)} ms ` +
      `(goal < ${GOAL_MS} ms per page): ${over.length ? `${over.length} case(s) over` : 'every case under'}; ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${cpus().length} cores`,
  );
}

async function onPostgres(issuer: Issuer) {
  const name = `trackwell_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const db = await openDatabase({ url: url.toString(), poolSize: 4 });
    try {
      await measure(db, issuer);
    } finally {
      await db.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

log(`console standards list: ${ROUNDS} rounds per case, median and worst of server time (inject)`);
log(
  `load average at start ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores`,
);
const issuer = await startIssuer();
try {
  if (ENGINES.includes('pglite')) {
    const db = await openDatabase({ memory: true });
    try {
      await measure(db, issuer);
    } finally {
      await db.close();
    }
  }
  if (ENGINES.includes('postgres')) await onPostgres(issuer);
} finally {
  await issuer.close();
}
