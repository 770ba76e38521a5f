import type { ImportRowOf, NumberedImportRow } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * The plan's first look at a chunk of standard rows: which ones the store already has exactly as the row says,
 * found without reading those standards into JavaScript. A re-import of a large catalogue (the monthly export
 * again, nearly all of it unchanged) read every existing standard's ~20 columns, lists and titles as objects:
 * on PGlite, whose result rows are built on the server's own heap, about 1.5 KB of short-lived objects per
 * standard, promoted to V8's old generation as a whole result, 100–250 MB of garbage per 100,000 rows, and
 * V8 keeps the pages a heap grew to (bench/catalog-import/README.md, 2026-11-29, night). Here each standard
 * comes back as one text, its compared fields in a fixed order as JSON, and the row's own text is built the
 * same way in JavaScript: equal texts mean equal fields. Only the standards whose text differs (new
 * editions, other changes, or a text SQL renders otherwise, e.g. titles holding numbers) are read whole and
 * judged field by field (`changedFields`), as every standard was before.
 *
 * Safe in one direction only, and that is the one that matters: equal texts are equal JSON values, so the row
 * changes none of those fields (lists as sorted lists, titles as sorted [language, title] pairs, absent as
 * null, as `changedFields` compares them); a text that differs for a reason `changedFields` would not count
 * costs a full read of that standard, never a wrong outcome.
 */

/**
 * What an import records but never clears: a row that does not name one (a file without the column) leaves the
 * store's as it is — links, an ISO stage, a confirmation date (catalog-import-write.ts keeps them the same way).
 */
export const KEPT_WHEN_ABSENT: ReadonlySet<string> = new Set([
  'replacedBy',
  'supplementOf',
  'stageCode',
  'confirmedOn',
  'confirmedPrecision',
]);

type Standard = ImportRowOf<'standard'>;

/** The compared scalar fields of a standard (besides its key), in the text's order, with their columns. */
const SCALARS = [
  ['assetId', 's.asset_id'],
  ['designation', 's.designation'],
  ['title', 's.title'],
  ['publisherCode', 's.publisher_code'],
  ['committeeDesignation', 's.committee_designation'],
  ['status', 's.status'],
  ['edition', 's.edition'],
  ['publishedOn', 's.published_on::text'],
  ['publishedPrecision', 's.published_precision'],
  ['adopts', 's.adopts_content_code'],
] as const;

/** The fields a standard row may have: any other, and the row is judged the long way. */
const KNOWN_FIELDS: ReadonlySet<string> = new Set([
  'kind',
  'contentCode',
  ...SCALARS.map(([field]) => field),
  'titles',
  'icsCodes',
  'industryAreas',
  ...KEPT_WHEN_ABSENT,
  // Not columns of the standard (its successors' links, its citations): never compared.
  'replaces',
  'references',
  'informativeReferences',
]);

const jsonOf = (sql: string) => `COALESCE(to_json(${sql})::text, 'null')`;
/** A text[] as a JSON array sorted as JavaScript's `sort()` does (by code unit), NULL as null. */
const sortedList = (sql: string) =>
  `CASE WHEN ${sql} IS NULL THEN 'null' ELSE COALESCE((SELECT '[' || string_agg(${jsonOf('e')}, ',' ORDER BY e COLLATE "C") || ']' FROM unnest(${sql}) AS e), '[]') END`;
/** Titles as their [language, title] pairs sorted by language; a non-object as a text JavaScript never makes. */
const TITLES_SQL = `CASE WHEN s.titles IS NULL THEN 'null' WHEN jsonb_typeof(s.titles) <> 'object' THEN '0'
  ELSE COALESCE((SELECT '[' || string_agg('[' || to_json(t.key)::text || ',' || t.value::text || ']', ','
                                          ORDER BY t.key COLLATE "C") || ']'
                   FROM jsonb_each(s.titles) AS t), '[]') END`;
const AREAS_SQL = `COALESCE((SELECT '[' || string_agg(${jsonOf('a.marketing_code')}, ',' ORDER BY a.marketing_code COLLATE "C") || ']'
    FROM standard_industry_areas a WHERE a.tenant_id = s.tenant_id AND a.standard_id = s.id), '[]')`;

const TEXT_SQL = `'[' || ${[...SCALARS.map(([, sql]) => jsonOf(sql)), TITLES_SQL, sortedList('s.ics_codes'), AREAS_SQL].join(" || ',' || ")} || ']'`;

const STANDARD_TEXTS_SQL = `SELECT s.content_code AS key, ${TEXT_SQL} AS text,
         s.replaced_by_content_code AS "replacedBy", s.supplement_of AS "supplementOf", s.stage_code AS "stageCode",
         s.confirmed_on::text AS "confirmedOn", s.confirmed_precision AS "confirmedPrecision"
    FROM standards s WHERE s.tenant_id = $1 AND s.content_code = ANY($2::text[])`;

const sortedJson = (list: unknown) => JSON.stringify(Array.isArray(list) ? [...list].sort() : (list ?? null));

/**
 * A standard row's compared fields as the text `STANDARD_TEXTS_SQL` makes of a stored standard, or undefined
 * for a row with a field it does not know (judged the long way).
 */
export function standardText(row: Standard): string | undefined {
  const fields = row as unknown as Record<string, unknown>;
  for (const field of Object.keys(fields)) if (!KNOWN_FIELDS.has(field)) return undefined;
  const titles = fields.titles;
  const titlesText =
    titles && typeof titles === 'object' && !Array.isArray(titles)
      ? JSON.stringify(Object.entries(titles).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : JSON.stringify(titles ?? null);
  const parts = SCALARS.map(([field]) => JSON.stringify(fields[field] ?? null));
  parts.push(titlesText, sortedJson(fields.icsCodes), sortedJson(fields.industryAreas));
  return `[${parts.join(',')}]`;
}

type StoredText = { key: string; text: string } & Record<string, string | null>;

/** Keys per query: each answer's objects are garbage before V8's next young-generation collection. */
const PAGE = 2_000;

/**
 * Of these standard rows (a plan's chunk, keys not repeated with other values), the content codes whose
 * stored standard the row leaves exactly as it is, and those the store has otherwise (to read whole). A key
 * in neither is new.
 */
export async function unchangedStandards(
  db: SqlExecutor,
  tenantId: string,
  rows: readonly NumberedImportRow[],
): Promise<{ unchanged: Set<string>; other: string[] }> {
  const first = new Map<string, Standard>();
  for (const { value } of rows)
    if (value.kind === 'standard' && !first.has(value.contentCode)) first.set(value.contentCode, value);
  const keys = [...first.keys()];
  const unchanged = new Set<string>();
  const other: string[] = [];
  for (let i = 0; i < keys.length; i += PAGE) {
    const { rows: stored } = await db.query<StoredText>(STANDARD_TEXTS_SQL, [
      tenantId,
      keys.slice(i, i + PAGE),
    ]);
    for (const s of stored) {
      const row = first.get(s.key)!;
      const fields = row as unknown as Record<string, unknown>;
      const kept = [...KEPT_WHEN_ABSENT].every((f) => fields[f] === undefined || fields[f] === s[f]);
      // The row's own key kept, not the answer's: the answer is garbage as soon as it is judged.
      if (kept && standardText(row) === s.text) unchanged.add(row.contentCode);
      else other.push(row.contentCode);
    }
  }
  return { unchanged, other };
}
