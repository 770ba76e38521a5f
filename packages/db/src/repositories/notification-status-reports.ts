import {
  DEFAULT_DIGEST_HOUR,
  DEFAULT_DIGEST_WEEKDAY,
  forecastReview,
  type MonthlyStatusAnswer,
  type ReviewForecast,
} from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { type ForecastColumns, forecastInputOf } from './forecast-columns.ts';
import { refreshDigestStatisticsAfter } from './notification-digests.ts';
import { UnknownTimeZoneError } from './notification-schedules.ts';
import { storeForecastRules } from './review-forecasts.ts';

/**
 * The monthly "status of your list" report (migration 0023). The choice is a column of the
 * user's notification_schedules row; the report is a notification_digests row of kind 'status' and period
 * 'monthly:YYYY-MM', created set-based here and claimed, sent and marked by the digest run with the digests
 * (notification-digests.ts), so the UNIQUE period key makes it one e-mail per user and month.
 * A user who tracks nothing (no standard, no source) or unsubscribed from the tracker's e-mails gets none.
 */

export async function getMonthlyStatus(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<MonthlyStatusAnswer> {
  const { rows } = await db.query<MonthlyStatusAnswer>(
    `SELECT status_report_since IS NOT NULL AS enabled, hour, time_zone AS "timeZone"
       FROM notification_schedules WHERE tenant_id = $1 AND user_id = $2`,
    [tenantId, userId],
  );
  return rows[0] ?? { enabled: false, hour: DEFAULT_DIGEST_HOUR, timeZone: null };
}

/**
 * Turns the report on or off. A user without a schedule gets one ('instant', 08:00, `timeZone`); a user
 * with one keeps its hour and zone. Turning it on again keeps the first opt-in moment.
 */
export async function saveMonthlyStatus(
  tx: SqlExecutor,
  tenantId: string,
  userId: string,
  choice: { enabled: boolean; timeZone: string },
): Promise<void> {
  const known = await tx.query('SELECT 1 FROM pg_timezone_names WHERE name = $1', [choice.timeZone]);
  if (known.rows.length === 0) throw new UnknownTimeZoneError(`unknown time zone ${choice.timeZone}`);
  await tx.query(
    `INSERT INTO notification_schedules
       (tenant_id, user_id, frequency, hour, weekday, time_zone, status_report_since)
     VALUES ($1, $2, 'instant', $3, $4, $5, CASE WHEN $6::boolean THEN now() END)
     ON CONFLICT (tenant_id, user_id) DO UPDATE
        SET status_report_since = CASE WHEN $6::boolean
              THEN coalesce(notification_schedules.status_report_since, now()) END`,
    [tenantId, userId, DEFAULT_DIGEST_HOUR, DEFAULT_DIGEST_WEEKDAY, choice.timeZone, choice.enabled],
  );
}

/**
 * The reports due at $1: for each opted-in user, the latest 1st-of-the-month at their hour, local, ≤ now
 * (this month's once its hour has come, else last month's), if it came after they opted in.
 */
export const DUE_STATUS_REPORTS_SQL = `WITH sch AS (
     SELECT s.tenant_id, s.user_id, s.hour, s.time_zone, s.status_report_since,
            date_trunc('month', $1::timestamptz AT TIME ZONE s.time_zone) AS month_start,
            ($1::timestamptz AT TIME ZONE s.time_zone) AS local_now
       FROM notification_schedules s WHERE s.status_report_since IS NOT NULL
   ), moment AS (
     SELECT sch.*, month_start + make_interval(hours => hour)
              - CASE WHEN local_now < month_start + make_interval(hours => hour)
                     THEN interval '1 month' ELSE interval '0' END AS local_moment
       FROM sch
   )
   INSERT INTO notification_digests (tenant_id, user_id, period, kind)
   SELECT m.tenant_id, m.user_id, 'monthly:' || to_char(m.local_moment, 'YYYY-MM'), 'status'
     FROM moment m
    WHERE (m.local_moment AT TIME ZONE m.time_zone) >= m.status_report_since
      AND NOT EXISTS (SELECT 1 FROM tracking_unsubscribes x WHERE x.tenant_id = m.tenant_id
                         AND x.user_id = m.user_id AND x.application_code = 'TRACKER')
      AND (EXISTS (SELECT 1 FROM content_trackings c WHERE c.tenant_id = m.tenant_id AND c.user_id = m.user_id)
           OR EXISTS (SELECT 1 FROM source_trackings t WHERE t.tenant_id = m.tenant_id AND t.user_id = m.user_id
                         AND t.application_code = 'TRACKER'
                         AND (t.tracking_type <> 'WORKITEM' OR t.value = 'true')))
   ON CONFLICT (tenant_id, user_id, period) DO NOTHING
   RETURNING id`;

/** Creates the monthly reports due at `now` across every store; answers how many were created. */
export async function createDueStatusReports(db: SqlExecutor, now: Date): Promise<number> {
  const { rows } = await db.query(DUE_STATUS_REPORTS_SQL, [now]);
  await refreshDigestStatisticsAfter(db, rows.length);
  return rows.length;
}

/** One tracked standard as it stands. */
export interface StatusReportStandard {
  designation: string;
  title: string;
  edition: string;
  status: string;
  publishedOn: string;
  assetId: string;
  /** Its review forecast under the store's rules (null: none). */
  forecast: ReviewForecast | null;
}

/** One tracked source with how many standards of the store it covers (null for the work-item switch). */
export interface StatusReportSource {
  type: 'COMMITTEE' | 'INDUSTRYAREA' | 'PUBLISHERS' | 'WORKITEM';
  name: string;
  standards: number | null;
}

/** What a report says: the list (the first `limit` by designation, and the total), sources, changes. */
export interface ListStatus {
  standards: StatusReportStandard[];
  total: number;
  sources: StatusReportSource[];
  /** The changes matched to the user in the month before the report's (the local month, in their zone). */
  changes: number;
  /** The first day of that month and of the report's month, 'YYYY-MM-DD'. */
  since: string;
  asOf: string;
}

const LIST_STATUS_SQL = `WITH p AS (
     SELECT to_date(substr($3, 9), 'YYYY-MM') AS as_of,
            coalesce((SELECT time_zone FROM notification_schedules
                       WHERE tenant_id = $1 AND user_id = $2), 'UTC') AS tz
   )
   SELECT to_char(p.as_of - interval '1 month', 'YYYY-MM-DD') AS since, to_char(p.as_of, 'YYYY-MM-DD') AS "asOf",
     (SELECT count(*)::int FROM notification_deliveries d WHERE d.tenant_id = $1 AND d.user_id = $2
         AND d.created_at >= ((p.as_of - interval '1 month')::timestamp AT TIME ZONE p.tz)
         AND d.created_at < (p.as_of::timestamp AT TIME ZONE p.tz)) AS changes,
     (SELECT count(*)::int FROM content_trackings c WHERE c.tenant_id = $1 AND c.user_id = $2) AS total,
     (SELECT coalesce(json_agg(json_build_object('designation', s.designation, 'title', s.title,
               'edition', s.edition, 'status', s.status, 'publishedOn', to_char(s.published_on, 'YYYY-MM-DD'),
               'assetId', s.asset_id, 'forecast', json_build_object('publisher_code', s.publisher_code,
               'designation', s.designation, 'status', s.status, 'published_on', to_char(s.published_on, 'YYYY-MM-DD'),
               'published_precision', s.published_precision, 'stage_code', s.stage_code,
               'confirmed_on', to_char(s.confirmed_on, 'YYYY-MM-DD'), 'confirmed_precision', s.confirmed_precision))
             ORDER BY s.designation, s.id), '[]')
        FROM (SELECT s.* FROM content_trackings c
                JOIN standards s ON s.tenant_id = c.tenant_id AND s.id = c.standard_id
               WHERE c.tenant_id = $1 AND c.user_id = $2 ORDER BY s.designation, s.id LIMIT $4) s) AS standards,
     (SELECT coalesce(json_agg(json_build_object('type', t.tracking_type, 'name', CASE t.tracking_type
               WHEN 'COMMITTEE' THEN coalesce((SELECT k.designation || ' — ' || k.title FROM committees k
                                               WHERE k.tenant_id = $1 AND k.designation = t.value), t.value)
               WHEN 'INDUSTRYAREA' THEN coalesce((SELECT a.code_name FROM industry_areas a
                                                  WHERE a.tenant_id = $1 AND a.marketing_code = t.value), t.value)
               WHEN 'PUBLISHERS' THEN coalesce((SELECT b.name FROM publishers b
                                                WHERE b.tenant_id = $1 AND b.code = t.value), t.value)
               ELSE '' END,
             'standards', CASE t.tracking_type
               WHEN 'COMMITTEE' THEN (SELECT count(*) FROM standards s
                                       WHERE s.tenant_id = $1 AND s.committee_designation = t.value)
               WHEN 'INDUSTRYAREA' THEN (SELECT count(*) FROM standard_area_members a
                                          WHERE a.tenant_id = $1 AND a.marketing_code = t.value)
               WHEN 'PUBLISHERS' THEN (SELECT count(*) FROM standards s
                                        WHERE s.tenant_id = $1 AND s.publisher_code = t.value)
             END) ORDER BY t.tracking_type, t.value), '[]')
        FROM source_trackings t WHERE t.tenant_id = $1 AND t.user_id = $2 AND t.application_code = 'TRACKER'
         AND (t.tracking_type <> 'WORKITEM' OR t.value = 'true')) AS sources
   FROM p`;

/** The list as it stands for the report of `period` ('monthly:YYYY-MM'), at most `limit` standards. */
export async function loadListStatus(
  db: SqlExecutor,
  report: { tenantId: string; userId: string; period: string },
  limit: number,
): Promise<ListStatus> {
  type Row = Omit<ListStatus, 'standards'> & {
    standards: Array<Omit<StatusReportStandard, 'forecast'> & { forecast: ForecastColumns }>;
  };
  const { rows } = await db.query<Row>(LIST_STATUS_SQL, [
    report.tenantId,
    report.userId,
    report.period,
    limit,
  ]);
  const status = rows[0]!;
  const rules = await storeForecastRules(db, report.tenantId);
  return {
    ...status,
    standards: status.standards.map((s) => ({
      ...s,
      forecast: forecastReview(forecastInputOf(s.forecast), rules),
    })),
    sources: status.sources.map((s) => ({ ...s, standards: s.standards ?? null })),
  };
}
