import type { FeatureFlags, TenantConfig, TenantTheme } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * Stores as the console reads them: the whole stored definition of one store (what `upsertTenant` wrote),
 * and the list of every store for operators.
 */

export interface StoredDefinition {
  code: string;
  /** Canonical host first, then the others by name. */
  hosts: string[];
  config: TenantConfig;
  theme: TenantTheme;
  featureFlags: FeatureFlags;
  logoSvg: string;
  updatedAt: Date;
}

/**
 * The stored definition of a store, or undefined. `forUpdate` locks the store's row until the caller's
 * transaction ends (a read-modify-write, such as the console's PATCH, then never loses a concurrent change).
 */
export async function readStoreDefinition(
  db: SqlExecutor,
  tenantId: string,
  { forUpdate = false } = {},
): Promise<StoredDefinition | undefined> {
  const { rows } = await db.query<{
    code: string;
    hosts: string[];
    config: TenantConfig;
    theme: TenantTheme;
    feature_flags: FeatureFlags;
    logo: Uint8Array | null;
    updated_at: Date;
  }>(
    `SELECT t.code, t.config, t.theme, t.feature_flags, t.updated_at,
            ARRAY(SELECT h.host FROM tenant_hosts h WHERE h.tenant_id = t.id
                   ORDER BY h.canonical DESC, h.host) AS hosts,
            (SELECT a.body FROM tenant_assets a WHERE a.tenant_id = t.id AND a.name = 'logo.svg') AS logo
       FROM tenants t WHERE t.id = $1${forUpdate ? ' FOR UPDATE OF t' : ''}`,
    [tenantId],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    code: r.code,
    hosts: r.hosts,
    config: r.config,
    theme: r.theme,
    featureFlags: r.feature_flags,
    logoSvg: r.logo ? new TextDecoder().decode(r.logo) : '',
    updatedAt: r.updated_at,
  };
}

export interface StoreSummary {
  id: string;
  code: string;
  name: string;
  canonicalHost: string;
  hosts: string[];
}

/** Every store, by code (the operators' list). */
export async function listStoreSummaries(db: SqlExecutor): Promise<StoreSummary[]> {
  const { rows } = await db.query<{
    id: string;
    code: string;
    name: string;
    canonical_host: string | null;
    hosts: string[];
  }>(
    `SELECT t.id, t.code, t.config->>'tenantName' AS name,
            (SELECT h.host FROM tenant_hosts h WHERE h.tenant_id = t.id AND h.canonical) AS canonical_host,
            ARRAY(SELECT h.host FROM tenant_hosts h WHERE h.tenant_id = t.id ORDER BY h.canonical DESC, h.host)
              AS hosts
       FROM tenants t ORDER BY t.code`,
  );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    canonicalHost: r.canonical_host ?? r.hosts[0] ?? '',
    hosts: r.hosts,
  }));
}
