import type { TenantConfig } from '@trackwell/contracts';
import { TENANT_CONFIG_CACHE_PREFIX } from '../../../config/constants.ts';

/**
 * spec §3: "The config is cached in session storage". Keyed by origin (tenant = host), and validated again
 * when read: a value that no longer matches the contract is dropped and fetched afresh. The contract (Zod)
 * comes with the first read (./config-contract.ts): a page the server sent carries its configuration, so
 * the first screen reads no cache and downloads no Zod.
 */
function cacheKey(origin: string): string {
  return `${TENANT_CONFIG_CACHE_PREFIX}${origin}`;
}

export async function readCachedTenantConfig(
  origin: string = window.location.origin,
): Promise<TenantConfig | undefined> {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(cacheKey(origin));
  } catch {
    return undefined; // Storage disabled (privacy settings): behave as a cache miss.
  }
  if (raw === null) return undefined;
  const { tenantConfig } = await import('./config-contract.ts');
  try {
    const parsed = tenantConfig.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: fall through and drop it.
  }
  clearCachedTenantConfig(origin);
  return undefined;
}

export function writeCachedTenantConfig(config: TenantConfig, origin: string = window.location.origin): void {
  try {
    window.sessionStorage.setItem(cacheKey(origin), JSON.stringify(config));
  } catch {
    // Quota or privacy mode: the app works without the cache, it only asks again next time.
  }
}

export function clearCachedTenantConfig(origin: string = window.location.origin): void {
  try {
    window.sessionStorage.removeItem(cacheKey(origin));
  } catch {
    // Nothing to clear.
  }
}
