import {
  CATALOG_IMPORT_KINDS,
  type CatalogEventKind,
  type CatalogImportError,
  type CatalogImportKind,
  type CatalogImportRow,
  type ImportRowOf,
  type ImportRowOutcome,
  type NumberedImportRow,
  type ParsedCatalogImport,
} from '@trackwell/contracts';
import { columnName, isNamedOnly } from '../catalog-import/rows.ts';
import type { SqlExecutor } from '../client.ts';
import { KEPT_WHEN_ABSENT, unchangedStandards } from './catalog-import-unchanged.ts';

/**
 * The reading half of a catalogue import: a tenant's existing entries for a set of keys (one query per
 * kind and chunk of keys, never one per row), what an import row changes in them, and the plan of a whole
 * import: per row new / changed (field, old → new) / unchanged / error, with the references checked (a
 * committee's publisher, a standard's committee, publisher and industry areas, a work item's committee
 * must exist already or come in the same import) and keys unique (a content code or an asset id twice).
 */

/** The key an entry is matched by: codes, the committee's designation, a standard's content code. */
export const IMPORT_KEY: { [K in CatalogImportKind]: keyof ImportRowOf<K> & string } = {
  publisher: 'code',
  industry_area: 'marketingCode',
  committee: 'designation',
  standard: 'contentCode',
  work_item: 'workItemNumber',
};

export const keyOf = (row: CatalogImportRow) =>
  (row as unknown as Record<string, string>)[IMPORT_KEY[row.kind]]!;

/** Each kind's existing entries, columns named as the import row's fields. `$2` is the keys. */
const EXISTING_SQL: Record<CatalogImportKind, string> = {
  publisher: `SELECT code, name FROM publishers WHERE tenant_id = $1 AND code = ANY($2::text[])`,
  industry_area: `SELECT marketing_code AS "marketingCode", code_name AS "codeName" FROM industry_areas
                   WHERE tenant_id = $1 AND marketing_code = ANY($2::text[])`,
  committee: `SELECT designation, title, publisher_code AS "publisherCode" FROM committees
               WHERE tenant_id = $1 AND designation = ANY($2::text[])`,
  standard: `SELECT s.id, s.content_code AS "contentCode", s.asset_id AS "assetId", s.designation, s.title,
                    s.publisher_code AS "publisherCode", s.committee_designation AS "committeeDesignation",
                    s.status, s.edition, s.published_on::text AS "publishedOn",
                    s.published_precision AS "publishedPrecision", s.titles, s.adopts_content_code AS adopts,
                    s.ics_codes AS "icsCodes", s.replaced_by_content_code AS "replacedBy",
                    s.supplement_of AS "supplementOf", s.stage_code AS "stageCode",
                    s.confirmed_on::text AS "confirmedOn", s.confirmed_precision AS "confirmedPrecision",
                    ARRAY(SELECT a.marketing_code FROM standard_industry_areas a
                           WHERE a.tenant_id = s.tenant_id AND a.standard_id = s.id
                           ORDER BY a.marketing_code) AS "industryAreas"
               FROM standards s WHERE s.tenant_id = $1 AND s.content_code = ANY($2::text[])`,
  work_item: `SELECT id, work_item_number AS "workItemNumber", title, committee_designation AS "committeeDesignation",
                     status, created_on::text AS "createdOn"
                FROM work_items WHERE tenant_id = $1 AND work_item_number = ANY($2::text[])`,
};

/** An existing entry: the import row's fields, and the row id of standards and work items. */
export type ExistingEntry = Record<string, unknown> & { id?: number };

/** Keys per read of existing entries; the plan judges the file's rows a chunk of this many at a time. */
const CHUNK = 10_000;

/** The tenant's existing entries of one kind for these keys, by key (`lock`: FOR UPDATE, in a write). */
export async function readExistingEntries(
  db: SqlExecutor,
  tenantId: string,
  kind: CatalogImportKind,
  keys: readonly string[],
  { lock = false } = {},
): Promise<Map<string, ExistingEntry>> {
  const found = new Map<string, ExistingEntry>();
  const key = IMPORT_KEY[kind];
  for (let i = 0; i < keys.length; i += CHUNK) {
    const sql = `${EXISTING_SQL[kind]}${lock ? ' FOR UPDATE' : ''}`;
    const { rows } = await db.query<ExistingEntry>(sql, [tenantId, keys.slice(i, i + CHUNK)]);
    for (const row of rows) found.set(row[key] as string, row);
  }
  return found;
}

