import {
  type ContentSourceTracking,
  type ContentSourceTrackings,
  TRACKER_PATHS,
  TRACKING_EMAILS_PATH,
  type TrackingEmailsAnswer,
} from '@trackwell/contracts';
import { api, type Envelope, envelopeValue } from '../../../lib/api.ts';

/**
 * spec §7 GET get-user-content-source-tracking-data: what the user's tracking e-mails cover (committees,
 * industry areas, publishers, work items), for the account area's "tracking e-mails" status. Tagged like the
 * tracker's own reads, so an unsubscribe on the tracker page refreshes it.
 */
export const trackingEmailSourcesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTrackingEmailSources: build.query<ContentSourceTracking[], string>({
      query: (userId) => ({
        service: 'tracker-uri',
        url: TRACKER_PATHS.listSourceTrackings,
        params: { userId },
      }),
      transformResponse: (body: Envelope<ContentSourceTrackings>) =>
        envelopeValue(body, { contentSourceTrackings: [] }).contentSourceTrackings,
      providesTags: ['SourceTrackings'],
    }),
    /** Whether the user gets tracking e-mails (the pipeline's rule: unsubscribed, standards, sources). */
    getTrackingEmails: build.query<TrackingEmailsAnswer | null, string>({
      query: (userId) => ({ service: 'tracker-uri', url: TRACKING_EMAILS_PATH, params: { userId } }),
      transformResponse: (body: Envelope<TrackingEmailsAnswer>) => envelopeValue(body, null),
      providesTags: ['SourceTrackings', 'ContentTrackings'],
    }),
  }),
});

export const { useGetTrackingEmailSourcesQuery, useGetTrackingEmailsQuery } = trackingEmailSourcesApi;

export type TrackingEmailSummary = {
  committees: number;
  industryAreas: number;
  publishers: number;
  workItems: boolean;
};

export function summariseTrackingEmails(sources: readonly ContentSourceTracking[]): TrackingEmailSummary {
  let committees = 0;
  let industryAreas = 0;
  let publishers = 0;
  let workItems = false;
  for (const source of sources) {
    if (source.trackingType === 'COMMITTEE') committees += source.data.committees.length;
    else if (source.trackingType === 'INDUSTRYAREA') industryAreas += source.data.industryAreas.length;
    else if (source.trackingType === 'PUBLISHERS') publishers += source.data.publishers.length;
    else if (source.trackingType === 'WORKITEM') workItems ||= source.data.workItems[0] === 'true';
  }
  return {
    committees,
    industryAreas,
    publishers,
    workItems,
  };
}
