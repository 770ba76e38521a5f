import { STANDARD_HISTORY_PATH, type StandardHistory } from '@trackwell/contracts';
import { api, type Envelope } from '../../../lib/api.ts';

/** A standard's edition history (the tracker service's `standard-history`). */
export const standardHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    standardHistory: build.query<StandardHistory, string>({
      query: (assetId) => ({ service: 'tracker-uri', url: STANDARD_HISTORY_PATH, params: { assetId } }),
      transformResponse: (body: Envelope<StandardHistory>) => {
        const value = body.responseData?.value;
        if (!value) throw new Error('no history in the answer');
        return value;
      },
    }),
  }),
});

export const { useStandardHistoryQuery } = standardHistoryApi;
