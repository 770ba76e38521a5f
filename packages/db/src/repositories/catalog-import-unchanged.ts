import type { ImportRowOf } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * The standard rows of an import that the store already has word for word, found in SQL: the plan reads only
 * the other rows' entries into JavaScript (catalog-import-plan.ts), so a re-import of a large catalogue never
 * builds an object per unchanged standard (on PGlite that garbage reached V8's old generation and the
 * process's memory). The check is strict where `changedFields` is lenient: a row it calls unchanged has no
 * changed field there (every field equal, lists as sorted lists, titles as JSON); a row it cannot judge so
 * (another field, another type, a null) is left to `changedFields`, which decides as before.
 */

type Standard = ImportRowOf<'standard'>;

/** Fields compared as text; `undefined` is NULL, as `changedFields` counts undefined and null the same. */
const TEXT_FIELDS = [
  'assetId',
  'designation',
  'title',
  'publisherCode',
  'committeeDesignation',
  'status',
  'edition',
  'publishedOn',
  'publishedPrecision',
  'adopts',
] as const;
/** Fields a row that leaves them out keeps (KEPT_WHEN_ABSENT there): compared only when the row gives them. */
const KEPT_FIELDS = ['replacedBy', 'supplementOf', 'stageCode', 'confirmedOn', 'confirmedPrecision'] as const;
const LIST_FIELDS = ['industryAreas', 'icsCodes'] as const;
/** Fields `changedFields` does not compare. */
const SKIPPED = new Set(['kind', 'contentCode', 'replaces', 'references', 'informativeReferences']);
const JUDGED: ReadonlySet<string> = new Set([
  ...SKIPPED,
  ...TEXT_FIELDS,
  ...KEPT_FIELDS,
  ...LIST_FIELDS,
  'titles',
]);

const isText = (v: unknown) => v === undefined || typeof v === 'string';
const isList = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Whether SQL can judge the row: only known fields, each of the type the comparison expects. */
function judgeable(row: Standard): boolean {
  const r = row as unknown as Record<string, unknown>;
  for (const field in r) if (!JUDGED.has(field)) return false;
  return (
    TEXT_FIELDS.every((f) => isText(r[f])) &&
    KEPT_FIELDS.every((f) => isText(r[f])) &&
    LIST_FIELDS.every((f) => isList(r[f])) &&
    typeof r.titles === 'object' &&
    r.titles !== null &&
    !Array.isArray(r.titles)
  );
}

const sortedList = (list: readonly string[]) => JSON.stringify([...list].sort());

const SQL = `
  SELECT u.n
    FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[],
                $17::text[], $18::text[], $19::text[], $20::text[])
         WITH ORDINALITY AS u(content_code, asset_id, designation, title, publisher_code, committee_designation,
                              status, edition, published_on, published_precision, adopts, replaced_by,
                              supplement_of, stage_code, confirmed_on, confirmed_precision, industry_areas,
                              ics_codes, titles, n)
    JOIN standards s ON s.tenant_id = $1 AND s.content_code = u.content_code
   WHERE s.asset_id IS NOT DISTINCT FROM u.asset_id
     AND s.designation IS NOT DISTINCT FROM u.designation
     AND s.title IS NOT DISTINCT FROM u.title
     AND s.publisher_code IS NOT DISTINCT FROM u.publisher_code
     AND s.committee_designation IS NOT DISTINCT FROM u.committee_designation
     AND s.status::text IS NOT DISTINCT FROM u.status
     AND s.edition IS NOT DISTINCT FROM u.edition
     AND s.published_on::text IS NOT DISTINCT FROM u.published_on
     AND s.published_precision::text IS NOT DISTINCT FROM u.published_precision
     AND s.adopts_content_code IS NOT DISTINCT FROM u.adopts
     AND (u.replaced_by IS NULL OR s.replaced_by_content_code IS NOT DISTINCT FROM u.replaced_by)
     AND (u.supplement_of IS NULL OR s.supplement_of IS NOT DISTINCT FROM u.supplement_of)
     AND (u.stage_code IS NULL OR s.stage_code IS NOT DISTINCT FROM u.stage_code)
     AND (u.confirmed_on IS NULL OR s.confirmed_on::text IS NOT DISTINCT FROM u.confirmed_on)
     AND (u.confirmed_precision IS NULL OR s.confirmed_precision::text IS NOT DISTINCT FROM u.confirmed_precision)
     AND s.ics_codes IS NOT NULL
     AND to_jsonb(ARRAY(SELECT c FROM unnest(s.ics_codes) AS c ORDER BY c COLLATE "C")) = u.ics_codes::jsonb
     AND to_jsonb(ARRAY(SELECT a.marketing_code FROM standard_industry_areas a
                         WHERE a.tenant_id = s.tenant_id AND a.standard_id = s.id
                         ORDER BY a.marketing_code COLLATE "C")) = u.industry_areas::jsonb
     AND s.titles = u.titles::jsonb`;

/**
 * Of these standard rows, the indexes of those the tenant's store has unchanged (see above); every other row,
 * new, changed or not judgeable here, is not among them.
 */
export async function unchangedStandardRows(
  db: SqlExecutor,
  tenantId: string,
  rows: readonly Standard[],
): Promise<Set<number>> {
  const judged = rows.flatMap((row, i) => (judgeable(row) ? [i] : []));
  if (judged.length === 0) return new Set();
  const column = (value: (row: Standard) => string | undefined) => judged.map((i) => value(rows[i]!) ?? null);
  const params = [
    tenantId,
    column((r) => r.contentCode),
    ...TEXT_FIELDS.map((f) => column((r) => r[f])),
    ...KEPT_FIELDS.map((f) => column((r) => r[f])),
    column((r) => sortedList(r.industryAreas)),
    column((r) => sortedList(r.icsCodes)),
    column((r) => JSON.stringify(r.titles)),
  ];
  const { rows: found } = await db.query<{ n: number | string }>(SQL, params);
  return new Set(found.map((f) => judged[Number(f.n) - 1]!));
}
