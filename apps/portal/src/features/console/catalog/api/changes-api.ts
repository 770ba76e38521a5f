import {
  type CatalogEvent,
  type CatalogEventResult,
  CONSOLE_PATHS,
  type ConsoleChangePreview,
} from '@trackwell/contracts';
import { api } from '../../../../lib/api.ts';
import { silenceErrorToasts } from '../../../../lib/api-error-toasts.ts';
import { storePath } from '../../api/stores.ts';

export type PublishedChange = {
  id: string;
  publisherEventId: string;
  kind: string;
  source: string;
  recordedAt: string;
  matched: number;
  sent: number;
  failed: number;
  pending: number;
  unsubscribed: number;
};
export type PublishedChangePage = { changes: PublishedChange[]; nextCursor: string | null };

/** Publishing a catalogue change from the console: preview, publish, the recent changes. */
export const consoleChangesApi = api
  .enhanceEndpoints({ addTagTypes: ['ConsolePublishedChanges'] })
  .injectEndpoints({
    endpoints: (build) => ({
      previewCatalogChange: build.mutation<ConsoleChangePreview, { code: string; event: CatalogEvent }>({
        query: ({ code, event }) => ({
          url: storePath(CONSOLE_PATHS.storeChangePreview, code),
          method: 'POST',
          body: event,
        }),
      }),
      publishCatalogChange: build.mutation<CatalogEventResult, { code: string; event: CatalogEvent }>({
        query: ({ code, event }) => ({
          url: storePath(CONSOLE_PATHS.storeChanges, code),
          method: 'POST',
          body: event,
        }),
        invalidatesTags: (_r, _e, { code }) => [{ type: 'ConsolePublishedChanges', id: code }],
      }),
      listPublishedChanges: build.query<PublishedChangePage, { code: string; cursor?: string }>({
        query: ({ code, cursor }) => ({
          url: storePath(CONSOLE_PATHS.storeChanges, code),
          params: { limit: 20, ...(cursor ? { cursor } : {}) },
        }),
        providesTags: (_r, _e, { code }) => [{ type: 'ConsolePublishedChanges', id: code }],
      }),
    }),
  });

// The change form shows these failures beside the fields they name; the list in place with "Try again".
silenceErrorToasts('previewCatalogChange', 'publishCatalogChange', 'listPublishedChanges');

export const {
  usePreviewCatalogChangeMutation,
  usePublishCatalogChangeMutation,
  useListPublishedChangesQuery,
} = consoleChangesApi;
