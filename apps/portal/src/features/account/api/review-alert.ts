import { REVIEW_ALERT_PATH, type ReviewAlertAnswer, type SaveReviewAlertBody } from '@trackwell/contracts';
import { api, type Envelope, envelopeValue } from '../../../lib/api.ts';

/** The opt-in alert before a tracked standard's forecast review (the tracker service's `review-alert`). */
const OFF: ReviewAlertAnswer = { enabled: false, monthsBefore: 6 };

export const reviewAlertApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReviewAlert: build.query<ReviewAlertAnswer, string>({
      query: (userId) => ({ service: 'tracker-uri', url: REVIEW_ALERT_PATH, params: { userId } }),
      transformResponse: (body: Envelope<ReviewAlertAnswer>) => envelopeValue(body, OFF),
    }),
    saveReviewAlert: build.mutation<ReviewAlertAnswer, SaveReviewAlertBody>({
      query: (body) => ({ service: 'tracker-uri', url: REVIEW_ALERT_PATH, method: 'PUT', body }),
      transformResponse: (body: Envelope<ReviewAlertAnswer>) => envelopeValue(body, OFF),
      // The answer is what is saved.
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(reviewAlertApi.util.upsertQueryData('getReviewAlert', userId, data));
        } catch {
          // Refused: the card says why, and the saved value stays.
        }
      },
    }),
  }),
});

export const { useGetReviewAlertQuery, useSaveReviewAlertMutation } = reviewAlertApi;
