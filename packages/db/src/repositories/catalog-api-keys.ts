import { createHash, randomBytes } from 'node:crypto';
import type { SqlExecutor } from '../client.ts';

/**
 * A store's API keys as the console, the feed and the Users API see them (table catalog_api_keys, migrations
 * 0004, 0010 and 0015): 32 random bytes, stored only as their SHA-256; listed and revoked by id. Each key has
 * one purpose: 'publisher' (the change feed; `createCatalogApiKey` in notifications.ts, the CLI's, makes the
 * same keys) or 'provisioning' (the Okta Users API's `SSWS` token). A key of one purpose is
 * never found for the other.
 */

export type ApiKeyPurpose = 'publisher' | 'provisioning';
const KEY_PREFIX: Record<ApiKeyPurpose, string> = { publisher: 'twc_', provisioning: 'twp_' };

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export interface CatalogApiKeyRow {
  id: string;
  label: string;
  createdAt: Date;
  revokedAt: Date | null;
}

type KeyRow = { id: string; label: string; created_at: Date; revoked_at: Date | null };
const toKey = (r: KeyRow): CatalogApiKeyRow => ({
  id: String(r.id),
  label: r.label,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

/** Creates a key for the store; the key is in the answer this once, only its hash is stored. */
export async function createStoreApiKey(
  tx: SqlExecutor,
  tenantId: string,
  label: string,
  createdBy: string | null,
  purpose: ApiKeyPurpose = 'publisher',
): Promise<CatalogApiKeyRow & { key: string }> {
  const key = `${KEY_PREFIX[purpose]}${randomBytes(32).toString('base64url')}`;
  const { rows } = await tx.query<KeyRow>(
    `INSERT INTO catalog_api_keys (key_hash, tenant_id, label, created_by, purpose) VALUES ($1, $2, $3, $4, $5)
     RETURNING id::text AS id, label, created_at, revoked_at`,
    [hashKey(key), tenantId, label, createdBy, purpose],
  );
  return { ...toKey(rows[0]!), key };
}

/** The store's keys, newest first, revoked ones included. */
export async function listStoreApiKeys(
  db: SqlExecutor,
  tenantId: string,
  purpose: ApiKeyPurpose = 'publisher',
): Promise<CatalogApiKeyRow[]> {
  const { rows } = await db.query<KeyRow>(
    `SELECT id::text AS id, label, created_at, revoked_at FROM catalog_api_keys
      WHERE tenant_id = $1 AND purpose = $2 ORDER BY catalog_api_keys.id DESC`,
    [tenantId, purpose],
  );
  return rows.map(toKey);
}

/** Revokes a key of the store (refused by the feed at once); undefined when the store has no such key. */
export async function revokeStoreApiKey(
  tx: SqlExecutor,
  tenantId: string,
  id: string,
  purpose: ApiKeyPurpose = 'publisher',
): Promise<{ before: CatalogApiKeyRow; after: CatalogApiKeyRow } | undefined> {
  const { rows: found } = await tx.query<KeyRow>(
    `SELECT id::text AS id, label, created_at, revoked_at FROM catalog_api_keys
      WHERE tenant_id = $1 AND id = $2::bigint AND purpose = $3 FOR UPDATE`,
    [tenantId, id, purpose],
  );
  if (!found[0]) return undefined;
  const { rows } = await tx.query<KeyRow>(
    `UPDATE catalog_api_keys SET revoked_at = COALESCE(revoked_at, now())
      WHERE tenant_id = $1 AND id = $2::bigint RETURNING id::text AS id, label, created_at, revoked_at`,
    [tenantId, id],
  );
  return { before: toKey(found[0]), after: toKey(rows[0]!) };
}

/** The (non-revoked) key of that purpose presented to the feed or the Users API: its store, id and label. */
export async function findActiveCatalogApiKey(
  db: SqlExecutor,
  key: string,
  purpose: ApiKeyPurpose = 'publisher',
): Promise<{ tenantId: string; id: string; label: string } | undefined> {
  const { rows } = await db.query<{ tenant_id: string; id: string; label: string }>(
    `SELECT tenant_id, id::text AS id, label FROM catalog_api_keys
      WHERE key_hash = $1 AND revoked_at IS NULL AND purpose = $2`,
    [hashKey(key), purpose],
  );
  const r = rows[0];
  return r && { tenantId: r.tenant_id, id: r.id, label: r.label };
}
