import {
  type CatalogImportError,
  type CatalogImportKind,
  type CatalogImportRow,
  catalogImportRow,
  parseSupplement,
  quickImportRow,
} from '@trackwell/contracts';
import { undatedOf } from './sts-fields.ts';

/**
 * What the CSV and STS parsers share: each kind's fields (in CSV column order), and the one validation a raw
 * row goes through (the contracts' Zod schemas), turned into per-row errors instead of exceptions.
 */

export const IMPORT_FIELDS: Record<CatalogImportKind, readonly string[]> = {
  publisher: ['code', 'name'],
  industry_area: ['marketingCode', 'codeName'],
  committee: ['designation', 'title', 'publisherCode'],
  standard: [
    'contentCode',
    'assetId',
    'designation',
    'title',
    'publisherCode',
    'committeeDesignation',
    'status',
    'edition',
    'publishedOn',
    'industryAreas',
    'icsCodes',
    'replacedBy',
    'replaces',
    'supplementOf',
    'confirmedOn',
  ],
  work_item: ['workItemNumber', 'title', 'committeeDesignation', 'status', 'createdOn'],
};

/** Fields holding several codes: one cell, the codes separated by ";" (so a code never holds one). */
export const LIST_FIELDS: ReadonlySet<string> = new Set(['industryAreas', 'icsCodes', 'replaces']);
export const LIST_SEPARATOR = ';';
/**
 * A standard's citations (`references`: normative, `informative_references`): designations separated by ";",
 * read only where the file has the column (an empty cell: it cites none; no column: the stored ones stay).
 */
export const CITATION_FIELDS = ['references', 'informativeReferences'] as const;

/** Optional single-value fields: the column may be missing, an empty cell says nothing. */
export const OPTIONAL_FIELDS: ReadonlySet<string> = new Set(['replacedBy', 'supplementOf', 'confirmedOn']);

/**
 * The base standard's content code an amendment's or corrigendum's designation names (contracts
 * `parseSupplement`): "ISO 13849-1:2015/Amd 1:2021" → ISO 13849-1; undefined for any other designation.
 */
export function supplementBaseOf(designation: unknown): string | undefined {
  const supplement = typeof designation === 'string' ? parseSupplement(designation) : null;
  return supplement ? undatedOf(supplement.base) : undefined;
}

/** A standard's raw row with the base its designation names, unless the file names one itself. */
export function withSupplementBase(raw: Record<string, unknown>): Record<string, unknown> {
  if (raw.kind !== 'standard' || raw.supplementOf !== undefined) return raw;
  const base = supplementBaseOf(raw.designation);
  return base ? { ...raw, supplementOf: base } : raw;
}

/** The CSV column of a field: publishedOn → published_on. */
export const columnName = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A header or kind as written by people: "Published On", "published_on", "publishedOn" → "publishedon". */
export const normalizeName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export const splitList = (cell: string) =>
  cell
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/** Cells up to this long are shared between rows by `shareRepeatedCells`: codes, statuses, dates, editions. */
const SHARED_CELL_CHARS = 24;

/**
 * Fields whose every row has its own value (keys, asset ids, designations): never shared, or the file's map
 * would hold three entries per row and find none of them again (a fifth of a large file's parse went there).
 */
const OWN_CELLS: ReadonlySet<string> = new Set([
  'contentCode',
  'assetId',
  'designation',
  'workItemNumber',
  'title',
]);

/**
 * Makes a row's short values that an earlier row of the file already had (a publisher, a committee, a
 * status, an edition, a date, list codes) the very same string: a large file's rows are held until they are
 * written, and most of their cells repeat. `seen` is the file's: one per parse.
 */
export function shareRepeatedCells(value: CatalogImportRow, seen: Map<string, string>): void {
  const share = (cell: string) => {
    if (cell.length > SHARED_CELL_CHARS) return cell;
    const earlier = seen.get(cell);
    if (earlier !== undefined) return earlier;
    seen.set(cell, cell);
    return cell;
  };
  const cells = value as unknown as Record<string, unknown>;
  for (const field in cells) {
    if (OWN_CELLS.has(field)) continue;
    const cell = cells[field];
    if (typeof cell === 'string') cells[field] = share(cell);
    // A copy, not the list itself: the copy is exactly as long as the list, where a list built by `push`
    // reserves room for 17 (some 130 bytes more per list, per row).
    else if (Array.isArray(cell)) cells[field] = cell.map((c) => (typeof c === 'string' ? share(c) : c));
  }
}

export type ValidatedRow = { value: CatalogImportRow } | { errors: CatalogImportError[] };

/**
 * Validates one raw row against its kind's schema. `fieldLabel` names a field as the file does (a CSV column,
 * an STS element), so the error points at what the person can find in their file. A plainly valid row takes
 * the quick check (the same answer, without Zod's per-cell pipeline); any other runs the schema.
 */
export function validateImportRow(
  row: number,
  raw: Record<string, unknown>,
  fieldLabel: (field: string) => string,
): ValidatedRow {
  const quick = quickImportRow(raw);
  if (quick) return { value: quick };
  const parsed = catalogImportRow.safeParse(raw);
  if (parsed.success) return { value: parsed.data };
  const errors = new Map<string, CatalogImportError>();
  for (const issue of parsed.error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : null;
    const label = field === null ? null : field === 'kind' ? 'kind' : fieldLabel(field);
    const key = label ?? '';
    const reason = /received undefined/.test(issue.message) ? 'is required' : issue.message;
    if (!errors.has(key)) errors.set(key, { row, field: label, reason });
  }
  return { errors: [...errors.values()] };
}

/**
 * The publishers and committees the standards name, as rows created only where the store lacks them: an STS
 * file or another body's export names its publisher and committee but never describes them.
 */
export function impliedRows(standards: Iterable<Record<string, unknown>>): Record<string, unknown>[] {
  const publishers = new Map<string, Record<string, unknown>>();
  const committees = new Map<string, Record<string, unknown>>();
  for (const raw of standards) {
    const { publisherCode: p, committeeDesignation: c } = raw as Record<string, string | undefined>;
    if (p && !publishers.has(p)) publishers.set(p, { kind: 'publisher', code: p, name: p, onlyIfNew: true });
    if (c && p && !committees.has(c))
      committees.set(c, { kind: 'committee', designation: c, title: c, publisherCode: p, onlyIfNew: true });
  }
  return [...publishers.values(), ...committees.values()];
}

/** A publisher or committee a file only names (an STS originator or comm-ref): created where missing, never changed. */
export const isNamedOnly = (row: CatalogImportRow) =>
  (row.kind === 'publisher' || row.kind === 'committee') && row.onlyIfNew === true;
