import {
  type ContentTrackingPage,
  type ContentTrackingRow,
  type CreateTrackerBody,
  TRACKER_PATHS,
} from '@trackwell/contracts';
import { api, type Envelope, envelopeValue } from '../../../lib/api.ts';

/**
 * The tracked-standards list and the calls that change it (spec §3 "Tracked content row", §4, §7). One page of
 * the list is one cache entry, keyed by the user and the (1-based) page.
 */

/** What the table needs of one page: its rows and the count of all the user's tracked standards. */
export type ContentTrackingsPage = { rows: ContentTrackingRow[]; totalElements: number };

export type ListContentTrackingsArgs = {
  userId: string;
  /** spec §7: 1-based (the table's zero-based index plus 1). */
  pageIndex: number;
  pageSize: number;
  /** Only the standards whose review forecast falls due within this many months (overdue ones too). */
  dueWithinMonths?: number | undefined;
};

const EMPTY_PAGE: ContentTrackingsPage = { rows: [], totalElements: 0 };

export type UpdateContentTrackingArgs = ListContentTrackingsArgs & {
  contentTrackingId: number;
  /**
   * spec §4: the row's CURRENT off-state. The server sets contentTrackingOff = !active, so sending the current
   * off-state flips the row (off → on, on → off).
   */
  active: boolean;
};

export type DeleteContentTrackingArgs = ListContentTrackingsArgs & { contentTrackingId: number };

export const contentTrackingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listContentTrackings: build.query<ContentTrackingsPage, ListContentTrackingsArgs>({
      query: ({ userId, pageIndex, pageSize, dueWithinMonths }) => ({
        service: 'tracker-uri',
        url: TRACKER_PATHS.listContentTrackings,
        method: 'GET',
        params: { userId, pageIndex, pageSize, ...(dueWithinMonths ? { dueWithinMonths } : {}) },
      }),
      transformResponse: (body: Envelope<ContentTrackingPage>) => {
        const page = envelopeValue(body, undefined);
        return page
          ? { rows: page.trackingData.contentTrackings, totalElements: page.trackingData.totalElements }
          : EMPTY_PAGE;
      },
      providesTags: ['ContentTrackings'],
    }),

    updateContentTracking: build.mutation<unknown, UpdateContentTrackingArgs>({
      query: ({ contentTrackingId, active, userId, pageIndex, pageSize }) => ({
        service: 'tracker-uri',
        url: TRACKER_PATHS.updateTracker,
        method: 'PUT',
        params: { contentTrackingIds: String(contentTrackingId) },
        body: { active, userId, pageIndex, pageSize },
      }),
      // spec §4: the list shows the new state at once (contentTrackingOff = !active); §8: undone on failure.
      async onQueryStarted({ contentTrackingId, active, ...page }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          contentTrackingsApi.util.updateQueryData('listContentTrackings', page, (draft) => {
            const row = draft.rows.find((r) => r.contentTrackingId === contentTrackingId);
            if (row) row.contentTrackingOff = !active;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      // A page fetch that was already under way (after an add or a delete) would bring back the old state over the
      // optimistic one: read the list again once the change is saved (RTK Query waits for the pending fetch).
      invalidatesTags: (_result, error) => (error ? [] : ['ContentTrackings']),
    }),

    deleteContentTracking: build.mutation<unknown, DeleteContentTrackingArgs>({
      query: ({ contentTrackingId, userId, pageIndex, pageSize }) => ({
        service: 'tracker-uri',
        url: TRACKER_PATHS.deleteTracker,
        method: 'DELETE',
        params: { contentTrackingIds: String(contentTrackingId) },
        body: { contentTrackingIds: [contentTrackingId], userId, pageIndex, pageSize },
      }),
      invalidatesTags: ['ContentTrackings'],
    }),

    /** Beyond the spec: puts a standard found in the catalogue on the list. */
    createContentTracking: build.mutation<{ created: boolean }, CreateTrackerBody & { userId: string }>({
      query: (body) => ({
        service: 'tracker-uri',
        url: TRACKER_PATHS.createTracker,
        method: 'POST',
        body,
      }),
      transformResponse: (body: Envelope<{ created: boolean }>) => envelopeValue(body, { created: false }),
      invalidatesTags: ['ContentTrackings'],
    }),
  }),
});

export const {
  useListContentTrackingsQuery,
  useUpdateContentTrackingMutation,
  useDeleteContentTrackingMutation,
  useCreateContentTrackingMutation,
} = contentTrackingsApi;
