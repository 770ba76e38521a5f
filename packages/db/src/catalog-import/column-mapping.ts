import {
  type CatalogColumnMapping,
  type CatalogImportError,
  dateAtPrecision,
  type MappedColumn,
  type MappingField,
  type ParsedCatalogImport,
  statusOfStage,
} from '@trackwell/contracts';
import { impliedRows, LIST_SEPARATOR, validateImportRow, withSupplementBase } from './rows.ts';
import { undatedOf } from './sts-meta.ts';

/**
 * A catalogue export someone else wrote (ISO's open data, a publisher's spreadsheet), read through a column
 * mapping (contracts `catalogColumnMapping`): each record's cells are renamed to import fields, and what the
 * export does not hold is derived. Framework-free; `parseCatalogCsv` (csv.ts) calls `MappedRecords` when
 * given a mapping, and an XLSX sheet goes the same way (xlsx.ts). The derivations:
 *
 * - a reference ("ISO 13849-1:2015") is the designation; the content code is it undated ("ISO 13849-1"),
 *   the publisher its first word up to a "/" ("ISO/IEC 10918-5:2013" → ISO), the store page id its slug
 *   ("iso-13849-1-2015") — each only when no column is mapped to that field;
 * - a stage code ("60.60", or "6060" as ISO writes it) is the status (contracts `statusOfStage`); a project
 *   (before 60.60) is no standard: its record is left out with a warning, not refused;
 * - a date of any precision ("2006", "2006-11", "2006-11-30", a time after it read past) is `publishedOn`
 *   with its precision;
 * - a list is split at its separator (default ";"); one written as ISO does, ['13.110','25.160'], is read too;
 * - titles per language (`titles` columns, e.g. title.fr → fr); the title is the `title` column's, else the
 *   English one, else the first; the edition is the `edition` column's, else the reference's year, else the
 *   date's.
 */

/** Header → the mapped column's cell, trimmed; empty cells are absent. */
type Cells = ReadonlyMap<MappedColumn, string>;

/** "ISO/IEC 10918-5:2013" → ISO; "DIN EN ISO 13849-1" → DIN. */
export const publisherOfReference = (reference: string) => reference.trim().split(/[\s/]/)[0] ?? '';

/** "ISO 13849-1:2015" → iso-13849-1-2015 (the store page id). */
export const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** What a reference gives when the export has no column for it. */
export function referenceParts(reference: string) {
  const designation = reference.trim();
  return {
    designation,
    contentCode: undatedOf(designation),
    publisherCode: publisherOfReference(designation),
    assetId: slugOf(designation),
  };
}

/** A stage code as written ("60.60", or "6060" as ISO's export has it) → "60.60"; undefined: none. */
export function stageCode(text: string): string | undefined {
  const t = text.trim();
  const m = /^(\d{2})\.?(\d{2})$/.exec(t);
  return m ? `${m[1]}.${m[2]}` : undefined;
}

/** A date with an optional time after it ("2015-09-22T00:00:00Z", "2015-09-22 00:00") → the date part. */
export function dateOfAnyPrecision(text: string) {
  return dateAtPrecision(text.trim().replace(/[T\s].*$/, ''));
}

/**
 * A raw standard row's confirmation date as the file writes it (2019, 2019-03, 2019-03-15, a time after it
 * read past) → its first day and precision; text that is no date stays, for the schema to refuse by column.
 */
export function withConfirmedOn(raw: Record<string, unknown>): Record<string, unknown> {
  if (typeof raw.confirmedOn !== 'string') return raw;
  const read = dateOfAnyPrecision(raw.confirmedOn);
  return read ? { ...raw, confirmedOn: read.date, confirmedPrecision: read.precision } : raw;
}

