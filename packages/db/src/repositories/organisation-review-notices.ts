import { REVIEW_REMINDER_DAYS } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * The reminder job's selections (migration 0049), set-based and across stores: each claims the reviews due a
 * notice at `now` by stamping them (reminded_at, escalated_at), appends their history events, puts them back
 * in the notification centre (the person's row of the change, unread again with a REVIEW reason of the stage;
 * a new row is written as already sent: the job sends its own e-mail), and answers one notice per recipient
 * for the e-mail. A stamped review is never selected again for the same notice, so each is sent once.
 */

export interface ReviewNotice {
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

const NOTICE_SELECT = `SELECT c.tenant_id AS "tenantId", c.id::text AS "reviewId", c.organisation_id AS "organisationId",
       o.name AS "organisationName", l.name AS "listName", s.designation, s.title, c.due_at AS "dueAt",
       u.id AS "userId", u.login, u.locale, u.first_name AS "firstName", u.last_name AS "lastName"
  FROM claimed c
  JOIN organisations o ON o.tenant_id = c.tenant_id AND o.id = c.organisation_id
  JOIN organisation_lists l ON l.tenant_id = c.tenant_id AND l.id = c.list_id
  JOIN standards s ON s.id = c.standard_id
  JOIN users u ON u.tenant_id = c.tenant_id AND u.id = c.recipient
 ORDER BY c.tenant_id, c.id, u.id`;

/**
 * Open reviews whose assignee is due a reminder: within 7 days of the due date and never reminded, or within
 * 1 day and not reminded since then (a review due within a day of opening gets one reminder).
 */
export async function claimReviewReminders(db: SqlExecutor, now: Date): Promise<ReviewNotice[]> {
  const { rows } = await db.query<ReviewNotice>(
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
     ), ${centreRows('reminder')}
     ${NOTICE_SELECT}`,
    [now, FIRST_REMINDER, LAST_REMINDER],
  );
  return rows;
}

/** Open reviews past their due date, not yet escalated: one notice to each owner of the organisation. */
export async function claimReviewEscalations(db: SqlExecutor, now: Date): Promise<ReviewNotice[]> {
  const { rows } = await db.query<ReviewNotice>(
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
     ), ${centreRows('overdue')}
     ${NOTICE_SELECT}`,
    [now],
  );
  return rows;
}
