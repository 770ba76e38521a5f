/**
 * Organisation reviews benchmark: 1,000 organisations × 50 members, each organisation with 10 lists of 50
 * standards (500 standards per organisation), every list holding STD 1 — so one new edition of STD 1 is a
 * change on 10,000 lists. Each round publishes a new edition through the product's applyCatalogEvent (one
 * transaction: the catalogue change, the readers' matching, and the set-based INSERT … SELECT that opens one
 * review per list with its history event and the assignee's notification-centre row) and times it; three
 * rounds, the median beside the goal (≤ 5 s on PostgreSQL), the memory peak and the load average.
 *
 *   node bench/reviews/run.ts [--quick] [--organisations N]          (--quick: 20 organisations, 200 lists)
 *   TEST_DATABASE_URL=postgres://… node bench/reviews/run.ts         (a throw-away database on that server)
 *
 * The e-mails those centre rows become are sent afterwards by the dispatch and sender jobs (measured by
 * bench/fanout); this measures the opening, which the publisher's request waits for.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { applyCatalogEvent, type DatabaseHandle, upsertTenant } from '@trackwell/db';
import { buildTenantDefinition, createTestDatabase } from '@trackwell/db/testing';
import { median, ROUNDS, report } from '../report.ts';

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, organisations: { type: 'string' } },
});
const ORGANISATIONS = values.organisations ? Number(values.organisations) : values.quick ? 20 : 1_000;
const MEMBERS = values.quick ? 10 : 50;
const LISTS_EACH = 10;
const STANDARDS_EACH_LIST = 50;
const STANDARDS = LISTS_EACH * STANDARDS_EACH_LIST;
const GOAL_SECONDS = 5;

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
const log = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const n = (x: number) => x.toLocaleString('en');

/** The store, its 500 standards, the organisations, their members and lists, all in SQL (set-based). */
async function setUp(db: DatabaseHandle) {
  const tenant = await db.transaction((tx) =>
    upsertTenant(tx, buildTenantDefinition({ name: 'Bench Reviews' })),
  );
  const t = tenant.id;
  await db.query(`INSERT INTO publishers VALUES ($1, 'PUB1', 'First Publisher')`, [t]);
  await db.query(
    `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code, status, edition,
                            published_on)
     SELECT $1::uuid, 'std-' || g, 'STD-' || g, 'STD ' || g || ':2020', 'Standard ' || g, 'PUB1', 'active', '2020',
            DATE '2020-01-01' FROM generate_series(1, $2) g`,
    [t, STANDARDS],
  );
  await db.query(
    `INSERT INTO organisations (id, tenant_id, name, seat_limit)
     SELECT gen_random_uuid(), $1, 'Organisation ' || g, $2 FROM generate_series(1, $3) g`,
    [t, MEMBERS, ORGANISATIONS],
  );
  await db.query(
    `INSERT INTO users (id, tenant_id, login, first_name, last_name, locale)
     SELECT gen_random_uuid(), $1, 'member-' || o.name || '-' || m || '@example.com', o.name, 'N' || m,
            (ARRAY['en','de','fr_FR','ja','ar','es'])[1 + m % 6]
       FROM organisations o, generate_series(1, $2) m WHERE o.tenant_id = $1`,
    [t, MEMBERS],
  );
  // Member m of "Organisation g" is named "Organisation g" "Nm"; the first is its owner.
  await db.query(
    `INSERT INTO organisation_members (tenant_id, organisation_id, user_id, role)
     SELECT $1, o.id, u.id, CASE WHEN u.last_name = 'N1' THEN 'owner' ELSE 'reviewer' END
       FROM organisations o JOIN users u ON u.tenant_id = $1 AND u.first_name = o.name
      WHERE o.tenant_id = $1`,
    [t],
  );
  // Ten lists per organisation, list k's responsible person is member k + 1 (ten different assignees).
  await db.query(
    `INSERT INTO organisation_lists (tenant_id, organisation_id, name, responsible_user_id)
     SELECT $1, o.id, 'List ' || k, u.id FROM organisations o CROSS JOIN generate_series(1, $2) k
       JOIN users u ON u.tenant_id = $1 AND u.first_name = o.name AND u.last_name = 'N' || (k % ${MEMBERS} + 1)
      WHERE o.tenant_id = $1`,
    [t, LISTS_EACH],
  );
  // List k holds STD 1 and 49 more of the 500 (its own slice), so STD 1 is on every list.
  await db.query(
    `INSERT INTO organisation_list_standards (tenant_id, list_id, standard_id)
     SELECT $1, l.id, s.id FROM organisation_lists l
       JOIN standards s ON s.tenant_id = $1
        AND (s.content_code = 'STD-1'
             OR substr(s.content_code, 5)::int BETWEEN (substr(l.name, 6)::int - 1) * $2 + 2
                                                  AND substr(l.name, 6)::int * $2)
      WHERE l.tenant_id = $1
     ON CONFLICT DO NOTHING`,
    [t, STANDARDS_EACH_LIST],
  );
  await db.exec('ANALYZE');
  const { rows } = await db.query<{ lists: number; held: number; members: number; rows: number }>(
    `SELECT (SELECT count(*)::int FROM organisation_lists WHERE tenant_id = $1) AS lists,
            (SELECT count(*)::int FROM organisation_list_standards ls JOIN standards s ON s.id = ls.standard_id
              WHERE ls.tenant_id = $1 AND s.content_code = 'STD-1') AS held,
            (SELECT count(*)::int FROM organisation_members WHERE tenant_id = $1) AS members,
            (SELECT count(*)::int FROM organisation_list_standards WHERE tenant_id = $1) AS rows`,
    [t],
  );
  return { tenantId: t, ...rows[0]! };
}

