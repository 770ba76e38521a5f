import {
  type SaveSuccessorPreferenceBody,
  SUCCESSOR_PREFERENCE_PATH,
  type SuccessorPreference,
} from '@trackwell/contracts';
import { api, type Envelope, envelopeValue } from '../../../lib/api.ts';

/** "Follow successors automatically" (the tracker service's `successor-preference`). */
const OFF: SuccessorPreference = { followAutomatically: false };

export const successorPreferenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSuccessorPreference: build.query<SuccessorPreference, string>({
      query: (userId) => ({ service: 'tracker-uri', url: SUCCESSOR_PREFERENCE_PATH, params: { userId } }),
      transformResponse: (body: Envelope<SuccessorPreference>) => envelopeValue(body, OFF),
    }),
    saveSuccessorPreference: build.mutation<SuccessorPreference, SaveSuccessorPreferenceBody>({
      query: (body) => ({ service: 'tracker-uri', url: SUCCESSOR_PREFERENCE_PATH, method: 'PUT', body }),
      transformResponse: (body: Envelope<SuccessorPreference>) => envelopeValue(body, OFF),
      // The answer is what is saved: the query's cache takes it as is.
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(successorPreferenceApi.util.upsertQueryData('getSuccessorPreference', userId, data));
        } catch {
          // Refused: the card says why, and the saved value stays.
        }
      },
    }),
  }),
});

export const { useGetSuccessorPreferenceQuery, useSaveSuccessorPreferenceMutation } = successorPreferenceApi;
