import type { ApplicationCode, ContentTrackingRow, TrackingType } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { FORECAST_COLUMNS, type ForecastColumns } from './forecast-columns.ts';

/**
 * The tracker's data: a user's tracked standards (content_trackings), content-source trackings
 * (source_trackings) and unsubscribes. Every function takes the tenant explicitly and every statement
 * filters on it; the ones that change rows take the user too, so a user only ever touches their own rows.
 */

export interface TenantUser {
  id: string;
  login: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user of this tenant with this id, if any (a malformed id is simply nobody). */
export async function findTenantUser(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<TenantUser | undefined> {
  if (!UUID.test(userId)) return undefined;
  const { rows } = await db.query<TenantUser>(
    'SELECT id, login FROM users WHERE tenant_id = $1 AND id = $2',
    [tenantId, userId],
  );
  return rows[0];
}

/** The user of this tenant with this login (lower-cased), if any. */
export async function findTenantUserByLogin(
  db: SqlExecutor,
  tenantId: string,
  login: string,
): Promise<TenantUser | undefined> {
  const { rows } = await db.query<TenantUser>(
    'SELECT id, login FROM users WHERE tenant_id = $1 AND login = $2',
    [tenantId, login.toLowerCase()],
  );
  return rows[0];
}

// ---------------------------------------------------------------------------------------------------------
// Tracked standards

export type TrackingDbRow = ForecastColumns & {
  id: number;
  tracking_off: boolean;
  created_at: Date | string;
  title: string;
  /** Null when the catalogue has the title in one language only. */
  titles: Record<string, string> | null;
  content_code: string;
  designation: string;
  asset_id: string;
  publisher_code: string;
  publisher_name: string;
  total?: number;
};

export const trackedRowOf = (r: TrackingDbRow): ContentTrackingRow => ({
  id: r.id,
  contentTrackingId: r.id,
  contentTrackingOff: r.tracking_off,
  content: {
    contentTitle: r.title,
    ...(r.titles ? { contentTitles: r.titles } : {}),
    contentCode: r.content_code,
    displayDesignation: r.designation,
    assetId: r.asset_id,
  },
  data: { publisher: r.publisher_name, publisherCode: r.publisher_code },
  createdAt: new Date(r.created_at).toISOString(),
});

export const TRACKED_ROW_COLUMNS = `c.id, c.tracking_off, c.created_at, s.title, NULLIF(s.titles, '{}'::jsonb) AS titles,
  s.content_code, s.designation, s.asset_id, s.publisher_code, p.name AS publisher_name, ${FORECAST_COLUMNS}`;
export const TRACKED_ROW_FROM = `content_trackings c
  JOIN standards s ON s.tenant_id = c.tenant_id AND s.id = c.standard_id
  JOIN publishers p ON p.tenant_id = s.tenant_id AND p.code = s.publisher_code`;

/**
 * The SQL of one page of a user's tracked standards, newest first then id (served by
 * content_trackings_list_idx), with the user's total in the same round trip. $1 tenant, $2 user,
 * $3 limit, $4 offset. The tracker list (review-forecasts.ts) and the benchmark's reference run exactly it.
 */
export const LIST_CONTENT_TRACKINGS_SQL = `SELECT ${TRACKED_ROW_COLUMNS},
    (SELECT count(*) FROM content_trackings t WHERE t.tenant_id = $1 AND t.user_id = $2)::int AS total
  FROM ${TRACKED_ROW_FROM}
  WHERE c.tenant_id = $1 AND c.user_id = $2
  ORDER BY c.created_at DESC, c.id DESC
  LIMIT $3 OFFSET $4`;

export interface ContentTrackingPage {
  rows: ContentTrackingRow[];
  totalElements: number;
}

/** One page (1-based) of the user's tracked standards. A page past the end is empty but has the total. */
export async function listContentTrackings(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  page: { pageIndex: number; pageSize: number },
): Promise<ContentTrackingPage> {
  const offset = (page.pageIndex - 1) * page.pageSize;
  const { rows } = await db.query<TrackingDbRow>(LIST_CONTENT_TRACKINGS_SQL, [
    tenantId,
    userId,
    page.pageSize,
    offset,
  ]);
  if (rows.length > 0) return { rows: rows.map(trackedRowOf), totalElements: rows[0]!.total ?? 0 };
  if (offset === 0) return { rows: [], totalElements: 0 };
  return { rows: [], totalElements: await countContentTrackings(db, tenantId, userId) };
}

export async function countContentTrackings(db: SqlExecutor, tenantId: string, userId: string) {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM content_trackings WHERE tenant_id = $1 AND user_id = $2',
    [tenantId, userId],
  );
  return rows[0]?.n ?? 0;
}

/** Result of a change naming ids: either done, or refused because some ids are not the user's. */
export type OwnedIdsResult<T> = { ok: true; value: T } | { ok: false; notFound: number[] };

async function idsNotOwned(db: SqlExecutor, tenantId: string, userId: string, ids: number[]) {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM content_trackings WHERE tenant_id = $1 AND user_id = $2 AND id = ANY($3::bigint[])',
    [tenantId, userId, ids],
  );
  const owned = new Set(rows.map((r) => Number(r.id)));
  return ids.filter((id) => !owned.has(id));
}

