import { Readable } from 'node:stream';
import {
  CATALOG_IMPORT_KINDS,
  type CatalogColumnMapping,
  type CatalogImportError,
  type CatalogImportKind,
  type CatalogImportRow,
  type DatePrecision,
  dateToPrecision,
  type ParsedCatalogImport,
} from '@trackwell/contracts';
import { type CsvError, parse } from 'csv-parse';
import { MappedRecords, withConfirmedOn } from './column-mapping.ts';
import {
  CITATION_FIELDS,
  columnName,
  IMPORT_FIELDS,
  LIST_FIELDS,
  LIST_SEPARATOR,
  normalizeName,
  OPTIONAL_FIELDS,
  shareRepeatedCells,
  splitList,
  validateImportRow,
  withSupplementBase,
} from './rows.ts';

/**
 * Catalogue CSV (columns in ./README.md): a header row, then one entry per record. Streamed through
 * csv-parse (BOM, CRLF, quoted fields with commas, quotes and line breaks), so a large file is read chunk by
 * chunk and held only as its parsed rows. Bad input never throws: a malformed record, a wrong field count or
 * an invalid value is an error naming the record's line, and the records after it are still read.
 */

/** A file's content: the whole text or bytes, or chunks as they arrive (a file or request stream). */
export type ImportSource =
  | string
  | Uint8Array
  | Iterable<string | Uint8Array>
  | AsyncIterable<string | Uint8Array>;

export interface CsvImportOptions {
  /** What every record is, when the file has no `kind` column; otherwise told by the header's columns. */
  kind?: CatalogImportKind;
  /** Read another body's export: its columns renamed and derived as the mapping says (column-mapping.ts). */
  mapping?: CatalogColumnMapping;
}

/** Larger records are refused (a sane row is far under this; an unclosed quote would otherwise grow). */
const MAX_RECORD_CHARS = 65_536;

export const sourceStream = (input: ImportSource) =>
  Readable.from(typeof input === 'string' || input instanceof Uint8Array ? [input] : input);

const KIND_BY_NAME = new Map(CATALOG_IMPORT_KINDS.map((k) => [normalizeName(k), k]));

/** The kind a header describes, by its key column. */
function kindOfHeader(columns: ReadonlyMap<string, number>): CatalogImportKind | undefined {
  const has = (field: string) => columns.has(normalizeName(field));
  if (has('contentCode')) return 'standard';
  if (has('workItemNumber')) return 'work_item';
  if (has('marketingCode')) return 'industry_area';
  if (has('designation') && has('publisherCode')) return 'committee';
  if (has('code') && has('name')) return 'publisher';
  return undefined;
}

type Header = {
  columns: Map<string, number>;
  width: number;
  kind?: CatalogImportKind;
  /** Per kind, each field's column index (undefined: no such column), worked out once. */
  cellsOf: Map<CatalogImportKind, Array<[field: string, index: number | undefined]>>;
};

function cellIndexes(header: Header, kind: CatalogImportKind) {
  let cells = header.cellsOf.get(kind);
  if (!cells) {
    cells = IMPORT_FIELDS[kind].map((f) => [f, header.columns.get(normalizeName(f))]);
    header.cellsOf.set(kind, cells);
  }
  return cells;
}

/** Reads the header; answers its problems (unknown kind, missing columns) as file errors (row 0). */
function readHeader(record: string[], options: CsvImportOptions): Header | CatalogImportError[] {
  const columns = new Map(record.map((name, i) => [normalizeName(name), i]));
  const hasKindColumn = columns.has('kind');
  const kind = options.kind ?? (hasKindColumn ? undefined : kindOfHeader(columns));
  if (!kind && !hasKindColumn)
    return [{ row: 0, field: null, reason: 'the header names no known kind of catalogue entry' }];
  const kinds = kind ? [kind] : [];
  const missing = kinds.flatMap((k) =>
    IMPORT_FIELDS[k].filter(
      (f) => !LIST_FIELDS.has(f) && !OPTIONAL_FIELDS.has(f) && !columns.has(normalizeName(f)),
    ),
  );
  if (missing.length > 0)
    return missing.map((f) => ({ row: 0, field: columnName(f), reason: 'missing column' }));
  return { columns, width: record.length, kind, cellsOf: new Map() };
}