/** One new edition of STD 1 → its transaction, reviews opened included; answers the time and the reviews opened. */
async function round(db: DatabaseHandle, tenantId: string, k: number) {
  const t0 = performance.now();
  const applied = await applyCatalogEvent(
    db,
    tenantId,
    {
      id: `bench-review-${k}`,
      type: 'new_edition',
      standard: { contentCode: 'STD-1' },
      designation: `STD 1:${2020 + k}`,
      edition: String(2020 + k),
      publishedOn: `${2020 + k}-01-01`,
    },
    {
      source: 'api',
      rules: { standard: true, committee: true, industryArea: true, publisher: false, workItem: false },
    },
  );
  const ms = performance.now() - t0;
  const { rows } = await db.query<{ reviews: number }>(
    'SELECT count(*)::int AS reviews FROM organisation_reviews WHERE tenant_id = $1 AND catalog_event_id = $2',
    [tenantId, applied.eventId],
  );
  return { ms, reviews: rows[0]!.reviews, recipients: applied.result.recipients ?? 0 };
}

async function main() {
  const database = await createTestDatabase();
  const db = database.handle;
  log(
    `Organisation reviews benchmark: ${n(ORGANISATIONS)} organisations × ${MEMBERS} members × ${STANDARDS} standards ` +
      `(${LISTS_EACH} lists each); ${db.location}; ${cpus().length} cores`,
  );
  const s0 = performance.now();
  const world = await setUp(db);
  log(
    `  setup: ${n(world.members)} memberships, ${n(world.lists)} lists (${n(world.rows)} list entries), ` +
      `STD 1 on ${n(world.held)} lists, ${seconds(performance.now() - s0)}`,
  );
  const times: number[] = [];
  for (let k = 1; k <= ROUNDS; k++) {
    const r = await round(db, world.tenantId, k);
    times.push(r.ms);
    log(`  round ${k}: ${n(r.reviews)} reviews opened, ${n(r.recipients)} centre rows, ${seconds(r.ms)}`);
  }
  clearInterval(sampler);
  const m = median(times);
  log(
    `  median ${seconds(m)}  (goal ≤ ${GOAL_SECONDS} s on PostgreSQL: ${m / 1000 <= GOAL_SECONDS ? 'met' : 'missed'})`,
  );
  log(
    `  memory peak (RSS) ${Math.round(peakRss / 1024 / 1024)} MB; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  report({
    what: `one new edition opening a review on each of ${n(world.held)} organisation lists, one transaction (${db.engine}, median of ${ROUNDS})`,
    figure: `${seconds(m)}, memory peak ${Math.round(peakRss / 1024 / 1024)} MB`,
    goal: `≤ ${GOAL_SECONDS} s at 10,000 lists on PostgreSQL`,
    // The goal is set at the full size (1,000 organisations); a smaller run's figure is for comparison only.
    met: ORGANISATIONS >= 1_000 && db.engine === 'postgres' ? m / 1000 <= GOAL_SECONDS : undefined,
    reference: '—',
  });
  await database.drop();
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
