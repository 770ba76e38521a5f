import type { ReviewsQuery, SignOffBody } from '@trackwell/contracts';
import {
  commentOnReview,
  type DatabaseHandle,
  findOrganisationReview,
  listOrganisationReviews,
  listReviewEvents,
  type ReviewWriteResult,
  reassignReview,
  recordAuditEntry,
  reopenReview,
  reviewAssignee,
  type SqlExecutor,
  setReviewDueDays,
  signOffReview,
} from '@trackwell/db';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { requireMember } from './access.ts';
import { auditOf, type Caller, conflict } from './organisation-commands.ts';

/*
 * An organisation's reviews, framework-free. Every member reads them. Deciding and signing off: owners and
 * editors any review, a reviewer the reviews assigned to them, a reader none. Commenting: owners, editors and
 * reviewers. Reassigning and reopening: owners and editors. The review policy: owners. Each write is one
 * transaction with its history events and its audit entry.
 */

const noSuchReview = () => notFound('The organisation has no such review: nothing was read or changed.');

function refused(result: Exclude<ReviewWriteResult, { ok: true }>): never {
  switch (result.reason) {
    case 'not_found':
      throw noSuchReview();
    case 'signed_off':
      throw conflict('signed_off', 'The review is signed off: reopen it first. Nothing was changed.');
    case 'not_signed_off':
      throw conflict('not_signed_off', 'Only a signed-off review is reopened: nothing was changed.');
    case 'not_assignable':
      throw badRequest('The new assignee must be a member who may sign reviews off: nothing was changed.', [
        { path: 'assigneeUserId', message: 'is not an owner, editor or reviewer of the organisation' },
      ]);
  }
}

function audited(tx: SqlExecutor, caller: Caller, reviewId: string, what: string, after: unknown) {
  return recordAuditEntry(tx, caller.tenantId, {
    ...auditOf(caller),
    action: 'organisation.review',
    target: `review ${reviewId}`,
    before: null,
    after: { what, ...(after as object) },
  });
}

export async function readReviews(
  db: DatabaseHandle,
  caller: Caller,
  organisationId: string,
  query: ReviewsQuery & { offset: number; limit: number },
) {
  await requireMember(db, caller, organisationId);
  const assigneeUserId = query.assignee === 'me' ? caller.id : query.assignee;
  return listOrganisationReviews(
    db,
    caller.tenantId,
    organisationId,
    { status: query.status, listId: query.listId, assigneeUserId },
    { offset: query.offset, limit: query.limit },
  );
}

export async function readReview(db: SqlExecutor, caller: Caller, organisationId: string, reviewId: string) {
  await requireMember(db, caller, organisationId);
  const review = await findOrganisationReview(db, caller.tenantId, organisationId, reviewId);
  if (!review) throw noSuchReview();
  return { review, history: await listReviewEvents(db, caller.tenantId, reviewId) };
}

export function signOff(
  db: DatabaseHandle,
  caller: Caller,
  organisationId: string,
  reviewId: string,
  body: Required<SignOffBody>,
) {
  return db.transaction(async (tx) => {
    const role = await requireMember(tx, caller, organisationId, 'signOffReviews');
    const current = await reviewAssignee(tx, caller.tenantId, organisationId, reviewId);
    if (!current) throw noSuchReview();
    if (role === 'reviewer' && current.assigneeUserId !== caller.id)
      throw forbidden('A reviewer signs off only the reviews assigned to them: nothing was changed.');
    const result = await signOffReview(tx, caller.tenantId, organisationId, reviewId, caller.id, body);
    if (!result.ok) refused(result);
    await audited(tx, caller, reviewId, 'signed_off', { decision: body.decision });
    return readReview(tx, caller, organisationId, reviewId);
  });
}

export function comment(
  db: DatabaseHandle,
  caller: Caller,
  organisationId: string,
  reviewId: string,
  text: string,
) {
  return db.transaction(async (tx) => {
    await requireMember(tx, caller, organisationId, 'commentOnReviews');
    const result = await commentOnReview(tx, caller.tenantId, organisationId, reviewId, caller.id, text);
    if (!result.ok) refused(result);
    return readReview(tx, caller, organisationId, reviewId);
  });
}

export function reassign(
  db: DatabaseHandle,
  caller: Caller,
  organisationId: string,
  reviewId: string,
  assigneeUserId: string,
) {
  return db.transaction(async (tx) => {
    await requireMember(tx, caller, organisationId, 'manageReviews');
    const result = await reassignReview(
      tx,
      caller.tenantId,
      organisationId,
      reviewId,
      caller.id,
      assigneeUserId,
    );
    if (!result.ok) refused(result);
    await audited(tx, caller, reviewId, 'reassigned', { assigneeUserId });
    return readReview(tx, caller, organisationId, reviewId);
  });
}

export function reopen(
  db: DatabaseHandle,
  caller: Caller,
  organisationId: string,
  reviewId: string,
  reason: string,
) {
  return db.transaction(async (tx) => {
    await requireMember(tx, caller, organisationId, 'manageReviews');
    const result = await reopenReview(tx, caller.tenantId, organisationId, reviewId, caller.id, reason);
    if (!result.ok) refused(result);
    await audited(tx, caller, reviewId, 'reopened', { reason });
    return readReview(tx, caller, organisationId, reviewId);
  });
}

/** Sets the days from a change to its review's due date; reviews already open keep their due dates. */
export function setReviewPolicy(db: DatabaseHandle, caller: Caller, organisationId: string, days: number) {
  return db.transaction(async (tx) => {
    await requireMember(tx, caller, organisationId, 'setReviewPolicy');
    const before = await setReviewDueDays(tx, caller.tenantId, organisationId, days);
    await recordAuditEntry(tx, caller.tenantId, {
      ...auditOf(caller),
      action: 'organisation.policy',
      target: organisationId,
      before: { reviewDueDays: before },
      after: { reviewDueDays: days },
    });
    return days;
  });
}
