import type {
  NotificationChange,
  OrganisationReviewDecision,
  REVIEW_EVENT_KINDS,
} from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { isUuid } from './organisations.ts';

/**
 * Organisation reviews (migration 0049): opened by a change to a standard an organisation's list holds, one per
 * list and change, assigned to the list's responsible person and due by the organisation's policy; the review
 * row is the current state, organisation_review_events the history (append-only). Every read names the tenant
 * and the organisation, so a review of another organisation (or store) finds nothing.
 */

/**
 * Opens the reviews of the given catalogue events, set-based, inside the matching's transaction (event-matching.ts):
 * one INSERT … SELECT over organisation_list_standards for each event's standard (ON CONFLICT DO NOTHING: a
 * change delivered again opens nothing), each review's `opened` event, and the assignee's notification-centre
 * row with a REVIEW reason per review (merged into the row the tracker's matching wrote for the same change and
 * person, if any; never held for a digest: a review is a task). Answers per event the new centre rows, which the
 * dispatch e-mails as it does every other row.
 */
const OPEN_REVIEWS_SQL = `WITH opened AS (
     INSERT INTO organisation_reviews (tenant_id, organisation_id, list_id, standard_id, catalog_event_id,
                                       change_kind, assignee_user_id, due_at)
     SELECT $1, l.organisation_id, l.id, e.standard_id, e.id, e.kind, l.responsible_user_id,
            now() + make_interval(days => o.review_due_days)
       FROM catalog_events e
       JOIN organisation_list_standards ls ON ls.tenant_id = $1 AND ls.standard_id = e.standard_id
       JOIN organisation_lists l ON l.tenant_id = $1 AND l.id = ls.list_id
       JOIN organisations o ON o.tenant_id = $1 AND o.id = l.organisation_id
      WHERE e.tenant_id = $1 AND e.id = ANY($2::bigint[]) AND e.standard_id IS NOT NULL
     ON CONFLICT (tenant_id, list_id, catalog_event_id) DO NOTHING
     RETURNING id, organisation_id, list_id, catalog_event_id, assignee_user_id, due_at
   ), history AS (
     INSERT INTO organisation_review_events (tenant_id, review_id, kind, detail)
     SELECT $1, id, 'opened', jsonb_build_object('assigneeUserId', assignee_user_id) FROM opened
   ), notices AS (
     INSERT INTO notification_deliveries (tenant_id, event_id, user_id, reasons, digest)
     SELECT $1, op.catalog_event_id, op.assignee_user_id,
            jsonb_agg(jsonb_build_object('type', 'REVIEW', 'value', l.name, 'reviewId', op.id::text,
                      'organisationId', op.organisation_id, 'dueAt', op.due_at, 'stage', 'opened') ORDER BY op.id),
            false
       FROM opened op JOIN organisation_lists l ON l.tenant_id = $1 AND l.id = op.list_id
      WHERE op.assignee_user_id IS NOT NULL
      GROUP BY op.catalog_event_id, op.assignee_user_id
     ON CONFLICT (event_id, user_id) DO UPDATE
       SET reasons = notification_deliveries.reasons || EXCLUDED.reasons, digest = false
     RETURNING event_id, (xmax = 0) AS inserted
   )
   SELECT event_id, count(*) FILTER (WHERE inserted)::int AS n FROM notices GROUP BY event_id`;

export async function openReviewsForEvents(
  tx: SqlExecutor,
  tenantId: string,
  eventIds: readonly number[],
): Promise<Map<number, number>> {
  const added = new Map<number, number>();
  if (eventIds.length === 0) return added;
  const { rows } = await tx.query<{ event_id: number; n: number }>(OPEN_REVIEWS_SQL, [tenantId, eventIds]);
  for (const row of rows) added.set(Number(row.event_id), row.n);
  return added;
}

export interface ReviewPerson {
  userId: string;
  login: string;
  firstName: string;
  lastName: string;
}

export interface OrganisationReviewRow {
  id: string;
  organisationId: string;
  listId: string;
  listName: string;
  standard: { id: string; assetId: string; designation: string; title: string };
  catalogEventId: string;
  changeKind: string;
  change: NotificationChange;
  assignee: ReviewPerson | null;
  openedAt: Date;
  dueAt: Date;
  status: 'open' | 'signed_off';
  overdue: boolean;
  decision: OrganisationReviewDecision | null;
  note: string;
  evidenceLinks: string[];
  signedOffBy: ReviewPerson | null;
  signedOffAt: Date | null;
  remindedAt: Date | null;
  escalatedAt: Date | null;
}

