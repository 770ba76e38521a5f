import {
  type OrganisationReview,
  type OrganisationReviewDecision,
  ORGANISATION_REVIEW_PATHS as R,
  type ReviewEvent,
} from '@trackwell/contracts';
import { type Envelope, envelopeValue } from '../../../lib/api.ts';
import { organisationsApi } from './organisations.ts';

/** An organisation's reviews: pages of them, one with its history, and what people do to a review. */

const fill = (template: string, ids: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_m, key: string) => encodeURIComponent(ids[key] ?? ''));

type ReviewRef = { organisationId: string; reviewId: string };
export interface ReviewPage {
  reviews: OrganisationReview[];
  total: number;
}
export interface ReviewDetail {
  review: OrganisationReview;
  history: ReviewEvent[];
}
export interface ReviewsRequest {
  organisationId: string;
  status?: 'open' | 'signed_off' | 'overdue';
  assignee?: 'me';
  offset: number;
  limit: number;
}

const detail = (body: Envelope<ReviewDetail>) => envelopeValue(body, undefined as unknown as ReviewDetail);
const write = (path: string, method: 'POST' | 'PUT') => (args: ReviewRef & Record<string, unknown>) => {
  const { organisationId, reviewId, ...body } = args;
  return { url: fill(path, { organisationId, reviewId }), method, body };
};

const reviewsApi = organisationsApi
  .enhanceEndpoints({ addTagTypes: ['OrganisationReviews'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listReviews: build.query<ReviewPage, ReviewsRequest>({
        query: ({ organisationId, ...q }) => ({
          url: fill(R.reviews, { organisationId }),
          params: Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)),
        }),
        transformResponse: (body: Envelope<ReviewPage>) => envelopeValue(body, { reviews: [], total: 0 }),
        providesTags: ['OrganisationReviews'],
      }),
      getReview: build.query<ReviewDetail, ReviewRef>({
        query: (ids) => ({ url: fill(R.review, ids) }),
        transformResponse: detail,
        providesTags: ['OrganisationReviews'],
      }),
      signOffReview: build.mutation<
        ReviewDetail,
        ReviewRef & { decision: OrganisationReviewDecision; note: string; evidenceLinks: string[] }
      >({
        query: write(R.signOff, 'POST'),
        transformResponse: detail,
        invalidatesTags: ['OrganisationReviews'],
      }),
      commentOnReview: build.mutation<ReviewDetail, ReviewRef & { text: string }>({
        query: write(R.comments, 'POST'),
        transformResponse: detail,
        invalidatesTags: ['OrganisationReviews'],
      }),
      reassignReview: build.mutation<ReviewDetail, ReviewRef & { assigneeUserId: string }>({
        query: write(R.assignee, 'PUT'),
        transformResponse: detail,
        invalidatesTags: ['OrganisationReviews'],
      }),
      reopenReview: build.mutation<ReviewDetail, ReviewRef & { reason: string }>({
        query: write(R.reopen, 'POST'),
        transformResponse: detail,
        invalidatesTags: ['OrganisationReviews'],
      }),
    }),
  });

export const {
  useListReviewsQuery,
  useGetReviewQuery,
  useSignOffReviewMutation,
  useCommentOnReviewMutation,
  useReassignReviewMutation,
  useReopenReviewMutation,
} = reviewsApi;
