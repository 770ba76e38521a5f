import { APPLICATION_CODES, TRACKER_PATHS } from '@trackwell/contracts';
import { api, type Envelope } from '../../../lib/api.ts';
import { silenceErrorToasts } from '../../../lib/api-error-toasts.ts';
import { NO_SOURCE_TRACKINGS, sourceTrackingsApi } from './source-trackings.ts';

export const unsubscribeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * spec §4 "Unsubscribe": all four application codes (§9). A '200' clears the committee, industry-area,
     * work-item and publisher sources, so the page shows them cleared without asking again.
     */
    unsubscribeTracker: build.mutation<Envelope<unknown>, { userId: string }>({
      query: ({ userId }) => ({
        service: 'tracker-uri',
        url: TRACKER_PATHS.unsubscribe,
        method: 'PUT',
        params: { userId, applicationCode: APPLICATION_CODES.join(',') },
        body: { userId },
      }),
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            sourceTrackingsApi.util.upsertQueryData('listSourceTrackings', userId, NO_SOURCE_TRACKINGS),
          );
        } catch {
          // spec §8 "Unsubscribe failures are only logged" (the store's middleware logs silenced endpoints).
        }
      },
    }),
  }),
});

// spec §8: no error toast for this one.
silenceErrorToasts('unsubscribeTracker');

export const { useUnsubscribeTrackerMutation } = unsubscribeApi;
