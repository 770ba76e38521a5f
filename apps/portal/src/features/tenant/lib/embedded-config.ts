import { getTenantConfigurationResponse, type TenantConfig } from '@trackwell/contracts';

/** The id of the data block the server writes into a store's page (apps/server/src/modules/portal/index-page.ts). */
export const EMBEDDED_CONFIG_ID = 'tw-tenant-config';

/**
 * The configuration the server wrote into this page (no configuration round trip before the
 * first screen), validated against the same contract as the configuration call's answer. Absent (the
 * Vite dev server, an unknown host) or invalid → undefined, and the portal asks the server as before.
 */
export function readEmbeddedTenantConfig(doc: Document = document): TenantConfig | undefined {
  const text = doc.getElementById(EMBEDDED_CONFIG_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = getTenantConfigurationResponse.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.responseData.value : undefined;
  } catch {
    return undefined;
  }
}
