import {
  type ContentSourceTrackings,
  SOURCE_DATA_KEYS,
  TRACKER_APPLICATION_CODE,
  TRACKER_PATHS,
  type TrackingType,
} from '@trackwell/contracts';
import { api, type Envelope, envelopeValue } from '../../../lib/api.ts';

/**
 * The user's committee, industry-area, publisher and work-item tracking (spec §3 "Tracking settings per user",
 * §4, §7), read as one value the sections share.
 */

/** The list-valued kinds: committee designations, industry marketing codes, publisher codes. */
export type SourceListType = Exclude<TrackingType, 'WORKITEM'>;

export type SourceTrackings = Record<SourceListType, string[]> & {
  /** spec §3: workItems' first item is the string 'true' or 'false'. */
  WORKITEM: boolean;
};

export const NO_SOURCE_TRACKINGS: SourceTrackings = {
  COMMITTEE: [],
  INDUSTRYAREA: [],
  PUBLISHERS: [],
  WORKITEM: false,
};

/** Reads the server's list (TRACKER application only, spec §3) into one value per kind. */
export function toSourceTrackings(value: ContentSourceTrackings | undefined): SourceTrackings {
  const out: SourceTrackings = { ...NO_SOURCE_TRACKINGS };
  for (const item of value?.contentSourceTrackings ?? []) {
    if (item.applicationCode !== TRACKER_APPLICATION_CODE) continue;
    const data = (item.data as Record<string, string[] | undefined>)[SOURCE_DATA_KEYS[item.trackingType]];
    if (item.trackingType === 'WORKITEM') out.WORKITEM = data?.[0] === 'true';
    else out[item.trackingType] = data ?? [];
  }
  return out;
}

/** One kind's new value: the full list for COMMITTEE/INDUSTRYAREA/PUBLISHERS, 'true'/'false' for WORKITEM. */
export type SetSourceTrackingArgs = { userId: string } & (
  | { trackingType: SourceListType; data: string[] }
  | { trackingType: 'WORKITEM'; data: ['true' | 'false'] }
);

export const sourceTrackingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSourceTrackings: build.query<SourceTrackings, string>({
      query: (userId) => ({
        service: 'tracker-uri',
        url: TRACKER_PATHS.listSourceTrackings,
        method: 'GET',
        params: { userId },
      }),
      transformResponse: (body: Envelope<ContentSourceTrackings>) =>
        toSourceTrackings(envelopeValue(body, undefined)),
      providesTags: ['SourceTrackings'],
    }),

    /**
     * spec §7 create-tracker-source: the server sets the named kind to exactly `data` (a set, not an append), so
     * adding or removing one item sends the whole new list. Its answer is the user's new state.
     */
    setSourceTracking: build.mutation<SourceTrackings, SetSourceTrackingArgs>({
      query: ({ userId, trackingType, data }) => ({
        service: 'tracker-uri',
        url: TRACKER_PATHS.createTrackerSource,
        method: 'POST',
        body: {
          applicationCode: TRACKER_APPLICATION_CODE,
          userId,
          trackingDetails: [{ trackingType, data }],
        },
      }),
      transformResponse: (body: Envelope<ContentSourceTrackings>) =>
        toSourceTrackings(envelopeValue(body, undefined)),
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The list as the server now has it, patched into the cached list: no second query, so the
          // sections never show it as refetching (disabled) after a save. Upserted when the patch changed
          // nothing (the list was never loaded, or already held this value).
          const patch = dispatch(
            sourceTrackingsApi.util.updateQueryData('listSourceTrackings', userId, () => data),
          );
          if (patch.patches.length === 0 && patch.inversePatches.length === 0)
            dispatch(sourceTrackingsApi.util.upsertQueryData('listSourceTrackings', userId, data));
        } catch {
          // The error toast comes from the store's middleware (spec §8); the list is unchanged.
        }
      },
    }),
  }),
});

export const { useListSourceTrackingsQuery, useSetSourceTrackingMutation } = sourceTrackingsApi;
