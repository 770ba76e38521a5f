import { createHash, randomBytes } from 'node:crypto';
import type { SqlExecutor } from '../client.ts';

/**
 * Publisher API keys as the console and the feed see them (table catalog_api_keys, migrations 0004 and 0010):
 * 32 random bytes, stored only as their SHA-256; listed and revoked by id. `createCatalogApiKey` in
 * notifications.ts (the CLI's) makes the same keys.
 */

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
): Promise<CatalogApiKeyRow & { key: string }> {
  const key = `twc_${randomBytes(32).toString('base64url')}`;
  const { rows } = await tx.query<KeyRow>(
    `INSERT INTO catalog_api_keys (key_hash, tenant_id, label, created_by) VALUES ($1, $2, $3, $4)
     RETURNING id::text AS id, label, created_at, revoked_at`,
    [hashKey(key), tenantId, label, createdBy],
  );
  return { ...toKey(rows[0]!), key };
}

/** The store's keys, newest first, revoked ones included. */
export async function listStoreApiKeys(db: SqlExecutor, tenantId: string): Promise<CatalogApiKeyRow[]> {
  const { rows } = await db.query<KeyRow>(
    `SELECT id::text AS id, label, created_at, revoked_at FROM catalog_api_keys
      WHERE tenant_id = $1 ORDER BY catalog_api_keys.id DESC`,
    [tenantId],
  );
  return rows.map(toKey);
}

/** Revokes a key of the store (refused by the feed at once); undefined when the store has no such key. */
export async function revokeStoreApiKey(
  tx: SqlExecutor,
  tenantId: string,
  id: string,
): Promise<{ before: CatalogApiKeyRow; after: CatalogApiKeyRow } | undefined> {
  const { rows: found } = await tx.query<KeyRow>(
    `SELECT id::text AS id, label, created_at, revoked_at FROM catalog_api_keys
      WHERE tenant_id = $1 AND id = $2::bigint FOR UPDATE`,
    [tenantId, id],
  );
  if (!found[0]) return undefined;
  const { rows } = await tx.query<KeyRow>(
    `UPDATE catalog_api_keys SET revoked_at = COALESCE(revoked_at, now())
      WHERE tenant_id = $1 AND id = $2::bigint RETURNING id::text AS id, label, created_at, revoked_at`,
    [tenantId, id],
  );
  return { before: toKey(found[0]), after: toKey(rows[0]!) };
}

/** The (non-revoked) key presented to the feed: its store, id and label, or undefined. */
export async function findActiveCatalogApiKey(
  db: SqlExecutor,
  key: string,
): Promise<{ tenantId: string; id: string; label: string } | undefined> {
  const { rows } = await db.query<{ tenant_id: string; id: string; label: string }>(
    'SELECT tenant_id, id::text AS id, label FROM catalog_api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
    [hashKey(key)],
  );
  const r = rows[0];
  return r && { tenantId: r.tenant_id, id: r.id, label: r.label };
}
