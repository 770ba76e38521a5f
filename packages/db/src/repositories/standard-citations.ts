import {
  type CatalogImportRow,
  type CitationKey,
  citationKeyOf,
  type StandardCitation,
  type StandardCitations,
} from '@trackwell/contracts';
import type { DatabaseHandle, SqlExecutor } from '../client.ts';

/**
 * A catalogue's citations (migration 0046): what each standard cites, normatively or informatively, by the
 * cited designation's key and publisher words, so a citation of a standard the store does not hold yet is
 * kept and finds it when it arrives. Written by the catalogue import (every row that names its references,
 * changed or not), read by the store page and the matching (event-matching.ts, `CITED_SQL`).
 */

/** One standard's citations to store: the designations as written, and whether they are normative. */
export interface CitationsOfStandard {
  contentCode: string;
  /** Undefined: the file says nothing of these, and the stored ones stay. */
  normative?: readonly string[];
  informative?: readonly string[];
}

/** Standards whose citations are replaced in one statement pair (a transaction each). */
const CITATION_BATCH = 2_000;

/** The SQL test of "names the same standard": one designation's publisher words all among the other's. */
export const SAME_PUBLISHERS_SQL = (words: string, designation: string) =>
  `(${words} <@ designation_publisher_words(${designation}) OR designation_publisher_words(${designation}) <@ ${words})`;

/** The citations an import's valid standard rows name (those whose file says something of them). */
export function citationsOfImport(
  rows: Iterable<{ value?: CatalogImportRow; outcome: string }>,
): CitationsOfStandard[] {
  const out: CitationsOfStandard[] = [];
  for (const { value, outcome } of rows) {
    if (outcome === 'error' || value?.kind !== 'standard') continue;
    if (value.references === undefined && value.informativeReferences === undefined) continue;
    out.push({
      contentCode: value.contentCode,
      ...(value.references ? { normative: value.references } : {}),
      ...(value.informativeReferences ? { informative: value.informativeReferences } : {}),
    });
  }
  return out;
}

/**
 * Replaces the named standards' citations (normative, informative or both, as each says), set-based: one
 * DELETE and one INSERT … SELECT FROM unnest per batch of 2,000 standards, each batch its own transaction.
 * A standard the store does not have is skipped (its row was refused). Answers the citations written.
 */
export async function replaceStandardCitations(
  db: DatabaseHandle,
  tenantId: string,
  standards: readonly CitationsOfStandard[],
): Promise<number> {
  let written = 0;
  for (let i = 0; i < standards.length; i += CITATION_BATCH) {
    const batch = standards.slice(i, i + CITATION_BATCH);
    written += await db.transaction((tx) => replaceBatch(tx, tenantId, batch));
  }
  return written;
}

async function replaceBatch(tx: SqlExecutor, tenantId: string, batch: readonly CitationsOfStandard[]) {
  await tx.query(
    `DELETE FROM standard_citations c USING standards s, unnest($2::text[], $3::boolean[], $4::boolean[])
                                                          AS x(code, normative, informative)
      WHERE s.tenant_id = $1 AND s.content_code = x.code AND c.tenant_id = $1 AND c.standard_id = s.id
        AND ((c.normative AND x.normative) OR (NOT c.normative AND x.informative))`,
    [
      tenantId,
      batch.map((s) => s.contentCode),
      batch.map((s) => s.normative !== undefined),
      batch.map((s) => s.informative !== undefined),
    ],
  );
  const rows: Array<CitationKey & { code: string; normative: boolean }> = [];
  for (const s of batch)
    for (const [list, normative] of [
      [s.normative, true],
      [s.informative, false],
    ] as const)
      for (const designation of list ?? []) {
        const key = citationKeyOf(designation);
        if (key) rows.push({ ...key, code: s.contentCode, normative });
      }
  if (rows.length === 0) return 0;
  const { rowCount } = await tx.query(
    `INSERT INTO standard_citations (tenant_id, standard_id, cited_key, cited_words, cited_edition, normative,
                                     cited_designation)
     SELECT $1, s.id, x.key, string_to_array(x.words, ' '), x.edition, x.normative, x.designation
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[])
            AS x(code, key, words, edition, normative, designation)
       JOIN standards s ON s.tenant_id = $1 AND s.content_code = x.code
     ON CONFLICT DO NOTHING`,
    [
      tenantId,
      rows.map((r) => r.code),
      rows.map((r) => r.key),
      rows.map((r) => r.words.join(' ')),
      rows.map((r) => r.edition),
      rows.map((r) => r.normative),
      rows.map((r) => r.designation),
    ],
  );
  return rowCount ?? 0;
}

type CitationRow = {
  cited: string;
  dated: boolean;
  normative: boolean;
  asset_id: string | null;
  designation: string | null;
  title: string | null;
};

const presented = (r: CitationRow): StandardCitation => ({
  cited: r.cited,
  dated: r.dated,
  normative: r.normative,
  standard:
    r.asset_id === null ? null : { assetId: r.asset_id, designation: r.designation!, title: r.title! },
});

/** Most entries of either list a page shows (a much-cited standard's citers: the first by designation). */
export const CITATIONS_SHOWN = 200;

/**
 * What a standard cites (each with the catalogue's standard where it has one) and what cites it, normative
 * first, by designation. The cited standard is found by key and publisher words, as the matching finds it.
 */
export async function listStandardCitations(
  db: SqlExecutor,
  tenantId: string,
  standardId: number,
): Promise<StandardCitations> {
  const cites = await db.query<CitationRow>(
    `SELECT c.cited_designation AS cited, c.cited_edition <> '' AS dated, c.normative,
            t.asset_id, t.designation, t.title
       FROM standard_citations c
       LEFT JOIN LATERAL (
         SELECT x.asset_id, x.designation, x.title FROM standards x
          WHERE x.tenant_id = $1 AND designation_key(x.designation) = c.cited_key AND x.id <> c.standard_id
            AND ${SAME_PUBLISHERS_SQL('c.cited_words', 'x.designation')}
          ORDER BY cardinality(designation_publisher_words(x.designation)), x.designation LIMIT 1) t ON true
      WHERE c.tenant_id = $1 AND c.standard_id = $2
      ORDER BY c.normative DESC, c.cited_designation LIMIT $3`,
    [tenantId, standardId, CITATIONS_SHOWN],
  );
  const citedBy = await db.query<CitationRow>(
    `SELECT c.cited_designation AS cited, c.cited_edition <> '' AS dated, c.normative,
            s.asset_id, s.designation, s.title
       FROM standards me
       JOIN standard_citations c ON c.tenant_id = $1 AND c.cited_key = designation_key(me.designation)
                                AND ${SAME_PUBLISHERS_SQL('c.cited_words', 'me.designation')}
       JOIN standards s ON s.tenant_id = $1 AND s.id = c.standard_id AND s.id <> me.id
      WHERE me.tenant_id = $1 AND me.id = $2
      ORDER BY c.normative DESC, s.designation LIMIT $3`,
    [tenantId, standardId, CITATIONS_SHOWN],
  );
  return { cites: cites.rows.map(presented), citedBy: citedBy.rows.map(presented) };
}
