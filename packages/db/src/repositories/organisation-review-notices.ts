import { REVIEW_REMINDER_DAYS } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * The reminder job's selections (migration 0049), set-based and across stores: each claims the reviews due a
 * notice at `now` by stamping them (reminded_at, escalated_at), appends their history events, puts them back
 * in the notification centre (the person's row of the change, unread again with a REVIEW reason of the stage;
 * a new row is written as already sent: the job sends its own e-mail), and queues one e-mail per recipient
 * (organisation_review_mails, 0051) in the same statement. A stamped review is never selected again for the
 * same notice; its e-mails are sent by `claimReviewMails` and marked, so a failed one is sent by a later run.
 */

/** A queued notice e-mail, claimed for sending: whom to tell about which review. */
export interface ReviewNotice {
  /** The e-mail's row (organisation_review_mails). */
  id: number;
  kind: 'reminder' | 'overdue';
  /** Attempts so far, this one included. */
  attempts: number;
  tenantId: string;
  reviewId: string;
  organisationId: string;
  organisationName: string;
  listName: string;
  designation: string;
  title: string;
  dueAt: Date;
  userId: string;
  login: string;
  locale: string | null;
  firstName: string;
  lastName: string;
}

const [FIRST_REMINDER, LAST_REMINDER] = REVIEW_REMINDER_DAYS;

/** The centre rows of `claimed` (tenant_id, id, organisation_id, list_id, catalog_event_id, due_at, recipient). */
const centreRows = (stage: 'reminder' | 'overdue') => `centre AS (
     INSERT INTO notification_deliveries (tenant_id, event_id, user_id, reasons, digest, status, sent_at)
     SELECT c.tenant_id, c.catalog_event_id, c.recipient,
            jsonb_agg(jsonb_build_object('type', 'REVIEW', 'value', l.name, 'reviewId', c.id::text,
                      'organisationId', c.organisation_id, 'dueAt', c.due_at, 'stage', '${stage}') ORDER BY c.id),
            false, 'sent', $1
       FROM claimed c JOIN organisation_lists l ON l.tenant_id = c.tenant_id AND l.id = c.list_id
      GROUP BY c.tenant_id, c.catalog_event_id, c.recipient
     ON CONFLICT (event_id, user_id) DO UPDATE
       SET reasons = notification_deliveries.reasons || EXCLUDED.reasons, read_at = NULL
   )`;

/** The e-mails of `claimed`, queued for the job to send. */
const queuedMails = (kind: 'reminder' | 'overdue') => `mails AS (
     INSERT INTO organisation_review_mails (tenant_id, review_id, user_id, kind, created_at)
     SELECT tenant_id, id, recipient, '${kind}', $1 FROM claimed
     RETURNING 1
   )`;

/**
 * Open reviews whose assignee is due a reminder: within 7 days of the due date and never reminded, or within
 * 1 day and not reminded since then (a review due within a day of opening gets one reminder). Answers the
 * e-mails queued.
 */
