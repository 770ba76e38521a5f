import type { TenantConfig } from '@trackwell/contracts';
import { isRecord } from '../../../lib/is-record.ts';

/** The id of the data block the server writes into a store's page (apps/server/src/modules/portal/index-page.ts). */
export const EMBEDDED_CONFIG_ID = 'tw-tenant-config';

/**
 * The configuration the server wrote into this page (no configuration round trip before the first screen).
 * The server checked it against the contract (`tenantConfig.parse`, apps/server/src/modules/portal/routes.ts)
 * when it wrote it, in the same answer as this script: it is not checked again here, which keeps Zod out of
 * the first screen's download. Absent (the Vite dev server, an unknown host) or not the
 * answer's shape → undefined, and the portal asks the server, whose answer it does check.
 */
export function readEmbeddedTenantConfig(doc: Document = document): TenantConfig | undefined {
  const text = doc.getElementById(EMBEDDED_CONFIG_ID)?.textContent;
  if (!text) return undefined;
  try {
    const answer: unknown = JSON.parse(text);
    const value = isRecord(answer) && isRecord(answer.responseData) ? answer.responseData.value : undefined;
    return isRecord(value) && typeof value.tenantCode === 'string'
      ? (value as unknown as TenantConfig)
      : undefined;
  } catch {
    return undefined;
  }
}
