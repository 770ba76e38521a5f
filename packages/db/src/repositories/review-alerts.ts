import { DEFAULT_REVIEW_ALERT_MONTHS, type ReviewAlertAnswer } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { FORECAST_COLUMNS, type ForecastColumns } from './forecast-columns.ts';

/**
 * A reader's alert N months before a tracked standard's forecast review (migration 0047): the choice (no row:
 * off), the readers and standards the scheduled job looks at, and the alerts sent, one per reader, standard
 * and due date (the primary key of review_alerts_sent is the claim).
 */

export async function getReviewAlert(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<ReviewAlertAnswer> {
  const { rows } = await db.query<{ months_before: number }>(
    'SELECT months_before FROM review_alert_preferences WHERE tenant_id = $1 AND user_id = $2',
    [tenantId, userId],
  );
  return rows[0]
    ? { enabled: true, monthsBefore: rows[0].months_before }
    : { enabled: false, monthsBefore: DEFAULT_REVIEW_ALERT_MONTHS };
}

/** Turns the alert on (with its months) or off. */
export async function saveReviewAlert(
  tx: SqlExecutor,
  tenantId: string,
  userId: string,
  choice: ReviewAlertAnswer,
): Promise<void> {
  if (!choice.enabled) {
    await tx.query('DELETE FROM review_alert_preferences WHERE tenant_id = $1 AND user_id = $2', [
      tenantId,
      userId,
    ]);
    return;
  }
  await tx.query(
    `INSERT INTO review_alert_preferences (tenant_id, user_id, months_before) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id, user_id) DO UPDATE SET months_before = EXCLUDED.months_before`,
    [tenantId, userId, choice.monthsBefore],
  );
}

/** The stores with at least one reader who chose the alert (the job then works store by store). */
export async function listStoresWithReviewAlerts(db: SqlExecutor): Promise<string[]> {
  const { rows } = await db.query<{ tenant_id: string }>(
    'SELECT DISTINCT tenant_id FROM review_alert_preferences ORDER BY tenant_id',
  );
  return rows.map((r) => r.tenant_id);
}

export interface ReviewAlertCandidate extends ForecastColumns {
  user_id: string;
  login: string;
  locale: string | null;
  first_name: string | null;
  last_name: string | null;
  months_before: number;
  standard_id: number;
  asset_id: string;
  title: string;
}

/**
 * Each active standard a reader who chose the alert tracks with e-mails on, in a store, unless they
 * unsubscribed from the tracker's e-mails; the job computes each forecast and keeps those due an alert.
 */
export async function listReviewAlertCandidates(
  db: SqlExecutor,
  tenantId: string,
): Promise<ReviewAlertCandidate[]> {
  const { rows } = await db.query<ReviewAlertCandidate>(
    `SELECT p.user_id, u.login, u.locale, u.first_name, u.last_name, p.months_before,
            s.id AS standard_id, s.asset_id, s.title, s.publisher_code, s.designation, ${FORECAST_COLUMNS}
       FROM review_alert_preferences p
       JOIN users u ON u.tenant_id = p.tenant_id AND u.id = p.user_id
       JOIN content_trackings c ON c.tenant_id = p.tenant_id AND c.user_id = p.user_id AND NOT c.tracking_off
       JOIN standards s ON s.tenant_id = c.tenant_id AND s.id = c.standard_id AND s.status = 'active'
      WHERE p.tenant_id = $1
        AND NOT EXISTS (SELECT 1 FROM tracking_unsubscribes x WHERE x.tenant_id = p.tenant_id
                           AND x.user_id = p.user_id AND x.application_code = 'TRACKER')
      ORDER BY p.user_id, s.id`,
    [tenantId],
  );
  return rows.map((r) => ({ ...r, standard_id: Number(r.standard_id) }));
}

/** Claims the alert of (reader, standard, due date): true once, false ever after. */
export async function claimReviewAlert(
  db: SqlExecutor,
  tenantId: string,
  alert: { userId: string; standardId: number; dueOn: string },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO review_alerts_sent (tenant_id, user_id, standard_id, due_on) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [tenantId, alert.userId, alert.standardId, alert.dueOn],
  );
  return rows.length === 1;
}

/** Gives a claimed alert back when its e-mail could not be sent (a later run tries again). */
export async function releaseReviewAlert(
  db: SqlExecutor,
  tenantId: string,
  alert: { userId: string; standardId: number; dueOn: string },
): Promise<void> {
  await db.query(
    'DELETE FROM review_alerts_sent WHERE tenant_id = $1 AND user_id = $2 AND standard_id = $3 AND due_on = $4',
    [tenantId, alert.userId, alert.standardId, alert.dueOn],
  );
}