/**
 * Sets tracking_off on the user's rows with these ids, all or nothing: if any id is not one of the
 * user's rows (unknown, another user's, another tenant's) nothing changes. One statement, so atomic.
 */
export async function setContentTrackingOff(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  ids: number[],
  trackingOff: boolean,
): Promise<OwnedIdsResult<Array<{ contentTrackingId: number; contentTrackingOff: boolean }>>> {
  const { rows } = await db.query<{ id: number; tracking_off: boolean }>(
    `WITH owned AS (
       SELECT id FROM content_trackings WHERE tenant_id = $1 AND user_id = $2 AND id = ANY($3::bigint[]))
     UPDATE content_trackings c SET tracking_off = $4
       FROM owned WHERE c.tenant_id = $1 AND c.id = owned.id AND (SELECT count(*) FROM owned) = $5
     RETURNING c.id, c.tracking_off`,
    [tenantId, userId, ids, trackingOff, ids.length],
  );
  if (rows.length !== ids.length)
    return { ok: false, notFound: await idsNotOwned(db, tenantId, userId, ids) };
  const value = rows
    .map((r) => ({ contentTrackingId: Number(r.id), contentTrackingOff: r.tracking_off }))
    .sort((a, b) => a.contentTrackingId - b.contentTrackingId);
  return { ok: true, value };
}

/** Deletes the user's rows with these ids, all or nothing (as setContentTrackingOff). */
export async function deleteContentTrackings(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  ids: number[],
): Promise<OwnedIdsResult<number[]>> {
  const { rows } = await db.query<{ id: number }>(
    `WITH owned AS (
       SELECT id FROM content_trackings WHERE tenant_id = $1 AND user_id = $2 AND id = ANY($3::bigint[]))
     DELETE FROM content_trackings c
       USING owned WHERE c.tenant_id = $1 AND c.id = owned.id AND (SELECT count(*) FROM owned) = $4
     RETURNING c.id`,
    [tenantId, userId, ids, ids.length],
  );
  if (rows.length !== ids.length)
    return { ok: false, notFound: await idsNotOwned(db, tenantId, userId, ids) };
  return { ok: true, value: rows.map((r) => Number(r.id)).sort((a, b) => a - b) };
}

/**
 * Adds a standard (by asset id or content code) to the user's tracked list; a standard already tracked
 * gets no second row. Lifts the user's TRACKER unsubscribe. undefined when the tenant has no such standard.
 */
export async function createContentTracking(
  tx: SqlExecutor,
  tenantId: string,
  userId: string,
  standard: { assetId?: string | undefined; contentCode?: string | undefined },
): Promise<{ created: boolean; row: ContentTrackingRow } | undefined> {
  const byAsset = standard.assetId !== undefined;
  const { rows: found } = await tx.query<{ id: number }>(
    `SELECT id FROM standards WHERE tenant_id = $1 AND ${byAsset ? 'asset_id' : 'content_code'} = $2`,
    [tenantId, byAsset ? standard.assetId : standard.contentCode],
  );
  const standardId = found[0]?.id;
  if (standardId === undefined) return undefined;
  // A delete of the same tracking, committed by another request between the insert (which found it and did
  // nothing) and the read back, leaves nothing to read: insert again, which then creates it.
  let created = false;
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await tx.query(
      `INSERT INTO content_trackings (tenant_id, user_id, standard_id) VALUES ($1, $2, $3)
       ON CONFLICT (tenant_id, user_id, standard_id) DO NOTHING RETURNING id`,
      [tenantId, userId, standardId],
    );
    created ||= inserted.rowCount > 0;
    if (attempt === 0) await liftUnsubscribe(tx, tenantId, userId, 'TRACKER');
    const { rows } = await tx.query<TrackingDbRow>(
      `SELECT ${TRACKED_ROW_COLUMNS} FROM ${TRACKED_ROW_FROM} WHERE c.tenant_id = $1 AND c.user_id = $2 AND c.standard_id = $3`,
      [tenantId, userId, standardId],
    );
    if (rows[0]) return { created, row: trackedRowOf(rows[0]) };
  }
  throw new Error('content tracking deleted three times while it was being created');
}

// ---------------------------------------------------------------------------------------------------------
// Content-source trackings

export type SourceTrackingValues = Record<TrackingType, string[]>;

