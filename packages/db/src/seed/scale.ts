import { createHash } from 'node:crypto';
import type { DatabaseHandle } from '../client.ts';
import { findTenantByCode } from '../repositories/tenants.ts';
import { createRandom } from './random.ts';

/**
 * The scale seed: N synthetic users on one tenant, each with ~10 tracked standards and a few source trackings
 * (committees, industry areas, publishers, the work-item switch), for benchmarks and capacity tests.
 *
 * Deterministic and idempotent per user range: user n always gets the same id, login and trackings, users are
 * written in batches (each batch in one transaction with its trackings), and a batch whose users all exist is
 * skipped — so re-running with the same N adds nothing, and a larger N adds only the new users.
 *
 * These users cannot sign in (no credentials): they exist to load the tracker and the change matcher.
 */

export interface SeedScaleProgress {
  /** Users handled so far (inserted or already there). */
  done: number;
  total: number;
  insertedUsers: number;
}

export interface SeedScaleOptions {
  users: number;
  /** Default `trackwell`. The tenant and its catalogue must exist (run the demo seed first). */
  tenantCode?: string;
  /** Users per transaction. */
  batchSize?: number;
  onProgress?: (progress: SeedScaleProgress) => void;
}

export interface SeedScaleResult {
  tenantId: string;
  users: { requested: number; inserted: number };
  contentTrackings: number;
  sourceTrackings: number;
  durationMs: number;
}

/** Tracked standards per user. */
export const CONTENT_TRACKINGS_PER_USER = 10;

/** The login of synthetic user n (1-based): bench-user-000001@example.test. */
export const benchUserLogin = (n: number) => `bench-user-${String(n).padStart(6, '0')}@example.test`;

/**
 * The id of synthetic user n of a tenant: an MD5-derived UUID, the same one USER_ID_SQL computes. The version
 * and variant digits are set (4, 8) so it is a well-formed RFC 9562 UUID that strict validators accept.
 */