const person = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('userId', ${alias}.id, 'login', ${alias}.login,
     'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name) END`;

const REVIEW_SELECT = `SELECT r.id::text AS id, r.organisation_id AS "organisationId", r.list_id::text AS "listId",
    l.name AS "listName",
    json_build_object('id', s.id::text, 'assetId', s.asset_id, 'designation', s.designation, 'title', s.title)
      AS standard,
    r.catalog_event_id::text AS "catalogEventId", r.change_kind AS "changeKind", e.change,
    ${person('a')} AS assignee, r.opened_at AS "openedAt", r.due_at AS "dueAt", r.status,
    (r.status = 'open' AND r.due_at < now()) AS overdue, r.decision, r.note,
    r.evidence_links AS "evidenceLinks", ${person('so')} AS "signedOffBy", r.signed_off_at AS "signedOffAt",
    r.reminded_at AS "remindedAt", r.escalated_at AS "escalatedAt"
  FROM organisation_reviews r
  JOIN organisation_lists l ON l.tenant_id = r.tenant_id AND l.id = r.list_id
  JOIN standards s ON s.id = r.standard_id
  JOIN catalog_events e ON e.id = r.catalog_event_id
  LEFT JOIN users a ON a.tenant_id = r.tenant_id AND a.id = r.assignee_user_id
  LEFT JOIN users so ON so.tenant_id = r.tenant_id AND so.id = r.signed_off_by`;

const isId = (id: string) => /^[1-9][0-9]{0,17}$/.test(id);

export interface ReviewFilter {
  status?: 'open' | 'signed_off' | 'overdue' | undefined;
  listId?: string | undefined;
  assigneeUserId?: string | undefined;
}

/**
 * A page of the organisation's reviews, the earliest due first (then the newest), filtered by status ('overdue':
 * open and past due), list and assignee; with the total of the filter.
 */
export async function listOrganisationReviews(
  db: SqlExecutor,
  tenantId: string,
  organisationId: string,
  filter: ReviewFilter,
  page: { offset: number; limit: number },
): Promise<{ reviews: OrganisationReviewRow[]; total: number }> {
  if (!isUuid(organisationId)) return { reviews: [], total: 0 };
  const where = `r.tenant_id = $1 AND r.organisation_id = $2
     AND ($3::text IS NULL OR ($3 = 'overdue' AND r.status = 'open' AND r.due_at < now()) OR r.status = $3)
     AND ($4::bigint IS NULL OR r.list_id = $4::bigint)
     AND ($5::uuid IS NULL OR r.assignee_user_id = $5::uuid)`;
  const params = [
    tenantId,
    organisationId,
    filter.status ?? null,
    filter.listId ?? null,
    filter.assigneeUserId ?? null,
  ];
  const { rows } = await db.query<OrganisationReviewRow>(
    `${REVIEW_SELECT} WHERE ${where} ORDER BY r.status, r.due_at, r.id DESC LIMIT $6 OFFSET $7`,
    [...params, page.limit, page.offset],
  );
  const { rows: count } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM organisation_reviews r WHERE ${where}`,
    params,
  );
  return { reviews: rows, total: count[0]?.n ?? 0 };
}

export async function findOrganisationReview(
  db: SqlExecutor,
  tenantId: string,
  organisationId: string,
  reviewId: string,
): Promise<OrganisationReviewRow | undefined> {
  if (!isUuid(organisationId) || !isId(reviewId)) return undefined;
  const { rows } = await db.query<OrganisationReviewRow>(
    `${REVIEW_SELECT} WHERE r.tenant_id = $1 AND r.organisation_id = $2 AND r.id = $3::bigint`,
    [tenantId, organisationId, reviewId],
  );
  return rows[0];
}

export type ReviewEventKind = (typeof REVIEW_EVENT_KINDS)[number];

export interface ReviewEventRow {
  id: string;
  kind: ReviewEventKind;
  actor: ReviewPerson | null;
  at: Date;
  detail: Record<string, unknown>;
}

/** A review's history, oldest first (a null actor: the system). */
export async function listReviewEvents(
  db: SqlExecutor,
  tenantId: string,
  reviewId: string,
): Promise<ReviewEventRow[]> {
  const { rows } = await db.query<ReviewEventRow>(
    `SELECT ev.id::text AS id, ev.kind, ${person('u')} AS actor, ev.at, ev.detail
       FROM organisation_review_events ev
       LEFT JOIN users u ON u.tenant_id = ev.tenant_id AND u.id = ev.actor_user_id
      WHERE ev.tenant_id = $1 AND ev.review_id = $2::bigint ORDER BY ev.id`,
    [tenantId, reviewId],
  );
  return rows;
}

/** Appends one event to a review's history. */
export async function appendReviewEvent(
  tx: SqlExecutor,
  tenantId: string,
  reviewId: string,
  event: { kind: ReviewEventKind; actorUserId: string | null; detail?: Record<string, unknown> },
): Promise<void> {
  await tx.query(
    `INSERT INTO organisation_review_events (tenant_id, review_id, kind, actor_user_id, detail)
     VALUES ($1, $2::bigint, $3, $4, $5::jsonb)`,
    [tenantId, reviewId, event.kind, event.actorUserId, JSON.stringify(event.detail ?? {})],
  );
}