/** A titles-by-language object as one comparable text (keys in order). */
const titlesText = (t: object) =>
  JSON.stringify(Object.entries(t).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

const same = (a: unknown, b: unknown) => {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');
  if (a && b && typeof a === 'object' && typeof b === 'object') return titlesText(a) === titlesText(b);
  return (a ?? null) === (b ?? null);
};

export type FieldChange = { field: string; from: unknown; to: unknown };

/** The fields an import row changes in the existing entry (lists compared as sets). */
export function changedFields(row: CatalogImportRow, existing: ExistingEntry): FieldChange[] {
  const changes: FieldChange[] = [];
  // A publisher or committee an STS file only names: the store's own entry stays as it is.
  if (isNamedOnly(row)) return changes;
  const fields =
    row.kind === 'standard' ? { committeeDesignation: undefined, adopts: undefined, ...row } : row;
  for (const [field, to] of Object.entries(fields)) {
    // The standards a row replaces are no column of its own: each is its predecessor's `replacedBy`.
    if (field === 'kind' || field === 'replaces') continue;
    // Citations are their own table, written for every row that names them (catalog-import-citations.ts).
    if (field === 'references' || field === 'informativeReferences') continue;
    if (KEPT_WHEN_ABSENT.has(field) && to === undefined) continue;
    const from = existing[field];
    if (!same(from, to)) changes.push({ field: columnName(field), from, to });
  }
  return changes;
}

/** What the plan knows of each row of the import, in file order. */
export interface PlannedRow extends ImportRowOutcome {
  value?: CatalogImportRow;
  /**
   * A standard of the store the file has no row for, written because a row replaces it (`replaces`): its
   * successor recorded (and, active, made historical). Numbered as that row, never listed as a row of its own.
   */
  derived?: true;
}

type Known = Record<'publisher' | 'industry_area' | 'committee', Set<string>>;

/** The references of a row that name nothing known, as errors. */
function referenceErrors(row: number, value: CatalogImportRow, known: Known): CatalogImportError[] {
  const missing = (field: string, kind: keyof Known, code: string) =>
    known[kind].has(code)
      ? []
      : [{ row, field: columnName(field), reason: `no ${kind.replace('_', ' ')} ${code}` }];
  switch (value.kind) {
    case 'committee':
      return missing('publisherCode', 'publisher', value.publisherCode);
    case 'standard':
      return [
        ...missing('publisherCode', 'publisher', value.publisherCode),
        ...(value.committeeDesignation
          ? missing('committeeDesignation', 'committee', value.committeeDesignation)
          : []),
        ...value.industryAreas.flatMap((a) => missing('industryAreas', 'industry_area', a)),
      ];
    case 'work_item':
      return missing('committeeDesignation', 'committee', value.committeeDesignation);
    default:
      return [];
  }
}

/** Codes a kind's rows refer to, of the referenced kind. */
function referencedCodes(rows: NumberedImportRow[], kind: keyof Known): string[] {
  const codes = new Set<string>();
  for (const { value: v } of rows) {
    if (kind === 'publisher' && (v.kind === 'committee' || v.kind === 'standard')) codes.add(v.publisherCode);
    if (kind === 'committee' && (v.kind === 'standard' || v.kind === 'work_item') && v.committeeDesignation)
      codes.add(v.committeeDesignation);
    if (kind === 'industry_area' && v.kind === 'standard') for (const a of v.industryAreas) codes.add(a);
  }
  return [...codes];
}

/**
 * Asset ids that another standard already has (an existing one, or an earlier row of this import). Only the
 * store's owners that differ from the row's own content code are read: a re-import of a large catalogue
 * (every asset id the store's, each its own row's) reads none, instead of holding every pair at once.
 */
async function assetIdErrors(db: SqlExecutor, tenantId: string, rows: NumberedImportRow[]) {
  // The parsed rows themselves, not an object more per standard.
  const standards = rows.filter(
    (r): r is NumberedImportRow & { value: ImportRowOf<'standard'> } => r.value.kind === 'standard',
  );
  const owners = new Map<string, string>();
  for (let i = 0; i < standards.length; i += CHUNK) {
    const slice = standards.slice(i, i + CHUNK);
    const { rows: found } = await db.query<{ asset_id: string; content_code: string }>(
      `SELECT s.asset_id, s.content_code
         FROM unnest($2::text[], $3::text[]) AS u(asset_id, content_code)
         JOIN standards s ON s.tenant_id = $1 AND s.asset_id = u.asset_id AND s.content_code <> u.content_code`,
      [tenantId, slice.map((x) => x.value.assetId), slice.map((x) => x.value.contentCode)],
    );
    for (const f of found) owners.set(f.asset_id, f.content_code);
  }
  const errors = new Map<number, CatalogImportError>();
  const seen = new Map<string, string>();
  for (const { row, value: s } of standards) {
    const owner = seen.get(s.assetId) ?? owners.get(s.assetId);
    if (owner !== undefined && owner !== s.contentCode)
      errors.set(row, { row, field: 'asset_id', reason: `asset id ${s.assetId} belongs to ${owner}` });
    if (!seen.has(s.assetId)) seen.set(s.assetId, s.contentCode);
  }
  return errors;
}

/**
 * The catalogue change event applying a row records (catalog-import-write.ts), if any: a standard's edition
 * changed → new_edition; else active → withdrawn/historical → withdrawal, back to active → reinstatement; a
 * work item's status changed → work_item_status_change. New entries and other changes record none.
 */
export function importEventKind(
  row: CatalogImportRow,
  existing: ExistingEntry,
): CatalogEventKind | undefined {
  if (row.kind === 'work_item') return existing.status !== row.status ? 'work_item_status_change' : undefined;
  if (row.kind !== 'standard') return undefined;
  // A standard replaced now (withdrawn now, or its successor newly known): the withdrawal carries the
  // successor, even when the edition changes too; a successor already recorded tells no one again.
  if (row.replacedBy && row.status !== 'active' && row.replacedBy !== existing.replacedBy)
    return 'withdrawal';
  if (existing.edition !== row.edition) return 'new_edition';
  if (existing.status === row.status) return undefined;
  if (row.status === 'active') return 'reinstatement';
  return existing.status === 'active' ? 'withdrawal' : undefined;
}

/** A valid row's outcome against the entry as the store has it (its links are judged once all are known). */
export const outcomeOf = (
  row: number,
  value: CatalogImportRow,
  existing: ExistingEntry | undefined,
): PlannedRow => {
  const base = { row, kind: value.kind, key: keyOf(value), value };
  if (!existing) return { ...base, outcome: 'new' };
  const changes = changedFields(value, existing);
  if (changes.length === 0) return { ...base, outcome: 'unchanged' };
  const event = importEventKind(value, existing);
  return { ...base, outcome: 'changed', changes, ...(event ? { event } : {}) };
};

/**
 * Plans an import's rows against the tenant's catalogue without writing: each row's outcome in file order (the
 * parser's errors among them, as rows of kind-less "error"), kinds checked in dependency order (publishers,
 * industry areas, committees, standards, work items) so that a row referring to a refused row is refused too.
 * The links between standards are judged after it (`planCatalogImport`, catalog-import-links.ts).
 */
export async function planImportRows(
  db: SqlExecutor,
  tenantId: string,
  parsed: ParsedCatalogImport,
  { chunk = CHUNK }: { chunk?: number } = {},
): Promise<PlannedRow[]> {
  const planned: PlannedRow[] = [];
  const known: Known = { publisher: new Set(), industry_area: new Set(), committee: new Set() };
  const assetErrors = await assetIdErrors(db, tenantId, parsed.rows);
  for (const kind of CATALOG_IMPORT_KINDS) {
    const rows = parsed.rows.filter((r) => r.value.kind === kind);
    if (rows.length === 0) continue;
    for (const ref of ['publisher', 'industry_area', 'committee'] as const) {
      const wanted = referencedCodes(rows, ref).filter((c) => !known[ref].has(c));
      for (const code of (await readExistingEntries(db, tenantId, ref, wanted)).keys()) known[ref].add(code);
    }
    const firstRow = new Map<string, NumberedImportRow>();
    // The store's entries are read and compared a chunk of rows at a time and only the outcome is kept: a
    // re-import of a large catalogue never holds the whole catalogue in memory beside the file's rows.
    for (let i = 0; i < rows.length; i += chunk) {
      const slice = rows.slice(i, i + chunk);
      // Standards (the bulk of a catalogue): those the store has as the row says are found by one text each,
      // only the others read whole (catalog-import-unchanged.ts).
      const judged = kind === 'standard' ? await unchangedStandards(db, tenantId, slice) : undefined;
      const existing = await readExistingEntries(
        db,
        tenantId,
        kind,
        judged ? judged.other : [...new Set(slice.map((r) => keyOf(r.value)))],
      );
      for (const numbered of slice) {
        const { row, value } = numbered;
        const key = keyOf(value);
        const first = firstRow.get(key);
        // A publisher or committee the file only names (an STS originator or comm-ref).
        const named = isNamedOnly(value);
        // The same entry again, word for word (a batch whose adoption file also holds the adopted standard),
        // or a publisher or committee named again: one entry. The same key with other values is a conflict
        // the file must settle.
        if (first !== undefined && (named || JSON.stringify(first.value) === JSON.stringify(value))) continue;
        const errors = referenceErrors(row, value, known);
        if (first !== undefined)
          errors.push({
            row,
            field: columnName(IMPORT_KEY[kind]),
            reason: `${key} is also row ${first.row}`,
          });
        const assetError = assetErrors.get(row);
        if (assetError) errors.push(assetError);
        if (first === undefined) firstRow.set(key, numbered); // the parsed row itself: no object more per row
        // Named only, and the store has it: nothing to do, nothing to say.
        if (named && existing.has(key) && errors.length === 0) known[kind as keyof Known].add(key);
        else if (errors.length > 0) planned.push({ row, kind, key, outcome: 'error', errors });
        else {
          planned.push(
            judged?.unchanged.has(key)
              ? { row, kind, key, value, outcome: 'unchanged' }
              : outcomeOf(row, value, existing.get(key)),
          );
          if (kind in known) known[kind as keyof Known].add(key);
        }
      }
    }
  }
  return planned;
}
