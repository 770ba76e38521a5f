import type { IcsAreaMappingEntry } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * A store's mapping of ICS prefixes to its industry areas (industry_area_ics_prefixes, migration 0034): a
 * standard whose ICS code falls under a mapped prefix belongs to the area (the view standard_area_members),
 * so the area's trackers hear of its changes. Scoped by tenant like every store table.
 */

/** The store's mapping, by prefix then area. */
export async function listIcsAreaMapping(db: SqlExecutor, tenantId: string): Promise<IcsAreaMappingEntry[]> {
  const { rows } = await db.query<IcsAreaMappingEntry>(
    `SELECT ics_prefix AS prefix, marketing_code AS area FROM industry_area_ics_prefixes
      WHERE tenant_id = $1 ORDER BY ics_prefix, marketing_code`,
    [tenantId],
  );
  return rows;
}

/** The areas of `codes` the store lacks (a mapping may name only the store's own areas). */
export async function unknownIndustryAreas(
  db: SqlExecutor,
  tenantId: string,
  codes: readonly string[],
): Promise<string[]> {
  const { rows } = await db.query<{ code: string }>(
    `SELECT DISTINCT c.code FROM unnest($2::text[]) AS c(code)
      WHERE NOT EXISTS (SELECT 1 FROM industry_areas a WHERE a.tenant_id = $1 AND a.marketing_code = c.code)
      ORDER BY c.code`,
    [tenantId, codes],
  );
  return rows.map((r) => r.code);
}

/** Replaces the store's mapping with `entries` (inside the caller's transaction); answers it as stored. */
export async function replaceIcsAreaMapping(
  tx: SqlExecutor,
  tenantId: string,
  entries: readonly IcsAreaMappingEntry[],
): Promise<IcsAreaMappingEntry[]> {
  await tx.query('DELETE FROM industry_area_ics_prefixes WHERE tenant_id = $1', [tenantId]);
  if (entries.length > 0)
    await tx.query(
      `INSERT INTO industry_area_ics_prefixes (tenant_id, ics_prefix, marketing_code)
       SELECT $1, * FROM unnest($2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
      [tenantId, entries.map((e) => e.prefix), entries.map((e) => e.area)],
    );
  return listIcsAreaMapping(tx, tenantId);
}