/** One record → a raw row of its kind (cells by column), validated. */
function readRecord(header: Header, record: string[], line: number) {
  if (record.length !== header.width)
    return {
      errors: [
        {
          row: line,
          field: null,
          reason: `has ${record.length} fields, the header has ${header.width}`,
        },
      ],
    };
  const kindCell = header.columns.has('kind') ? record[header.columns.get('kind')!]! : undefined;
  const kind = header.kind ?? KIND_BY_NAME.get(normalizeName(kindCell ?? ''));
  if (!kind) return { errors: [{ row: line, field: 'kind', reason: `unknown kind "${kindCell ?? ''}"` }] };
  const raw: Record<string, unknown> = { kind };
  for (const [field, index] of cellIndexes(header, kind)) {
    const cell = index === undefined ? undefined : record[index];
    if (LIST_FIELDS.has(field)) raw[field] = splitList(cell ?? '');
    else if (OPTIONAL_FIELDS.has(field)) {
      if (cell?.trim()) raw[field] = cell;
    } else if (cell !== undefined) raw[field] = cell;
  }
  if (kind === 'standard')
    for (const field of CITATION_FIELDS) {
      const index = header.columns.get(normalizeName(field));
      if (index !== undefined) raw[field] = splitList(record[index] ?? '');
    }
  // A file with a supplement_of column says each row's base itself; else a supplement's designation names it.
  const said = header.columns.has(normalizeName('supplementOf'));
  return validateImportRow(line, withConfirmedOn(said ? raw : withSupplementBase(raw)), columnName);
}

const csvProblem = (error: CsvError, line: number): CatalogImportError => ({
  row: line,
  field: null,
  reason: `malformed CSV (${error.code}): ${error.message.replace(/, value is .*/s, '')}`.slice(0, 300),
});

/**
 * Parses a catalogue CSV. The answer's `complete` is false when the reading stopped before the end (an
 * unclosed quote at the end of the file, a header problem): such a file is never applied, not even with
 * `skipBadRows`.
 */
export async function parseCatalogCsv(
  input: ImportSource,
  options: CsvImportOptions = {},
): Promise<ParsedCatalogImport> {
  const result: ParsedCatalogImport = { rows: [], errors: [], complete: true };
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_CHARS,
    info: true,
  });
  parser.on('skip', (error: CsvError) => {
    const problem = csvProblem(error, Number(error.lines) || 0);
    const last = result.errors.at(-1);
    if (last?.row !== problem.row || last.reason !== problem.reason) result.errors.push(problem);
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') result.complete = false;
  });
  const source = sourceStream(input);
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let header: Header | undefined;
  const seen = new Map<string, string>();
  const mapped = options.mapping && new MappedRecords(options.mapping);
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (mapped) {
        if (!mapped.read(record, info.lines, result)) return result;
        continue;
      }
      if (!header) {
        const read = readHeader(record, options);
        if (Array.isArray(read)) return { rows: [], errors: read, complete: false };
        header = read;
        continue;
      }
      const read = readRecord(header, record, info.lines);
      if ('value' in read) {
        shareRepeatedCells(read.value, seen);
        result.rows.push({ row: info.lines, value: read.value });
      } else result.errors.push(...read.errors);
    }
  } catch (error) {
    // A source that fails (a dropped upload) or a parser state csv-parse cannot skip past.
    result.errors.push({
      row: 0,
      field: null,
      reason: `the file could not be read: ${(error as Error).message}`,
    });
    result.complete = false;
  } finally {
    source.destroy();
  }
  if (mapped) mapped.finish(result);
  else if (!header && result.errors.length === 0) {
    result.errors.push({ row: 0, field: null, reason: 'the file is empty (no header row)' });
    result.complete = false;
  }
  result.errors.sort((a, b) => a.row - b.row);
  return result;
}

const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;

/** Writes rows of one kind as a CSV with a header (every cell quoted); parseCatalogCsv reads it back. */
export function serializeCatalogCsv(kind: CatalogImportKind, rows: Iterable<CatalogImportRow>): string {
  const fields = IMPORT_FIELDS[kind];
  const lines = [fields.map(columnName).join(',')];
  for (const row of rows) lines.push(csvLine(kind, row));
  return `${lines.join('\r\n')}\r\n`;
}

/** One row as a CSV line (no line break). */
export function csvLine(kind: CatalogImportKind, row: CatalogImportRow): string {
  const cells = row as unknown as Record<string, string | string[]>;
  return IMPORT_FIELDS[kind]
    .map((f) => {
      // A confirmation date as precise as it was given (2019, not 2019-01-01), so it reads back the same.
      const value =
        f === 'confirmedOn' && typeof cells[f] === 'string'
          ? dateToPrecision(cells[f], (cells.confirmedPrecision as DatePrecision | undefined) ?? 'day')
          : (cells[f] ?? '');
      return quote(Array.isArray(value) ? value.join(LIST_SEPARATOR) : value);
    })
    .join(',');
}
