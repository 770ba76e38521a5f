import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  errorEnvelope,
  getTenantConfigurationResponse,
  TENANT_CONFIG_PATH,
  type TenantConfig,
} from '@trackwell/contracts';
import { api } from '../../../lib/api.ts';
import { silenceErrorToasts } from '../../../lib/api-errors.ts';
import { readCachedTenantConfig, writeCachedTenantConfig } from '../lib/config-cache.ts';

/**
 * POST /config/get-tenant-configuration-for-ui (spec §7): no body, the request's host names the tenant.
 * A copy in session storage answers first (spec §3); a fresh answer is validated against the contract
 * before it is used or cached, and anything else is an error (spec §8: the full-page 404 screen).
 */
export const tenantApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTenantConfiguration: build.query<TenantConfig, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const cached = readCachedTenantConfig();
        if (cached) return { data: cached };

        const result = await baseQuery({ url: TENANT_CONFIG_PATH, method: 'POST' });
        if (result.error) return { error: result.error };

        const parsed = getTenantConfigurationResponse.safeParse(result.data);
        if (!parsed.success) {
          return {
            error: {
              status: 'PARSING_ERROR',
              originalStatus: result.meta?.response?.status ?? 200,
              data: '',
              error: `Invalid tenant configuration: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`,
            },
          };
        }
        const config = parsed.data.responseData.value;
        writeCachedTenantConfig(config);
        return { data: config };
      },
    }),
  }),
});

export const { useGetTenantConfigurationQuery } = tenantApi;

// Its failure is the full-page 404 screen (spec §8), not a toast.
silenceErrorToasts('getTenantConfiguration');

/** The support address the server named in its error answer (`support.email`), if it named one. */
export function supportEmailFrom(
  error: FetchBaseQueryError | SerializedError | undefined,
): string | undefined {
  if (!error || !('data' in error)) return undefined;
  const email = errorEnvelope.safeParse(error.data).data?.support?.email;
  // It lands in a mailto: link: accept only a plain address.
  return email && /^[^\s@<>"'?&]+@[^\s@<>"'?&]+\.[a-z]{2,}$/i.test(email) ? email : undefined;
}
