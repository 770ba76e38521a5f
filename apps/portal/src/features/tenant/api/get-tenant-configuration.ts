import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { TENANT_CONFIG_PATH, type TenantConfig } from '@trackwell/contracts';
import { api } from '../../../lib/api.ts';
import { silenceErrorToasts } from '../../../lib/api-error-toasts.ts';
import type { AppStore } from '../../../lib/store.ts';
import { readCachedTenantConfig, writeCachedTenantConfig } from '../lib/config-cache.ts';
import { readEmbeddedTenantConfig } from '../lib/embedded-config.ts';

/**
 * POST /config/get-tenant-configuration-for-ui (spec §7): no body, the request's host names the tenant.
 * The copy the server wrote into the page answers first (a page needs no round trip before it draws, and
 * its copy is the newest), then a copy in session storage (spec §3); a fresh answer is validated against
 * the contract before it is used or cached, and anything else is an error (spec §8: the full-page 404
 * screen).
 */
export const tenantApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTenantConfiguration: build.query<TenantConfig, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const embedded = readEmbeddedTenantConfig();
        if (embedded) {
          writeCachedTenantConfig(embedded);
          return { data: embedded };
        }
        const cached = await readCachedTenantConfig();
        if (cached) return { data: cached };

        const result = await baseQuery({ url: TENANT_CONFIG_PATH, method: 'POST' });
        if (result.error) return { error: result.error };
        const { getTenantConfigurationResponse } = await import('../lib/config-contract.ts');

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

/**
 * Puts a configuration in the query's cache as its answer: the server's rendering and the page
 * it drew both start from the configuration the page carries, so the first render already shows the screen.
 */
export function seedTenantConfiguration(store: Pick<AppStore, 'dispatch'>, config: TenantConfig): void {
  if (typeof window !== 'undefined') writeCachedTenantConfig(config); // as after a call (spec §3)
  store.dispatch(
    tenantApi.util.upsertQueryEntries([
      { endpointName: 'getTenantConfiguration', arg: undefined, value: config },
    ]),
  );
}

// Its failure is the full-page 404 screen (spec §8), not a toast.
silenceErrorToasts('getTenantConfiguration');

/** What the server's error answer says about where a lost visitor can go (`support`), checked before use. */
export interface SupportLinks {
  supportEmail?: string | undefined;
  siteUrl?: string | undefined;
  searchUrl?: string | undefined;
}

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;

/**
 * The support address and the platform's site and search the server named in its error answer
 * (`errorEnvelope`'s `support`), if any. Each is read and checked on its own, without Zod: this runs on the
 * first screen's 404 page.
 */
export function supportLinksFrom(error: FetchBaseQueryError | SerializedError | undefined): SupportLinks {
  if (!error || !('data' in error)) return {};
  const support = field(error.data, 'support');
  const email = field(support, 'email');
  return {
    // It lands in a mailto: link: accept only a plain address.
    supportEmail:
      typeof email === 'string' && /^[^\s@<>"'?&]+@[^\s@<>"'?&]+\.[a-z]{2,}$/i.test(email)
        ? email
        : undefined,
    siteUrl: webUrl(field(support, 'siteUrl')),
    searchUrl: webUrl(field(support, 'searchUrl')),
  };
}

/** An absolute http(s) URL, or nothing (never a javascript: or data: link). */
function webUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
}