/** The user's source trackings of one application, by kind (values sorted). */
export async function listSourceTrackings(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  applicationCode: ApplicationCode = 'TRACKER',
): Promise<SourceTrackingValues> {
  const { rows } = await db.query<{ tracking_type: TrackingType; value: string }>(
    `SELECT tracking_type, value FROM source_trackings
      WHERE tenant_id = $1 AND user_id = $2 AND application_code = $3 ORDER BY tracking_type, value`,
    [tenantId, userId, applicationCode],
  );
  const result: SourceTrackingValues = { COMMITTEE: [], INDUSTRYAREA: [], PUBLISHERS: [], WORKITEM: [] };
  for (const r of rows) result[r.tracking_type].push(r.value);
  return result;
}

/** Which of `values` the tenant's catalogue does not know, for a kind of source. */
export async function unknownSourceValues(
  db: SqlExecutor,
  tenantId: string,
  type: Exclude<TrackingType, 'WORKITEM'>,
  values: string[],
  extraKnown: readonly string[] = [],
): Promise<string[]> {
  if (values.length === 0) return [];
  const table = {
    COMMITTEE: ['committees', 'designation'],
    INDUSTRYAREA: ['industry_areas', 'marketing_code'],
    PUBLISHERS: ['publishers', 'code'],
  } as const;
  const [name, column] = table[type];
  const { rows } = await db.query<{ v: string }>(
    `SELECT ${column} AS v FROM ${name} WHERE tenant_id = $1 AND ${column} = ANY($2::text[])`,
    [tenantId, values],
  );
  const known = new Set([...rows.map((r) => r.v), ...extraKnown]);
  return values.filter((v) => !known.has(v));
}

/**
 * Sets each given kind of source to exactly `values` (in the caller's transaction): values no longer
 * listed are removed, new ones added, existing ones kept (with their created_at). WORKITEM is stored as
 * one 'true' row when on and no row when off. Lifts the user's unsubscribe for the application.
 * The caller validates the values first (unknownSourceValues).
 */
export async function setSourceTrackings(
  tx: SqlExecutor,
  tenantId: string,
  userId: string,
  applicationCode: ApplicationCode,
  details: Array<{ trackingType: TrackingType; data: string[] }>,
): Promise<void> {
  for (const { trackingType, data } of details) {
    const values =
      trackingType === 'WORKITEM' ? (data[0] === 'true' ? ['true'] : []) : [...new Set(data)].sort();
    await tx.query(
      `DELETE FROM source_trackings WHERE tenant_id = $1 AND user_id = $2 AND application_code = $3
          AND tracking_type = $4 AND NOT (value = ANY($5::text[]))`,
      [tenantId, userId, applicationCode, trackingType, values],
    );
    await tx.query(
      `INSERT INTO source_trackings (tenant_id, user_id, application_code, tracking_type, value)
       SELECT $1, $2, $3, $4, unnest($5::text[]) ON CONFLICT DO NOTHING`,
      [tenantId, userId, applicationCode, trackingType, values],
    );
  }
  await liftUnsubscribe(tx, tenantId, userId, applicationCode);
}

// ---------------------------------------------------------------------------------------------------------
// Unsubscribes

/**
 * spec §4 "Unsubscribe": clears the committee, industry-area, work-item and publisher sources of these
 * applications and records the unsubscribe (the e-mail pipeline honours it: isUnsubscribed).
 * Returns how many source rows were cleared.
 */
export async function unsubscribeUser(
  tx: SqlExecutor,
  tenantId: string,
  userId: string,
  applicationCodes: readonly ApplicationCode[],
): Promise<number> {
  const cleared = await tx.query(
    `DELETE FROM source_trackings WHERE tenant_id = $1 AND user_id = $2 AND application_code = ANY($3::text[])`,
    [tenantId, userId, applicationCodes],
  );
  await tx.query(
    `INSERT INTO tracking_unsubscribes (tenant_id, user_id, application_code)
     SELECT $1, $2, unnest($3::text[])
     ON CONFLICT (tenant_id, user_id, application_code) DO UPDATE SET unsubscribed_at = now()`,
    [tenantId, userId, applicationCodes],
  );
  return cleared.rowCount;
}

export async function liftUnsubscribe(
  tx: SqlExecutor,
  tenantId: string,
  userId: string,
  app: ApplicationCode,
) {
  await tx.query(
    'DELETE FROM tracking_unsubscribes WHERE tenant_id = $1 AND user_id = $2 AND application_code = $3',
    [tenantId, userId, app],
  );
}

/** Whether the user unsubscribed from this application's tracking e-mails (for the e-mail pipeline). */
export async function isUnsubscribed(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  applicationCode: ApplicationCode = 'TRACKER',
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM tracking_unsubscribes WHERE tenant_id = $1 AND user_id = $2 AND application_code = $3`,
    [tenantId, userId, applicationCode],
  );
  return rows.length > 0;
}
