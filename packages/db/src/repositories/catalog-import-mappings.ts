import type { CatalogColumnMapping } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * A store's saved column mapping (migration 0032): the console saves the mapping last used for a catalogue
 * export, and reads it back to pre-fill the next one. `name` tells mappings of different exports apart
 * ('standards' is the one the console uses).
 */

export const STANDARDS_MAPPING = 'standards';

export interface SavedCatalogMapping {
  mapping: CatalogColumnMapping;
  updatedAt: string;
}

const UPDATED_AT = `to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

/** The store's saved mapping of that name, or undefined. */
export async function findCatalogImportMapping(
  db: SqlExecutor,
  tenantId: string,
  name = STANDARDS_MAPPING,
): Promise<SavedCatalogMapping | undefined> {
  const { rows } = await db.query<SavedCatalogMapping>(
    `SELECT mapping, ${UPDATED_AT} FROM catalog_import_mappings WHERE tenant_id = $1 AND name = $2`,
    [tenantId, name],
  );
  return rows[0];
}

/** Saves (replaces) the store's mapping of that name; answers it as stored. */
export async function saveCatalogImportMapping(
  db: SqlExecutor,
  tenantId: string,
  mapping: CatalogColumnMapping,
  name = STANDARDS_MAPPING,
): Promise<SavedCatalogMapping> {
  const { rows } = await db.query<SavedCatalogMapping>(
    `INSERT INTO catalog_import_mappings (tenant_id, name, mapping) VALUES ($1, $2, $3::jsonb)
     ON CONFLICT (tenant_id, name) DO UPDATE SET mapping = EXCLUDED.mapping, updated_at = now()
     RETURNING mapping, ${UPDATED_AT}`,
    [tenantId, name, JSON.stringify(mapping)],
  );
  return rows[0]!;
}