/** A list cell: "13.110; 25.160", or ['13.110','25.160'] as ISO writes lists. */
export function listOf(cell: string, separator = LIST_SEPARATOR): string[] {
  const t = cell.trim();
  const bracketed = /^\[(.*)\]$/s.exec(t);
  const items = bracketed ? bracketed[1]!.split(',') : t.split(separator);
  return items
    .map((s) =>
      s
        .trim()
        .replace(/^(['"])(.*)\1$/, '$2')
        .trim(),
    )
    .filter((s) => s.length > 0);
}

/**
 * The status: the `status` column's, else the stage's (a project is left out, a cell that is no stage code
 * refused, both naming the stage column).
 */
function statusOf(
  status: string | undefined,
  stage: string | undefined,
  stageHeader: string | undefined,
  row: number,
): string | undefined | { skipped: CatalogImportError } | { errors: CatalogImportError[] } {
  if (status !== undefined || stage === undefined) return status?.toLowerCase();
  const code = stageCode(stage);
  const read = code ? statusOfStage(code) : undefined;
  const field = stageHeader ?? 'stage';
  if (read === null)
    return {
      skipped: { row, field, reason: `stage ${code} is a project, not a published standard: not imported` },
    };
  if (read === undefined)
    return { errors: [{ row, field, reason: `"${stage}" is not a stage code (00.00–95.99)` }] };
  return read;
}

export type MappedRecord =
  | { raw: Record<string, unknown>; label: (field: string) => string }
  | { skipped: CatalogImportError }
  | { errors: CatalogImportError[] };

/** One record's cells (by mapped column) → a raw standard row, a record left out, or errors. */
export function mapRecord(columns: readonly MappedColumn[], cells: Cells, row: number): MappedRecord {
  const column = (field: MappingField) => columns.find((c) => c.field === field);
  const get = (field: MappingField) => {
    const c = column(field);
    return c ? cells.get(c) : undefined;
  };
  const headerOf = (field: MappingField) => column(field)?.header;
  const source = column('designation') ?? column('reference');
  const designation = get('designation') ?? get('reference');
  const derived = designation ? referenceParts(designation) : undefined;

  const titles: Record<string, string> = {};
  for (const c of columns) {
    const cell = cells.get(c);
    if (c.field === 'titles' && c.language && cell) titles[c.language] = cell;
  }
  const title = get('title') ?? titles.en ?? Object.values(titles)[0];

  const status = statusOf(get('status'), get('stage'), headerOf('stage'), row);
  if (typeof status === 'object') return status;

  const dateText = get('publishedOn');
  const date = dateText ? dateOfAnyPrecision(dateText) : undefined;
  const edition = get('edition') ?? /:(\d{4})\b/.exec(designation ?? '')?.[1] ?? date?.date.slice(0, 4);
  const list = (field: MappingField) => {
    const c = column(field);
    const cell = c ? cells.get(c) : undefined;
    return cell ? listOf(cell, c?.separator) : [];
  };
  const optional = (field: MappingField) => {
    const value = get(field);
    return value ? { [field]: value } : {};
  };

  const raw: Record<string, unknown> = {
    kind: 'standard',
    contentCode: get('contentCode') ?? derived?.contentCode,
    assetId: get('assetId') ?? derived?.assetId,
    designation,
    title,
    publisherCode: get('publisherCode') ?? derived?.publisherCode,
    ...optional('committeeDesignation'),
    status,
    edition,
    publishedOn: date?.date ?? dateText,
    ...(date ? { publishedPrecision: date.precision } : {}),
    // A published standard's stage is kept too: review forecasts use it.
    ...(get('stage') && stageCode(get('stage')!) ? { stageCode: stageCode(get('stage')!) } : {}),
    ...optional('confirmedOn'),
    ...(Object.keys(titles).length > 0 ? { titles } : {}),
    industryAreas: list('industryAreas'),
    icsCodes: list('icsCodes'),
    // ISO writes its ids as a list ([12346]): the successor is its first.
    ...(list('replacedBy')[0] ? { replacedBy: list('replacedBy')[0] } : {}),
    replaces: list('replaces'),
    ...optional('adopts'),
    // Citations only where the column is mapped: an empty cell cites none, no column keeps the stored ones.
    ...(column('references') ? { references: list('references') } : {}),
    ...(column('informativeReferences') ? { informativeReferences: list('informativeReferences') } : {}),
  };
  // An error names the file's column: a derived field the column it came from.
  const label = (field: string) => {
    const own = headerOf(field as MappingField);
    if (own) return own;
    if (['contentCode', 'assetId', 'publisherCode', 'designation'].includes(field) && source)
      return source.header;
    if (field === 'title' || field === 'titles')
      return columns.find((c) => c.field === 'titles')?.header ?? 'title';
    if (field === 'status' && headerOf('stage')) return headerOf('stage')!;
    if (field === 'publishedPrecision' && headerOf('publishedOn')) return headerOf('publishedOn')!;
    if (field === 'confirmedPrecision' && headerOf('confirmedOn')) return headerOf('confirmedOn')!;
    return field;
  };
  return { raw: withConfirmedOn(withSupplementBase(raw)), label };
}

/**
 * A file's records read through a mapping, as `parseCatalogCsv` reads them: the first record is the header
 * (every mapped column must be in it), each next one a standard row, refused or left out; `finish` adds the
 * publishers and committees the rows name (created only where the store lacks them).
 */
export class MappedRecords {
  private header?: { width: number; index: Map<MappedColumn, number> };
  private readonly standards: Record<string, unknown>[] = [];
  private readonly mapping: CatalogColumnMapping;
  /** The column of the file's own row ids (ISO's `id`), and each id's content code. */
  private readonly sourceId?: MappedColumn;
  private readonly ids = new Map<string, string>();

  constructor(mapping: CatalogColumnMapping) {
    this.mapping = mapping;
    this.sourceId = mapping.columns.find((c) => c.field === 'sourceId');
  }

  /** Reads one record into the result; false when the header does not fit the mapping (stop reading). */
  read(record: string[], line: number, into: ParsedCatalogImport): boolean {
    if (!this.header) return this.readHeader(record, into);
    if (record.length !== this.header.width) {
      into.errors.push({
        row: line,
        field: null,
        reason: `has ${record.length} fields, the header has ${this.header.width}`,
      });
      return true;
    }
    const cells = new Map<MappedColumn, string>();
    for (const [column, i] of this.header.index) {
      const cell = record[i]?.trim();
      if (cell) cells.set(column, cell);
    }
    const mapped = mapRecord(this.mapping.columns, cells, line);
    if ('skipped' in mapped) {
      if (!into.warnings) into.warnings = [];
      into.warnings.push(mapped.skipped);
    } else if ('errors' in mapped) into.errors.push(...mapped.errors);
    else {
      const checked = validateImportRow(line, mapped.raw, mapped.label);
      if ('value' in checked) {
        into.rows.push({ row: line, value: checked.value });
        this.standards.push(mapped.raw);
        const id = this.sourceId && cells.get(this.sourceId);
        if (id && checked.value.kind === 'standard') this.ids.set(id, checked.value.contentCode);
      } else into.errors.push(...checked.errors);
    }
    return true;
  }

  private readHeader(record: string[], into: ParsedCatalogImport): boolean {
    const at = new Map(record.map((name, i) => [name.trim(), i] as const));
    const index = new Map<MappedColumn, number>();
    const missing: CatalogImportError[] = [];
    for (const column of this.mapping.columns) {
      const i = at.get(column.header);
      if (i === undefined)
        missing.push({ row: 0, field: column.header, reason: `missing column (mapped to ${column.field})` });
      else index.set(column, i);
    }
    if (missing.length > 0) {
      into.errors.push(...missing);
      into.complete = false;
      return false;
    }
    this.header = { width: record.length, index };
    return true;
  }

  /** After the last record: the implied publishers and committees, or "empty" when there was no header. */
  finish(into: ParsedCatalogImport) {
    if (!this.header) {
      if (into.errors.length === 0) {
        into.errors.push({ row: 0, field: null, reason: 'the file is empty (no header row)' });
        into.complete = false;
      }
      return;
    }
    const implied = impliedRows(this.standards).flatMap((raw) => {
      const checked = validateImportRow(0, raw, (f) => f);
      return 'value' in checked ? [{ row: 0, value: checked.value }] : [];
    });
    into.rows.unshift(...implied);
    if (this.ids.size > 0) resolveSourceIds(into, this.ids);
  }
}

/**
 * A `replaces` or `replacedBy` that names another row by the file's own id (ISO's numeric ids) is that row's
 * content code; an id of no row of the file stays as written (the plan says it is not linked).
 */
function resolveSourceIds(into: ParsedCatalogImport, ids: ReadonlyMap<string, string>) {
  const code = (id: string) => ids.get(id) ?? id;
  for (const r of into.rows) {
    if (r.value.kind !== 'standard') continue;
    const s = r.value;
    r.value = {
      ...s,
      replaces: s.replaces.map(code),
      ...(s.replacedBy ? { replacedBy: code(s.replacedBy) } : {}),
    };
  }
}
