import { type CatalogSearchHit, TRACKER_PATHS } from '@trackwell/contracts';
import { api, type Envelope, envelopeValue } from '../../../lib/api.ts';

/** Beyond the spec: the catalogue search behind the "add a standard" box. */
export const CATALOG_SEARCH_LIMIT = 10;

export const searchCatalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchCatalog: build.query<CatalogSearchHit[], string>({
      query: (q) => ({
        service: 'tracker-uri',
        url: TRACKER_PATHS.catalogSearch,
        method: 'GET',
        params: { q, limit: CATALOG_SEARCH_LIMIT },
      }),
      // Each hit says whether the user tracks it: adding or removing a tracking makes a cached answer stale.
      providesTags: ['ContentTrackings'],
      transformResponse: (body: Envelope<{ results: CatalogSearchHit[] }>) =>
        envelopeValue(body, { results: [] }).results,
    }),
  }),
});

export const { useSearchCatalogQuery } = searchCatalogApi;
