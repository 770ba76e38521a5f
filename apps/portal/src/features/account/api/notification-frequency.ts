import {
  NOTIFICATION_FREQUENCY_PATH,
  type NotificationFrequencyAnswer,
  type SaveNotificationFrequencyBody,
  TEST_DIGEST_PATH,
  type TestDigestAnswer,
} from '@trackwell/contracts';
import { api, type Envelope, envelopeValue } from '../../../lib/api.ts';

/** E-mail frequency: instant, or a daily/weekly digest (the tracker service's `notification-frequency`). */
const NONE: NotificationFrequencyAnswer = { frequency: 'instant', hour: 8, weekday: 1, timeZone: null };

export const notificationFrequencyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotificationFrequency: build.query<NotificationFrequencyAnswer, string>({
      query: (userId) => ({ service: 'tracker-uri', url: NOTIFICATION_FREQUENCY_PATH, params: { userId } }),
      transformResponse: (body: Envelope<NotificationFrequencyAnswer>) => envelopeValue(body, NONE),
    }),
    saveNotificationFrequency: build.mutation<NotificationFrequencyAnswer, SaveNotificationFrequencyBody>({
      query: (body) => ({ service: 'tracker-uri', url: NOTIFICATION_FREQUENCY_PATH, method: 'PUT', body }),
      transformResponse: (body: Envelope<NotificationFrequencyAnswer>) => envelopeValue(body, NONE),
      // The answer is what is saved: the query's cache takes it as is.
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(notificationFrequencyApi.util.upsertQueryData('getNotificationFrequency', userId, data));
        } catch {
          // Refused: the card says why (its own catch of the mutation), and the saved value stays.
        }
      },
    }),
    /** "Send me a test digest now": e-mailed to the user, marked as a test; nothing is marked as sent. */
    sendTestDigest: build.mutation<TestDigestAnswer, string>({
      query: (userId) => ({
        service: 'tracker-uri',
        url: TEST_DIGEST_PATH,
        method: 'POST',
        body: { userId },
      }),
      transformResponse: (body: Envelope<TestDigestAnswer>) => envelopeValue(body, { changes: 0 }),
    }),
  }),
});

export const {
  useGetNotificationFrequencyQuery,
  useSaveNotificationFrequencyMutation,
  useSendTestDigestMutation,
} = notificationFrequencyApi;
