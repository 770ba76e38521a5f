import {
  MONTHLY_STATUS_PATH,
  type MonthlyStatusAnswer,
  type SaveMonthlyStatusBody,
} from '@trackwell/contracts';
import { api, type Envelope, envelopeValue } from '../../../lib/api.ts';
import { notificationFrequencyApi } from './notification-frequency.ts';

/** The opt-in monthly "status of your list" report (the tracker service's `monthly-status`). */
const OFF: MonthlyStatusAnswer = { enabled: false, hour: 8, timeZone: null };

export const monthlyStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMonthlyStatus: build.query<MonthlyStatusAnswer, string>({
      query: (userId) => ({ service: 'tracker-uri', url: MONTHLY_STATUS_PATH, params: { userId } }),
      transformResponse: (body: Envelope<MonthlyStatusAnswer>) => envelopeValue(body, OFF),
    }),
    saveMonthlyStatus: build.mutation<MonthlyStatusAnswer, SaveMonthlyStatusBody>({
      query: (body) => ({ service: 'tracker-uri', url: MONTHLY_STATUS_PATH, method: 'PUT', body }),
      transformResponse: (body: Envelope<MonthlyStatusAnswer>) => envelopeValue(body, OFF),
      // The answer is what is saved; a first save also saves the zone, which the frequency card then shows.
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(monthlyStatusApi.util.upsertQueryData('getMonthlyStatus', userId, data));
          dispatch(
            notificationFrequencyApi.util.updateQueryData('getNotificationFrequency', userId, (draft) => {
              draft.timeZone = data.timeZone;
            }),
          );
        } catch {
          // Refused: the card says why, and the saved value stays.
        }
      },
    }),
  }),
});

export const { useGetMonthlyStatusQuery, useSaveMonthlyStatusMutation } = monthlyStatusApi;
