import {
  commentBody,
  ok,
  organisationParams,
  ORGANISATION_REVIEW_PATHS as R,
  reassignBody,
  reopenBody,
  reviewAnswer,
  reviewParams,
  reviewPolicyAnswer,
  reviewPolicyBody,
  reviewsAnswer,
  reviewsQuery,
  signOffBody,
} from '@trackwell/contracts';
import type { ApiApp } from '../../http/api-schemas.ts';
import { currentUser } from '../auth/plugin.ts';
import { presentReview, presentReviewEvent } from './presenters.ts';
import {
  comment,
  readReview,
  readReviews,
  reassign,
  reopen,
  setReviewPolicy,
  signOff,
} from './review-commands.ts';
import { errors, security, tags, writeErrors } from './schemas.ts';

type Detail = Awaited<ReturnType<typeof readReview>>;
const answer = ({ review, history }: Detail) =>
  ok({ review: presentReview(review), history: history.map(presentReviewEvent) });

/** Reviews: every member reads them; the roles' rule for each write is review-commands.ts's. */
export function registerReviewRoutes(app: ApiApp) {
  app.get(
    R.reviews,
    {
      schema: {
        tags,
        security,
        summary: 'The organisation’s reviews, earliest due first (filter by status, list, assignee; paged)',
        params: organisationParams,
        querystring: reviewsQuery,
        response: { 200: reviewsAnswer, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await readReviews(app.db, currentUser(request), request.params.organisationId, q);
      return ok({
        reviews: page.reviews.map(presentReview),
        total: page.total,
        offset: q.offset,
        limit: q.limit,
      });
    },
  );
  app.get(
    R.review,
    {
      schema: {
        tags,
        security,
        summary: 'A review with its history',
        params: reviewParams,
        response: { 200: reviewAnswer, ...errors },
      },
    },
    async (request) => {
      const { organisationId, reviewId } = request.params;
      return answer(await readReview(app.db, currentUser(request), organisationId, reviewId));
    },
  );
  registerDecisionRoutes(app);
  registerManagementRoutes(app);
}

const write = (summary: string) => ({ tags, security, summary, params: reviewParams });

/** Sign-off and comments: the people doing the review. */
function registerDecisionRoutes(app: ApiApp) {
  app.post(
    R.signOff,
    {
      schema: {
        ...write('Decide and sign off (owners, editors; a reviewer the reviews assigned to them)'),
        body: signOffBody,
        response: { 200: reviewAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const { organisationId, reviewId } = request.params;
      const { decision, note, evidenceLinks } = request.body;
      return answer(
        await signOff(app.db, currentUser(request), organisationId, reviewId, {
          decision,
          note,
          evidenceLinks,
        }),
      );
    },
  );
  app.post(
    R.comments,
    {
      schema: {
        ...write('Comment (owners, editors, reviewers)'),
        body: commentBody,
        response: { 200: reviewAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const { organisationId, reviewId } = request.params;
      return answer(await comment(app.db, currentUser(request), organisationId, reviewId, request.body.text));
    },
  );
}

/** Reassigning, reopening and the policy: those who run the reviews. */
function registerManagementRoutes(app: ApiApp) {
  app.put(
    R.assignee,
    {
      schema: {
        ...write('Reassign an open review to an owner, editor or reviewer (owners, editors)'),
        body: reassignBody,
        response: { 200: reviewAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const { organisationId, reviewId } = request.params;
      const user = currentUser(request);
      return answer(await reassign(app.db, user, organisationId, reviewId, request.body.assigneeUserId));
    },
  );
  app.post(
    R.reopen,
    {
      schema: {
        ...write('Reopen a signed-off review (owners, editors); its sign-off stays in the history'),
        body: reopenBody,
        response: { 200: reviewAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const { organisationId, reviewId } = request.params;
      return answer(
        await reopen(app.db, currentUser(request), organisationId, reviewId, request.body.reason),
      );
    },
  );
  app.put(
    R.policy,
    {
      schema: {
        tags,
        security,
        summary: 'Set the days from a change to its review’s due date, 1–365 (owners)',
        params: organisationParams,
        body: reviewPolicyBody,
        response: { 200: reviewPolicyAnswer, ...writeErrors },
      },
    },
    async (request) => {
      const days = await setReviewPolicy(
        app.db,
        currentUser(request),
        request.params.organisationId,
        request.body.reviewDueDays,
      );
      return ok({ reviewDueDays: days });
    },
  );
}