export async function claimReviewReminders(db: SqlExecutor, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH claimed AS (
       UPDATE organisation_reviews r SET reminded_at = $1
        WHERE r.status = 'open' AND r.assignee_user_id IS NOT NULL AND r.due_at > $1
          AND ((r.reminded_at IS NULL AND r.due_at <= $1 + make_interval(days => $2::int))
            OR (r.due_at <= $1 + make_interval(days => $3::int)
                AND (r.reminded_at IS NULL OR r.reminded_at < r.due_at - make_interval(days => $3::int))))
       RETURNING r.tenant_id, r.id, r.organisation_id, r.list_id, r.standard_id, r.catalog_event_id, r.due_at,
                 r.assignee_user_id AS recipient
     ), history AS (
       INSERT INTO organisation_review_events (tenant_id, review_id, kind, at, detail)
       SELECT tenant_id, id, 'reminded', $1, jsonb_build_object('userId', recipient, 'dueAt', due_at) FROM claimed
     ), ${centreRows('reminder')}, ${queuedMails('reminder')}
     SELECT count(*)::int AS n FROM mails`,
    [now, FIRST_REMINDER, LAST_REMINDER],
  );
  return rows[0]!.n;
}

/**
 * Open reviews past their due date, not yet escalated: one notice to each owner of the organisation. Answers
 * the e-mails queued.
 */
export async function claimReviewEscalations(db: SqlExecutor, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH overdue AS (
       UPDATE organisation_reviews r SET escalated_at = $1
        WHERE r.status = 'open' AND r.due_at <= $1 AND r.escalated_at IS NULL
       RETURNING r.tenant_id, r.id, r.organisation_id, r.list_id, r.standard_id, r.catalog_event_id, r.due_at,
                 r.assignee_user_id
     ), history AS (
       INSERT INTO organisation_review_events (tenant_id, review_id, kind, at, detail)
       SELECT tenant_id, id, 'escalated', $1, jsonb_build_object('assigneeUserId', assignee_user_id, 'dueAt', due_at)
         FROM overdue
     ), claimed AS (
       SELECT ov.tenant_id, ov.id, ov.organisation_id, ov.list_id, ov.standard_id, ov.catalog_event_id, ov.due_at,
              m.user_id AS recipient
         FROM overdue ov JOIN organisation_members m
           ON m.tenant_id = ov.tenant_id AND m.organisation_id = ov.organisation_id AND m.role = 'owner'
     ), ${centreRows('overdue')}, ${queuedMails('overdue')}
     SELECT count(*)::int AS n FROM mails`,
    [now],
  );
  return rows[0]!.n;
}

/**
 * Claims up to `limit` queued e-mails due at `now` for `seconds`, oldest first (`attempts` counts this one).
 * The e-mails of a review signed off meanwhile are dropped, not sent.
 */
export async function claimReviewMails(
  db: SqlExecutor,
  now: Date,
  limit: number,
  seconds: number,
): Promise<ReviewNotice[]> {
  await db.query(
    `UPDATE organisation_review_mails m SET status = 'dropped', claimed_until = NULL
       FROM organisation_reviews r
      WHERE m.status = 'pending' AND r.tenant_id = m.tenant_id AND r.id = m.review_id AND r.status <> 'open'`,
  );
  const { rows } = await db.query<ReviewNotice>(
    `WITH picked AS (
       SELECT m.id FROM organisation_review_mails m
        WHERE m.status = 'pending' AND (m.claimed_until IS NULL OR m.claimed_until <= $1)
        ORDER BY m.created_at, m.id LIMIT $2 FOR UPDATE OF m SKIP LOCKED)
     UPDATE organisation_review_mails m
        SET claimed_until = $1::timestamptz + make_interval(secs => $3), attempts = m.attempts + 1
       FROM picked, organisation_reviews r, organisations o, organisation_lists l, standards s, users u
      WHERE m.id = picked.id
        AND r.tenant_id = m.tenant_id AND r.id = m.review_id
        AND o.tenant_id = r.tenant_id AND o.id = r.organisation_id
        AND l.tenant_id = r.tenant_id AND l.id = r.list_id
        AND s.id = r.standard_id
        AND u.tenant_id = m.tenant_id AND u.id = m.user_id
     RETURNING m.id::int AS id, m.kind, m.attempts, m.tenant_id AS "tenantId", r.id::text AS "reviewId",
               r.organisation_id AS "organisationId", o.name AS "organisationName", l.name AS "listName",
               s.designation, s.title, r.due_at AS "dueAt", u.id AS "userId", u.login, u.locale,
               u.first_name AS "firstName", u.last_name AS "lastName"`,
    [now, limit, seconds],
  );
  return rows.sort((x, y) => x.id - y.id);
}

export async function markReviewMailSent(db: SqlExecutor, id: number, now: Date) {
  await db.query(
    `UPDATE organisation_review_mails SET status = 'sent', sent_at = $2, claimed_until = NULL, last_error = NULL
      WHERE id = $1`,
    [id, now],
  );
}

/** A failed send: pending again from `retryAt` (a later run sends it), or failed for good after the last attempt. */
export async function markReviewMailFailed(
  db: SqlExecutor,
  id: number,
  failure: { error: string; final: boolean; retryAt: Date },
) {
  await db.query(
    `UPDATE organisation_review_mails SET status = CASE WHEN $3 THEN 'failed' ELSE 'pending' END,
            claimed_until = $4, last_error = left($2, 500) WHERE id = $1`,
    [id, failure.error, failure.final, failure.retryAt],
  );
}
