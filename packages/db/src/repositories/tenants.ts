import { createHash, randomUUID } from 'node:crypto';
import {
  type FeatureFlags,
  type TenantConfig,
  type TenantDefinition,
  type TenantTheme,
  tenantDefinition,
} from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { svgProblems } from './svg-guard.ts';

/** A tenant as the server uses it. */
export interface Tenant {
  id: string;
  code: string;
  config: TenantConfig;
  theme: TenantTheme;
  featureFlags: FeatureFlags;
  /** The host name every absolute URL of this store is built from (the definition's first host). */
  canonicalHost: string;
  updatedAt: Date;
}

export class InvalidTenantError extends Error {
  readonly issues: Array<{ path: string; message: string }>;
  constructor(issues: Array<{ path: string; message: string }>) {
    super(`Invalid tenant definition: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    this.name = 'InvalidTenantError';
    this.issues = issues;
  }
}

/** Validates a tenant definition; throws InvalidTenantError listing every problem. */
export function parseTenantDefinition(input: unknown): TenantDefinition {
  const parsed = tenantDefinition.safeParse(input);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: i.path.join('.') || '(root)', message: i.message }));
  if (parsed.success) {
    for (const message of svgProblems(parsed.data.logoSvg)) issues.push({ path: 'logoSvg', message });
    if (parsed.data.config.tenantCode !== parsed.data.code) {
      issues.push({ path: 'config.tenantCode', message: 'must equal code' });
    }
  }
  if (issues.length > 0 || !parsed.success) throw new InvalidTenantError(issues);
  return parsed.data;
}

type TenantRow = {
  id: string;
  code: string;
  config: TenantConfig;
  theme: TenantTheme;
  feature_flags: FeatureFlags;
  canonical_host: string;
  updated_at: Date;
};
const toTenant = (r: TenantRow): Tenant => ({
  id: r.id,
  code: r.code,
  config: r.config,
  theme: r.theme,
  featureFlags: r.feature_flags,
  canonicalHost: r.canonical_host,
  updatedAt: r.updated_at,
});
const TENANT_COLUMNS = `t.id, t.code, t.config, t.theme, t.feature_flags, t.updated_at,
  (SELECT c.host FROM tenant_hosts c WHERE c.tenant_id = t.id AND c.canonical) AS canonical_host`;

/**
 * Creates the tenant or replaces its definition (hosts and logo included), in the caller's transaction.
 * Validation happens first: an invalid definition writes nothing. `id` keeps seeded tenants stable.
 */
export async function upsertTenant(tx: SqlExecutor, input: unknown, id?: string): Promise<Tenant> {
  const def = parseTenantDefinition(input);
  const taken = await tx.query<{ host: string; code: string }>(
    `SELECT h.host, t.code FROM tenant_hosts h JOIN tenants t ON t.id = h.tenant_id
      WHERE h.host = ANY($1::text[]) AND t.code <> $2`,
    [def.hosts, def.code],
  );
  if (taken.rows.length > 0) {
    throw new InvalidTenantError(
      taken.rows.map((r) => ({ path: 'hosts', message: `${r.host} already belongs to tenant ${r.code}` })),
    );
  }
  const { rows } = await tx.query(
    `INSERT INTO tenants AS t (id, code, config, theme, feature_flags)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (code) DO UPDATE SET config = EXCLUDED.config, theme = EXCLUDED.theme,
       feature_flags = EXCLUDED.feature_flags, updated_at = now()
     RETURNING t.id`,
    [
      id ?? randomUUID(),
      def.code,
      JSON.stringify(def.config),
      JSON.stringify(def.theme),
      JSON.stringify(def.featureFlags),
    ],
  );
  const tenantId = (rows[0] as { id: string }).id;
  await tx.query('DELETE FROM tenant_hosts WHERE tenant_id = $1', [tenantId]);
  await tx.query(
    `INSERT INTO tenant_hosts (host, tenant_id, canonical)
     SELECT h.host, $2, h.n = 1 FROM unnest($1::text[]) WITH ORDINALITY AS h(host, n)`,
    [def.hosts, tenantId],
  );
  await putTenantAsset(tx, tenantId, 'logo.svg', 'image/svg+xml', new TextEncoder().encode(def.logoSvg));
  const { rows: saved } = await tx.query<TenantRow>(
    `SELECT ${TENANT_COLUMNS} FROM tenants t WHERE t.id = $1`,
    [tenantId],
  );
  return toTenant(saved[0]!);
}

export async function findTenantByHost(db: SqlExecutor, host: string): Promise<Tenant | undefined> {
  const { rows } = await db.query<TenantRow>(
    `SELECT ${TENANT_COLUMNS} FROM tenant_hosts h JOIN tenants t ON t.id = h.tenant_id WHERE h.host = $1`,
    [host],
  );
  return rows[0] && toTenant(rows[0]);
}

/** A store by its id (the tenant is the input, not the scope: this finds it). */
export async function findTenantById(db: SqlExecutor, id: string): Promise<Tenant | undefined> {
  const { rows } = await db.query<TenantRow>(`SELECT ${TENANT_COLUMNS} FROM tenants t WHERE t.id = $1`, [id]);
  return rows[0] && toTenant(rows[0]);
}

/** How many stores there are (the first start seeds the demo when there are none). */
export async function countTenants(db: SqlExecutor): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tenants');
  return rows[0]?.n ?? 0;
}

export async function findTenantByCode(db: SqlExecutor, code: string): Promise<Tenant | undefined> {
  const { rows } = await db.query<TenantRow>(`SELECT ${TENANT_COLUMNS} FROM tenants t WHERE t.code = $1`, [
    code,
  ]);
  return rows[0] && toTenant(rows[0]);
}

export async function listTenantHosts(
  db: SqlExecutor,
): Promise<Array<{ code: string; name: string; hosts: string[]; canonicalHost: string }>> {
  const { rows } = await db.query<{ code: string; name: string; hosts: string[]; canonical_host: string }>(
    `SELECT t.code, t.config->>'tenantName' AS name, array_agg(h.host ORDER BY h.host) AS hosts,
            min(h.host) FILTER (WHERE h.canonical) AS canonical_host
       FROM tenants t JOIN tenant_hosts h ON h.tenant_id = t.id GROUP BY t.code, t.config ORDER BY t.code`,
  );
  return rows.map(({ canonical_host, ...r }) => ({ ...r, canonicalHost: canonical_host }));
}

export interface TenantAsset {
  contentType: string;
  body: Uint8Array;
  sha256: string;
  updatedAt: Date;
}

export async function putTenantAsset(
  tx: SqlExecutor,
  tenantId: string,
  name: string,
  contentType: string,
  body: Uint8Array,
): Promise<void> {
  const sha256 = createHash('sha256').update(body).digest('hex');
  await tx.query(
    `INSERT INTO tenant_assets (tenant_id, name, content_type, body, sha256) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (tenant_id, name) DO UPDATE SET content_type = EXCLUDED.content_type, body = EXCLUDED.body,
       sha256 = EXCLUDED.sha256, updated_at = now()
     WHERE tenant_assets.sha256 <> EXCLUDED.sha256`,
    [tenantId, name, contentType, body, sha256],
  );
}

export async function getTenantAsset(
  db: SqlExecutor,
  tenantId: string,
  name: string,
): Promise<TenantAsset | undefined> {
  const { rows } = await db.query<{
    content_type: string;
    body: Uint8Array;
    sha256: string;
    updated_at: Date;
  }>('SELECT content_type, body, sha256, updated_at FROM tenant_assets WHERE tenant_id = $1 AND name = $2', [
    tenantId,
    name,
  ]);
  const r = rows[0];
  return r && { contentType: r.content_type, body: r.body, sha256: r.sha256, updatedAt: r.updated_at };
}