export function benchUserId(tenantId: string, n: number): string {
  const h = createHash('md5').update(`${tenantId}:bench-user:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
}

// SQL twins of benchUserId / benchUserLogin for user number `i`, with the id prefix `${tenantId}:bench-user:` as $2.
const USER_ID_SQL = `overlay(overlay(md5($2::text || i) placing '4' from 13) placing '8' from 17)::uuid`;
const USER_LOGIN_SQL = `'bench-user-' || lpad(i::text, greatest(6, length(i::text)), '0') || '@example.test'`;

const FIRST_NAMES = [
  'Ada',
  'Bruno',
  'Chiara',
  'Dmitri',
  'Elif',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kavya',
  'Lars',
  'Mei',
  'Nadia',
  'Omar',
  'Priya',
  'Quentin',
  'Rosa',
  'Sven',
  'Tariq',
  'Ulla',
  'Viktor',
  'Wen',
  'Yara',
];
const LAST_NAMES = [
  'Andersen',
  'Barros',
  'Chen',
  'Dubois',
  'Eriksson',
  'Fischer',
  'García',
  'Haddad',
  'Ibrahim',
  'Jensen',
  'Kowalski',
  'López',
  'Murphy',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quinn',
  'Rossi',
  'Silva',
  'Tanaka',
  'Umarov',
  'Varga',
  'Williams',
  'Zimmermann',
];

/** 2024-01-01T00:00:00Z: tracking timestamps fall in the year after it. */
const EPOCH_2024 = 1_704_067_200;
const YEAR_SECONDS = 365 * 24 * 3600;

interface TenantCatalogue {
  standardIds: number[];
  committees: string[];
  industryAreas: string[];
  publishers: string[];
}

interface BatchRows {
  content: { user: number[]; standard: number[]; off: boolean[]; at: number[] };
  source: { user: number[]; type: string[]; value: string[] };
}

/** The trackings of users [from, to]: each user's picks come from its own seeded generator. */
function batchRows(tenantCode: string, from: number, to: number, cat: TenantCatalogue): BatchRows {
  const rows: BatchRows = {
    content: { user: [], standard: [], off: [], at: [] },
    source: { user: [], type: [], value: [] },
  };
  const pickDistinct = (rng: ReturnType<typeof createRandom>, items: readonly string[], count: number) => {
    const chosen = new Set<string>();
    while (chosen.size < Math.min(count, items.length)) chosen.add(rng.pick(items));
    return [...chosen];
  };
  for (let n = from; n <= to; n++) {
    const rng = createRandom(`${tenantCode}:bench-user:${n}`);
    const picked = new Set<number>();
    while (picked.size < CONTENT_TRACKINGS_PER_USER) picked.add(rng.int(0, cat.standardIds.length - 1));
    for (const index of picked) {
      rows.content.user.push(n);
      rows.content.standard.push(cat.standardIds[index]!);
      rows.content.off.push(rng.chance(0.1));
      rows.content.at.push(EPOCH_2024 + rng.int(0, YEAR_SECONDS));
    }
    const source = (type: string, values: readonly string[]) => {
      for (const value of values) {
        rows.source.user.push(n);
        rows.source.type.push(type);
        rows.source.value.push(value);
      }
    };
    const committeeCount = rng.weighted([
      [0, 4],
      [1, 3],
      [2, 2],
      [3, 1],
    ] as const);
    source('COMMITTEE', pickDistinct(rng, cat.committees, committeeCount));
    source(
      'INDUSTRYAREA',
      pickDistinct(
        rng,
        cat.industryAreas,
        rng.weighted([
          [0, 5],
          [1, 3],
          [2, 2],
        ] as const),
      ),
    );
    if (rng.chance(0.2)) source('PUBLISHERS', pickDistinct(rng, cat.publishers, 1));
    if (rng.chance(0.15)) source('WORKITEM', ['true']); // spec §3: the work-item switch, stored as 'true'
  }
  return rows;
}

async function loadTenantCatalogue(handle: DatabaseHandle, tenantId: string): Promise<TenantCatalogue> {
  const { rows } = await handle.query<{
    standard_ids: number[] | null;
    committees: string[] | null;
    industry_areas: string[] | null;
    publishers: string[] | null;
  }>(
    `SELECT
       (SELECT array_agg(id ORDER BY id) FROM standards WHERE tenant_id = $1 AND status = 'active') AS standard_ids,
       (SELECT array_agg(designation ORDER BY designation) FROM committees WHERE tenant_id = $1) AS committees,
       (SELECT array_agg(marketing_code ORDER BY marketing_code) FROM industry_areas WHERE tenant_id = $1) AS industry_areas,
       (SELECT array_agg(code ORDER BY code) FROM publishers WHERE tenant_id = $1) AS publishers`,
    [tenantId],
  );
  const r = rows[0]!;
  return {
    standardIds: (r.standard_ids ?? []).map(Number),
    committees: r.committees ?? [],
    industryAreas: r.industry_areas ?? [],
    publishers: r.publishers ?? [],
  };
}

export async function seedScale(handle: DatabaseHandle, options: SeedScaleOptions): Promise<SeedScaleResult> {
  const started = performance.now();
  const total = options.users;
  if (!Number.isInteger(total) || total < 0)
    throw new Error(`The number of users must be a whole number (got ${total})`);
  const tenantCode = options.tenantCode ?? 'trackwell';
  const batchSize = options.batchSize ?? 5000;
  const tenant = await findTenantByCode(handle, tenantCode);
  if (!tenant)
    throw new Error(`There is no tenant "${tenantCode}": run the demo seed first (npm run db:seed).`);
  const cat = await loadTenantCatalogue(handle, tenant.id);
  if (cat.standardIds.length < CONTENT_TRACKINGS_PER_USER || cat.committees.length === 0) {
    throw new Error(
      `Tenant "${tenantCode}" has no catalogue to track: run the demo seed first (npm run db:seed).`,
    );
  }
  const idPrefix = `${tenant.id}:bench-user:`;
  const result: SeedScaleResult = {
    tenantId: tenant.id,
    users: { requested: total, inserted: 0 },
    contentTrackings: 0,
    sourceTrackings: 0,
    durationMs: 0,
  };
  for (let from = 1; from <= total; from += batchSize) {
    const to = Math.min(total, from + batchSize - 1);
    await handle.transaction(async (tx) => {
      const existing = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM generate_series($3::int, $4::int) AS i
           JOIN users u ON u.tenant_id = $1 AND u.id = ${USER_ID_SQL}`,
        [tenant.id, idPrefix, from, to],
      );
      if (existing.rows[0]!.n === to - from + 1) return; // this range was seeded by an earlier run
      const users = await tx.query(
        `INSERT INTO users (id, tenant_id, login, first_name, last_name, user_type)
         SELECT ${USER_ID_SQL}, $1, ${USER_LOGIN_SQL},
                ($5::text[])[1 + i % cardinality($5::text[])],
                ($6::text[])[1 + (i / cardinality($5::text[])) % cardinality($6::text[])],
                'individual'
           FROM generate_series($3::int, $4::int) AS i
         ON CONFLICT DO NOTHING`,
        [tenant.id, idPrefix, from, to, FIRST_NAMES, LAST_NAMES],
      );
      const rows = batchRows(tenantCode, from, to, cat);
      const content = await tx.query(
        `INSERT INTO content_trackings (tenant_id, user_id, standard_id, tracking_off, created_at)
         SELECT $1, ${USER_ID_SQL}, x.standard_id, x.off, to_timestamp(x.at)
           FROM unnest($3::int[], $4::bigint[], $5::boolean[], $6::bigint[]) AS x(i, standard_id, off, at)
         ON CONFLICT DO NOTHING`,
        [tenant.id, idPrefix, rows.content.user, rows.content.standard, rows.content.off, rows.content.at],
      );
      const source = await tx.query(
        `INSERT INTO source_trackings (tenant_id, user_id, application_code, tracking_type, value)
         SELECT $1, ${USER_ID_SQL}, 'TRACKER', x.tracking_type, x.value
           FROM unnest($3::int[], $4::text[], $5::text[]) AS x(i, tracking_type, value)
         ON CONFLICT DO NOTHING`,
        [tenant.id, idPrefix, rows.source.user, rows.source.type, rows.source.value],
      );
      result.users.inserted += users.rowCount;
      result.contentTrackings += content.rowCount;
      result.sourceTrackings += source.rowCount;
    });
    options.onProgress?.({ done: to, total, insertedUsers: result.users.inserted });
  }
  result.durationMs = Math.round(performance.now() - started);
  return result;
}
