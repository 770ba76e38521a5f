import {
  NOTIFICATION_PREFERENCES_PATH,
  type NotificationPreferences,
  type SaveNotificationPreferencesBody,
} from '@trackwell/contracts';
import { api, type Envelope, envelopeValue } from '../../../lib/api.ts';

/**
 * Which kinds of change the user is told about, for all trackings and per tracked committee,
 * industry area or publisher (the tracker service's `notification-preferences`). Tagged with the sources,
 * so tracking or untracking a source on the tracker page lists it here too.
 */
export const notificationPreferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotificationPreferences: build.query<NotificationPreferences, string>({
      query: (userId) => ({ service: 'tracker-uri', url: NOTIFICATION_PREFERENCES_PATH, params: { userId } }),
      transformResponse: (body: Envelope<NotificationPreferences>) =>
        envelopeValue(body, { kinds: [], sources: [] }),
      providesTags: ['SourceTrackings'],
    }),
    saveNotificationPreferences: build.mutation<NotificationPreferences, SaveNotificationPreferencesBody>({
      query: (body) => ({
        service: 'tracker-uri',
        url: NOTIFICATION_PREFERENCES_PATH,
        method: 'PUT',
        body,
      }),
      transformResponse: (body: Envelope<NotificationPreferences>) =>
        envelopeValue(body, { kinds: [], sources: [] }),
      invalidatesTags: (_result, error) => (error ? [] : ['SourceTrackings']),
    }),
  }),
});

export const { useGetNotificationPreferencesQuery, useSaveNotificationPreferencesMutation } =
  notificationPreferencesApi;
