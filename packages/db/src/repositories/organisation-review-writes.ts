import type { OrganisationReviewDecision } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { appendReviewEvent } from './organisation-reviews.ts';
import { isUuid } from './organisations.ts';

/**
 * What people do to a review (migration 0049), each a change of the review row plus its history events, in the
 * caller's transaction. The caller has checked the role; these check the review's state (each answers why it
 * refused) and lock the row first, so two sign-offs at once cannot both succeed.
 */

type Refusal = 'not_found' | 'signed_off' | 'not_signed_off' | 'not_assignable';
export type ReviewWriteResult = { ok: true } | { ok: false; reason: Refusal };

const isId = (id: string) => /^[1-9][0-9]{0,17}$/.test(id);

/** The review row, locked, with what the writes look at. */
async function lockReview(tx: SqlExecutor, tenantId: string, organisationId: string, reviewId: string) {
  if (!isUuid(organisationId) || !isId(reviewId)) return undefined;
  const { rows } = await tx.query<{
    status: 'open' | 'signed_off';
    assignee_user_id: string | null;
    review_due_days: number;
  }>(
    `SELECT r.status, r.assignee_user_id, o.review_due_days FROM organisation_reviews r
       JOIN organisations o ON o.tenant_id = r.tenant_id AND o.id = r.organisation_id
      WHERE r.tenant_id = $1 AND r.organisation_id = $2 AND r.id = $3::bigint FOR UPDATE OF r`,
    [tenantId, organisationId, reviewId],
  );
  return rows[0];
}

/** Who the review is assigned to now (the command checks a reviewer signs off only their own). */
export async function reviewAssignee(
  db: SqlExecutor,
  tenantId: string,
  organisationId: string,
  reviewId: string,
): Promise<{ assigneeUserId: string | null } | undefined> {
  const row = await lockReview(db, tenantId, organisationId, reviewId);
  return row && { assigneeUserId: row.assignee_user_id };
}

export interface SignOff {
  decision: OrganisationReviewDecision;
  note: string;
  evidenceLinks: string[];
}

/** Records the decision (with its note and evidence) and signs the review off: `decided` then `signed_off`. */
export async function signOffReview(
  tx: SqlExecutor,
  tenantId: string,
  organisationId: string,
  reviewId: string,
  actorUserId: string,
  input: SignOff,
): Promise<ReviewWriteResult> {
  const review = await lockReview(tx, tenantId, organisationId, reviewId);
  if (!review) return { ok: false, reason: 'not_found' };
  if (review.status === 'signed_off') return { ok: false, reason: 'signed_off' };
  await tx.query(
    `UPDATE organisation_reviews SET decision = $4, note = $5, evidence_links = $6::jsonb, status = 'signed_off',
            signed_off_by = $7, signed_off_at = now(), updated_at = now()
      WHERE tenant_id = $1 AND organisation_id = $2 AND id = $3::bigint`,
    [
      tenantId,
      organisationId,
      reviewId,
      input.decision,
      input.note,
      JSON.stringify(input.evidenceLinks),
      actorUserId,
    ],
  );
  await appendReviewEvent(tx, tenantId, reviewId, {
    kind: 'decided',
    actorUserId,
    detail: { decision: input.decision, note: input.note, evidenceLinks: input.evidenceLinks },
  });
  await appendReviewEvent(tx, tenantId, reviewId, { kind: 'signed_off', actorUserId });
  return { ok: true };
}

export async function commentOnReview(
  tx: SqlExecutor,
  tenantId: string,
  organisationId: string,
  reviewId: string,
  actorUserId: string,
  text: string,
): Promise<ReviewWriteResult> {
  const review = await lockReview(tx, tenantId, organisationId, reviewId);
  if (!review) return { ok: false, reason: 'not_found' };
  await appendReviewEvent(tx, tenantId, reviewId, { kind: 'commented', actorUserId, detail: { text } });
  await tx.query(
    'UPDATE organisation_reviews SET updated_at = now() WHERE tenant_id = $1 AND id = $2::bigint',
    [tenantId, reviewId],
  );
  return { ok: true };
}

/**
 * Assigns an open review to another member who may sign reviews off (an owner, editor or reviewer; a reader
 * cannot): `reassigned` with who before and after. A signed-off review is reopened first.
 */
export async function reassignReview(
  tx: SqlExecutor,
  tenantId: string,
  organisationId: string,
  reviewId: string,
  actorUserId: string,
  assigneeUserId: string,
): Promise<ReviewWriteResult> {
  const review = await lockReview(tx, tenantId, organisationId, reviewId);
  if (!review) return { ok: false, reason: 'not_found' };
  if (review.status === 'signed_off') return { ok: false, reason: 'signed_off' };
  const { rows } = await tx.query(
    `SELECT 1 FROM organisation_members WHERE tenant_id = $1 AND organisation_id = $2 AND user_id = $3
        AND role <> 'reader'`,
    [tenantId, organisationId, assigneeUserId],
  );
  if (rows.length === 0) return { ok: false, reason: 'not_assignable' };
  await tx.query(
    `UPDATE organisation_reviews SET assignee_user_id = $4, reminded_at = NULL, updated_at = now()
      WHERE tenant_id = $1 AND organisation_id = $2 AND id = $3::bigint`,
    [tenantId, organisationId, reviewId, assigneeUserId],
  );
  await appendReviewEvent(tx, tenantId, reviewId, {
    kind: 'reassigned',
    actorUserId,
    detail: { from: review.assignee_user_id, to: assigneeUserId },
  });
  return { ok: true };
}

/**
 * Reopens a signed-off review: open again, due by the policy from now, reminders and escalation anew; the
 * decision, note and links stay as the starting point; the first sign-off stays in the history.
 */
export async function reopenReview(
  tx: SqlExecutor,
  tenantId: string,
  organisationId: string,
  reviewId: string,
  actorUserId: string,
  reason: string,
): Promise<ReviewWriteResult> {
  const review = await lockReview(tx, tenantId, organisationId, reviewId);
  if (!review) return { ok: false, reason: 'not_found' };
  if (review.status !== 'signed_off') return { ok: false, reason: 'not_signed_off' };
  await tx.query(
    `UPDATE organisation_reviews SET status = 'open', signed_off_by = NULL, signed_off_at = NULL,
            due_at = now() + make_interval(days => $4::int), reminded_at = NULL, escalated_at = NULL,
            updated_at = now()
      WHERE tenant_id = $1 AND organisation_id = $2 AND id = $3::bigint`,
    [tenantId, organisationId, reviewId, review.review_due_days],
  );
  await appendReviewEvent(tx, tenantId, reviewId, { kind: 'reopened', actorUserId, detail: { reason } });
  return { ok: true };
}

/** The organisation's review policy: days from a change to its review's due date (reviews already open keep theirs). */
export async function setReviewDueDays(
  tx: SqlExecutor,
  tenantId: string,
  organisationId: string,
  days: number,
): Promise<number | undefined> {
  if (!isUuid(organisationId)) return undefined;
  const { rows } = await tx.query<{ before: number }>(
    `UPDATE organisations o SET review_due_days = $3, updated_at = now()
       FROM organisations old WHERE old.tenant_id = o.tenant_id AND old.id = o.id
        AND o.tenant_id = $1 AND o.id = $2 RETURNING old.review_due_days AS before`,
    [tenantId, organisationId, days],
  );
  return rows[0]?.before;
}
