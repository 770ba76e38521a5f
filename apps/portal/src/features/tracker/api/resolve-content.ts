import { RESOLVER_PATHS } from '@trackwell/contracts';
import { api, type Envelope, envelopeValue } from '../../../lib/api.ts';

export type ResolveContentArgs = { contentCode: string; tenantId: string; userId: string };

export const resolveContentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * spec §7 platform admin resolver: where a standard's title opens when `enable_resolver_DP_for_content` is
     * on. Same origin (no tenant service base). A fresh answer each click, so it is a mutation-like lazy query.
     */
    resolveContent: build.query<string, ResolveContentArgs>({
      query: (params) => ({ url: RESOLVER_PATHS.resolve, method: 'GET', params }),
      transformResponse: (body: Envelope<{ applicationURL: string }>) =>
        envelopeValue(body, { applicationURL: '' }).applicationURL,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyResolveContentQuery } = resolveContentApi;
