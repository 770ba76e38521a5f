/**
 * Cited-standards benchmark: a catalogue of 100,000 standards citing each other 1,000,000 times, 50,000
 * readers each tracking a few standards; a new edition of a standard cited by 5,000 others → the time to match
 * (the set-based INSERT … SELECT of event-matching.ts with its citation CTEs) and to hand every e-mail to an
 * SMTP sink, beside the direct-match path for a change of the same fan-out in the same run: a standard
 * tracked directly by exactly as many readers as the citation reaches. BENCH_ROUNDS interleaved rounds (default
 * 3; bench/report.ts: cited then direct, then direct then cited, …), medians printed, the ratio cited / direct
 * (goal ≤ 2), the memory peak and the load.
 *
 *   node bench/citations/run.ts [--size 1] [--connections 5]      (--size 0.02: 2,000 standards, …)
 *   TEST_DATABASE_URL=postgres://… node bench/citations/run.ts    (a throw-away database on that server)
 *
 * Measured once at the stated size (PostgreSQL 15 on 127.0.0.1, 2 cores shared with four other agents' work,
 * load average 13.6, 5 SMTP connections): 1,005,000 citations, setup 94 s; the change of STD 1 reaches 7,103
 * readers (7,101 through the 5,000 citing standards, 2 track it too), the direct change 7,101:
 *   rounds (cited / direct, all e-mails handed over): 109.8 / 86.4 s, 95.7 / 36.1 s, 42.7 / 54.3 s
 *   median match 1.19 s / 2.41 s (ratio 0.49); median handed over 95.7 s / 54.3 s (ratio 1.76, goal ≤ 2);
 *   memory peak 411 MB. The hand-over times swing with the machine's load more than between the paths.
 * At --size 0.02 on PGlite (165 e-mails): median match 0.16 / 0.09 s, handed over 1.87 / 2.02 s (ratio 0.92).
 *
 * The pipeline is the product's (applyCatalogEvent, the notification service's dispatch and sender jobs,
 * the sink of bench/smtp-sink.ts); only the catalogue, the citations and the trackings are made in SQL.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { applyCatalogEvent, type DatabaseHandle, upsertTenant } from '@trackwell/db';
import { buildTenantDefinition } from '@trackwell/db/testing';
import type { Env } from '../../apps/server/src/config/env.ts';
import { lazyBoss } from '../../apps/server/src/modules/jobs/boss.ts';
import { createNotificationService } from '../../apps/server/src/modules/notifications/service.ts';
import { createSmtpTransport } from '../../apps/server/src/modules/notifications/transport.ts';
import { storeOrigin } from '../../apps/server/src/modules/tenants/public-urls.ts';
import { interleaved, median, ROUNDS, report, times } from '../report.ts';
import { openMailBench, type Sink } from '../smtp-sink.ts';

const { values } = parseArgs({
  options: { size: { type: 'string', default: '1' }, connections: { type: 'string', default: '5' } },
});
const SIZE = Number(values.size);
const CONNECTIONS = Number(values.connections);
const STANDARDS = Math.round(100_000 * SIZE);
const CITATIONS = Math.round(1_000_000 * SIZE);
const READERS = Math.round(50_000 * SIZE);
const FAN_OUT = Math.round(5_000 * SIZE);
const TRACKED_EACH = 3;
/** The cited standard ("STD 1") and the directly tracked one, whose publisher words no citation shares. */
const CITED = 'STD 1';
const DIRECT = 'DIRECT 1';

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
const log = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The catalogue, the citations (STD 2 … STD FAN_OUT+1 cite STD 1, half dated) and the readers' trackings. */
async function setUp(db: DatabaseHandle) {
  const tenant = await db.transaction((tx) =>
    upsertTenant(tx, buildTenantDefinition({ name: 'Bench Cites' })),
  );
  const t = tenant.id;
  await db.query(`INSERT INTO publishers VALUES ($1, 'PUB1', 'First Publisher')`, [t]);
  await db.query(`INSERT INTO committees VALUES ($1, 'D20', 'Machinery', 'PUB1')`, [t]);
  await db.query(
    `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
                            committee_designation, status, edition, published_on)
     SELECT $1::uuid, 'std-' || g, 'STD-' || g, 'STD ' || g || ':2020', 'Standard ' || g, 'PUB1', 'D20', 'active',
            '2020', DATE '2020-01-01' FROM generate_series(1, $2) g
     UNION ALL
     SELECT $1::uuid, 'direct-1', 'DIRECT-1', '${DIRECT}:2020', 'Directly tracked', 'PUB1', 'D20', 'active', '2020',
            '2020-01-01'`,
    [t, STANDARDS],
  );
  const perStandard = Math.max(1, Math.round((CITATIONS - FAN_OUT) / STANDARDS));
  // Every standard cites `perStandard` others spread over the catalogue (never STD 1), undated …
  await db.query(
    `INSERT INTO standard_citations (tenant_id, standard_id, cited_key, cited_words, cited_edition, normative,
                                     cited_designation)
     SELECT $1, s.id, n::text, '{STD}', '', k % 4 <> 0, 'STD ' || n
       FROM standards s, generate_series(1, $3) k,
            LATERAL (SELECT 2 + (substr(s.content_code, 5)::bigint * 7919 + k * 104729) % ($2 - 1) AS n) x
      WHERE s.tenant_id = $1 AND s.content_code LIKE 'STD-%'
     ON CONFLICT DO NOTHING`,
    [t, STANDARDS, perStandard],
  );
  // … and FAN_OUT of them cite STD 1 normatively, half dated.
  await db.query(
    `INSERT INTO standard_citations (tenant_id, standard_id, cited_key, cited_words, cited_edition, normative,
                                     cited_designation)
     SELECT $1, s.id, '1', '{STD}', CASE WHEN g % 2 = 0 THEN '2020' ELSE '' END, true,
            CASE WHEN g % 2 = 0 THEN '${CITED}:2020' ELSE '${CITED}' END
       FROM generate_series(2, $2 + 1) g JOIN standards s ON s.tenant_id = $1 AND s.content_code = 'STD-' || g
     ON CONFLICT DO NOTHING`,
    [t, FAN_OUT],
  );
  await db.query(
    `INSERT INTO users (id, tenant_id, login, first_name, last_name, locale)
     SELECT gen_random_uuid(), $1, 'reader-' || g || '@example.com', 'Reader', 'N' || g,
            (ARRAY['en','de','fr_FR','ja','ar','es'])[1 + g % 6] FROM generate_series(1, $2) g`,
    [t, READERS],
  );
  await db.query(
    `INSERT INTO content_trackings (tenant_id, user_id, standard_id)
     SELECT $1, u.id, s.id FROM users u, generate_series(1, $3) j,
            LATERAL (SELECT 1 + (hashtext(u.login || j)::bigint & 2147483647) % $2 AS n) x
       JOIN standards s ON s.tenant_id = $1 AND s.content_code = 'STD-' || x.n
      WHERE u.tenant_id = $1
     ON CONFLICT DO NOTHING`,
    [t, STANDARDS, TRACKED_EACH],
  );
  // The same fan-out directly: DIRECT 1 tracked by as many readers as the citation of STD 1 reaches.
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(DISTINCT ct.user_id)::int AS n FROM standards s
       JOIN standard_citations c ON c.tenant_id = $1 AND c.cited_key = '1' AND c.standard_id = s.id
       JOIN content_trackings ct ON ct.tenant_id = $1 AND ct.standard_id = s.id
      WHERE s.tenant_id = $1`,
    [t],
  );
  const reached = rows[0]!.n;
  await db.query(
    `INSERT INTO content_trackings (tenant_id, user_id, standard_id)
     SELECT $1, u.id, (SELECT id FROM standards WHERE tenant_id = $1 AND content_code = 'DIRECT-1')
       FROM (SELECT id FROM users WHERE tenant_id = $1 ORDER BY id LIMIT $2) u`,
    [t, reached],
  );
  await db.exec('ANALYZE');
  const counted = await db.query<{ citations: number }>(
    'SELECT count(*)::int AS citations FROM standard_citations WHERE tenant_id = $1',
    [t],
  );
  return { tenantId: t, reached, citations: counted.rows[0]!.citations };
}

type Service = ReturnType<typeof createNotificationService>;

/** One new edition → matched (one transaction) → dispatched → every e-mail accepted by the sink. */
async function round(
  db: DatabaseHandle,
  service: Service,
  sink: Sink,
  tenantId: string,
  path: 'cited' | 'direct',
  n: number,
) {
  const code = path === 'cited' ? 'STD-1' : 'DIRECT-1';
  const name = path === 'cited' ? CITED : DIRECT;
  const before = sink.accepted;
  const t0 = performance.now();
  const applied = await applyCatalogEvent(
    db,
    tenantId,
    {
      id: `bench-${path}-${n}`,
      type: 'new_edition',
      standard: { contentCode: code },
      designation: `${name}:${2020 + n}`,
      edition: String(2020 + n),
      publishedOn: `${2020 + n}-01-01`,
    },
    {
      source: 'api',
      rules: { standard: true, committee: true, industryArea: true, publisher: false, workItem: false },
    },
  );
  const matchMs = performance.now() - t0;
  const recipients = applied.result.recipients ?? 0;
  await service.dispatch(applied.eventId!);
  await sink.until(before + recipients);
  return { matchMs, totalMs: performance.now() - t0, recipients };
}

async function main() {
  const { env, database, db, sink } = await openMailBench(CONNECTIONS);
  log(
    `Cited-standards benchmark: ${STANDARDS.toLocaleString('en')} standards, ${READERS.toLocaleString('en')} readers, ` +
      `a standard cited by ${FAN_OUT.toLocaleString('en')}; ${db.location}; ${cpus().length} cores`,
  );
  const s0 = performance.now();
  const { tenantId, reached, citations } = await setUp(db);
  log(
    `  setup: ${citations.toLocaleString('en')} citations, fan-out ${reached.toLocaleString('en')} readers, ${seconds(performance.now() - s0)}`,
  );
  const boss = lazyBoss(db, () => {}, { superviseSeconds: 10 });
  const service = createNotificationService({
    db,
    env: env as Env,
    boss,
    transport: createSmtpTransport({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, connections: CONNECTIONS }),
    origin: (host) => storeOrigin(env.PUBLIC_URL_TEMPLATE, host, env.PORT),
    log: { warn() {}, error: (o) => process.stderr.write(`${String((o as { err?: unknown }).err)}\n`) },
  });
  await service.startWorker();
  const roundOf = (path: 'cited' | 'direct') => async (n: number) => {
    const r = await round(db, service, sink, tenantId, path, n);
    log(
      `  round ${n} ${path.padEnd(6)} ${r.recipients.toLocaleString('en')} e-mails: match ${seconds(r.matchMs)}, all handed over ${seconds(r.totalMs)}`,
    );
    return r;
  };
  // Interleaved, alternating which goes first (bench/report.ts): the direct path is the reference.
  const { product: cited, reference: direct } = await interleaved({
    product: roundOf('cited'),
    reference: roundOf('direct'),
  });
  const results = { cited, direct };
  await service.close();
  clearInterval(sampler);
  const m = (path: 'cited' | 'direct', key: 'matchMs' | 'totalMs') =>
    median(results[path].map((r) => r[key]));
  log(
    `  median match        cited ${seconds(m('cited', 'matchMs'))}  direct ${seconds(m('direct', 'matchMs'))}  ratio ${(m('cited', 'matchMs') / m('direct', 'matchMs')).toFixed(2)}`,
  );
  log(
    `  median handed over  cited ${seconds(m('cited', 'totalMs'))}  direct ${seconds(m('direct', 'totalMs'))}  ratio ${(m('cited', 'totalMs') / m('direct', 'totalMs')).toFixed(2)}  (goal ≤ 2)`,
  );
  log(
    `  memory peak (RSS) ${Math.round(peakRss / 1024 / 1024)} MB; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  const ratio = m('cited', 'totalMs') / m('direct', 'totalMs');
  report({
    what: `cited-standard alerts handed over / the same count of direct change alerts (size ${SIZE}, median of ${ROUNDS})`,
    figure: `${times(ratio)} (${seconds(m('cited', 'totalMs'))})`,
    goal: '≤ 2×',
    met: ratio <= 2,
    reference: `direct ${seconds(m('direct', 'totalMs'))}`,
  });
  await sink.close();
  await database.drop();
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
