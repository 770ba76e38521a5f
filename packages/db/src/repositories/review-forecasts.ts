import {
  type ContentTrackingRow,
  dueWithinMonths,
  effectiveRules,
  type ForecastRule,
  forecastReview,
  type ReviewForecast,
} from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { FORECAST_COLUMNS, type ForecastColumns, forecastInputOf } from './forecast-columns.ts';
import {
  type ContentTrackingPage,
  countContentTrackings,
  LIST_CONTENT_TRACKINGS_SQL,
  TRACKED_ROW_COLUMNS,
  TRACKED_ROW_FROM,
  type TrackingDbRow,
  trackedRowOf,
} from './tracker.ts';

/** Every active tracked standard of a user, newest first (a page is cut after the forecasts' filter). */
const LIST_ACTIVE_TRACKINGS_SQL = `SELECT ${TRACKED_ROW_COLUMNS} FROM ${TRACKED_ROW_FROM}
  WHERE c.tenant_id = $1 AND c.user_id = $2 AND s.status = 'active'
  ORDER BY c.created_at DESC, c.id DESC`;

/**
 * Review forecasts (migration 0047): a store's own rules per publisher, and a user's tracked standards with the
 * forecast each carries under the store's rules (the defaults where it has none). The computation is the
 * contracts' pure forecastReview; this file only reads what it needs.
 */

type RuleRow = {
  publisher_code: string;
  kind: ForecastRule['kind'];
  review_years: number;
  withdrawal_years: number | null;
};
const toRule = (r: RuleRow): ForecastRule => ({
  publisherCode: r.publisher_code,
  kind: r.kind,
  reviewYears: r.review_years,
  withdrawalYears: r.withdrawal_years,
});

/** The store's own rules, by publisher code. */
export async function listForecastRules(db: SqlExecutor, tenantId: string): Promise<ForecastRule[]> {
  const { rows } = await db.query<RuleRow>(
    `SELECT publisher_code, kind, review_years, withdrawal_years FROM review_forecast_rules
      WHERE tenant_id = $1 ORDER BY publisher_code`,
    [tenantId],
  );
  return rows.map(toRule);
}

/** Replaces the store's own rules (inside the caller's transaction); answers them as stored. */
export async function replaceForecastRules(
  tx: SqlExecutor,
  tenantId: string,
  rules: readonly ForecastRule[],
): Promise<ForecastRule[]> {
  await tx.query('DELETE FROM review_forecast_rules WHERE tenant_id = $1', [tenantId]);
  if (rules.length > 0)
    await tx.query(
      `INSERT INTO review_forecast_rules (tenant_id, publisher_code, kind, review_years, withdrawal_years)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::smallint[], $5::smallint[])`,
      [
        tenantId,
        rules.map((r) => r.publisherCode),
        rules.map((r) => r.kind),
        rules.map((r) => r.reviewYears),
        rules.map((r) => r.withdrawalYears),
      ],
    );
  return listForecastRules(tx, tenantId);
}

/** The rules that apply in the store: its own, and the defaults for the other publishers. */
export async function storeForecastRules(db: SqlExecutor, tenantId: string): Promise<ForecastRule[]> {
  return effectiveRules(await listForecastRules(db, tenantId));
}

const withForecast = (r: TrackingDbRow, rules: readonly ForecastRule[]): ContentTrackingRow => ({
  ...trackedRowOf(r),
  reviewForecast: forecastReview(forecastInputOf(r), rules),
});

/**
 * One page (1-based) of the user's tracked standards with their forecasts, newest first, under `rules` (the
 * store's, `storeForecastRules`; read here when the caller has none cached). With `dueWithin`,
 * only those whose review may fall due within that many months of `today` (YYYY-MM-DD), overdue ones too: the
 * rule is a function, not SQL, so the user's active standards are read and filtered here (a user's list, not
 * the catalogue).
 */
export async function listTrackedWithForecasts(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  page: { pageIndex: number; pageSize: number; dueWithinMonths?: number | undefined },
  today: string,
  storeRules?: readonly ForecastRule[],
): Promise<ContentTrackingPage> {
  const rules = storeRules ?? (await storeForecastRules(db, tenantId));
  const offset = (page.pageIndex - 1) * page.pageSize;
  const months = page.dueWithinMonths;
  if (months === undefined) {
    const { rows } = await db.query<TrackingDbRow>(
      LIST_CONTENT_TRACKINGS_SQL,
      [tenantId, userId, page.pageSize, offset],
      { prepare: true }, // the hottest read: planned once per connection
    );
    if (rows.length > 0)
      return { rows: rows.map((r) => withForecast(r, rules)), totalElements: rows[0]!.total ?? 0 };
    return { rows: [], totalElements: await countContentTrackings(db, tenantId, userId) };
  }
  const { rows } = await db.query<TrackingDbRow>(LIST_ACTIVE_TRACKINGS_SQL, [tenantId, userId], {
    prepare: true,
  });
  const due = rows
    .map((r) => withForecast(r, rules))
    .filter((r) => r.reviewForecast && dueWithinMonths(r.reviewForecast, months, today));
  return { rows: due.slice(offset, offset + page.pageSize), totalElements: due.length };
}

/** One standard's forecast under the store's rules (its public page); null: none, or no such standard. */
export async function standardForecast(
  db: SqlExecutor,
  tenantId: string,
  assetId: string,
): Promise<ReviewForecast | null> {
  const { rows } = await db.query<ForecastColumns>(
    `SELECT s.publisher_code, s.designation, ${FORECAST_COLUMNS} FROM standards s
      WHERE s.tenant_id = $1 AND s.asset_id = $2`,
    [tenantId, assetId],
  );
  return rows[0] ? forecastReview(forecastInputOf(rows[0]), await storeForecastRules(db, tenantId)) : null;
}
