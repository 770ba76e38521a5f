import type { SqlExecutor, Transaction } from '../client.ts';
import { liftUnsubscribe } from './tracker.ts';

/**
 * Bring and take your list: the catalogue standards a spreadsheet's cells may mean (one
 * statement for the whole file), tracking the chosen ones (one statement), and the list for the export.
 */

/** At most this many candidates are read for one file (a designation key names a standard's editions and adoptions, a few each). */
const MAX_CANDIDATES = 20_000;

export interface ListImportCandidate {
  assetId: string;
  designation: string;
  title: string;
  edition: string;
  status: string;
  /** The designation's key (contracts' designation rule; `designation_key()` in SQL). */
  key: string;
  /** Whether the user tracks it already. */
  tracked: boolean;
}

/**
 * The store's standards whose designation key (migration 0031, indexed) is one of `keys`, and whether the
 * user tracks each.
 */
export async function findStandardsByDesignationKeys(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  keys: string[],
): Promise<ListImportCandidate[]> {
  if (keys.length === 0) return [];
  const { rows } = await db.query<ListImportCandidate>(
    `SELECT s.asset_id AS "assetId", s.designation, s.title, s.edition, s.status,
            designation_key(s.designation) AS key,
            EXISTS (SELECT 1 FROM content_trackings c
                     WHERE c.tenant_id = $1 AND c.user_id = $2 AND c.standard_id = s.id) AS tracked
       FROM standards s
      WHERE s.tenant_id = $1 AND designation_key(s.designation) = ANY($3::text[])
      ORDER BY s.designation, s.asset_id
      LIMIT ${MAX_CANDIDATES}`,
    [tenantId, userId, [...new Set(keys)]],
  );
  return rows;
}

export type TrackListResult =
  | { ok: true; tracked: number; alreadyTracked: number }
  | { ok: false; notFound: string[] };

/**
 * Tracks the standards of `assetIds` for the user, all or none: when one is not the store's, nothing is
 * tracked and the unknown ids are answered. Lifts the user's TRACKER unsubscribe, as tracking one does.
 */
export async function trackStandardsByAssetIds(
  tx: Transaction,
  tenantId: string,
  userId: string,
  assetIds: string[],
): Promise<TrackListResult> {
  const wanted = [...new Set(assetIds)];
  const { rows: missing } = await tx.query<{ asset_id: string }>(
    `SELECT w.asset_id FROM unnest($2::text[]) AS w(asset_id)
      WHERE NOT EXISTS (SELECT 1 FROM standards s WHERE s.tenant_id = $1 AND s.asset_id = w.asset_id)`,
    [tenantId, wanted],
  );
  if (missing.length > 0) return { ok: false, notFound: missing.map((r) => r.asset_id) };
  const inserted = await tx.query(
    `INSERT INTO content_trackings (tenant_id, user_id, standard_id)
     SELECT $1, $2, s.id FROM standards s WHERE s.tenant_id = $1 AND s.asset_id = ANY($3::text[])
     ON CONFLICT (tenant_id, user_id, standard_id) DO NOTHING`,
    [tenantId, userId, wanted],
  );
  await liftUnsubscribe(tx, tenantId, userId, 'TRACKER');
  return { ok: true, tracked: inserted.rowCount, alreadyTracked: wanted.length - inserted.rowCount };
}

export interface ExportedStandard {
  designation: string;
  title: string;
  /** The title in other languages, by language tag (the export writes the reader's: contracts `titleIn`). */
  titles: Record<string, string>;
  status: string;
  edition: string;
  /** YYYY-MM-DD */
  publishedOn: string;
  publisher: string;
}

/** At most this many tracked standards are exported (far more than a list holds). */
export const LIST_EXPORT_MAX_ROWS = 50_000;

/** The user's tracked standards for the export, by designation. */
export async function listTrackedStandardsForExport(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<ExportedStandard[]> {
  const { rows } = await db.query<ExportedStandard>(
    `SELECT s.designation, s.title, s.titles, s.status, s.edition, to_char(s.published_on, 'YYYY-MM-DD') AS "publishedOn",
            p.name AS publisher
       FROM content_trackings c
       JOIN standards s ON s.tenant_id = c.tenant_id AND s.id = c.standard_id
       JOIN publishers p ON p.tenant_id = s.tenant_id AND p.code = s.publisher_code
      WHERE c.tenant_id = $1 AND c.user_id = $2
      ORDER BY s.designation, s.asset_id
      LIMIT ${LIST_EXPORT_MAX_ROWS}`,
    [tenantId, userId],
  );
  return rows;
}
