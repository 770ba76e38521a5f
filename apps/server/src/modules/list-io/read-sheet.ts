import { LIST_IMPORT_MAX_COLUMNS, LIST_IMPORT_MAX_ROWS, type ListExportFormat } from '@trackwell/contracts';
import { badRequest, HttpError } from '../../http/errors.ts';

/**
 * A user's spreadsheet (CSV or XLSX, the request body) as a header and rows of text. Limits:
 * the body's size is the route's (LIST_IMPORT_MAX_BYTES), then LIST_IMPORT_MAX_ROWS rows and
 * LIST_IMPORT_MAX_COLUMNS columns (413 / 400 naming the problem); an XLSX whose parts would unpack to more
 * than XLSX_MAX_UNPACKED bytes is refused as soon as that many are inflated (a "zip bomb", however small its
 * headers say it is). Cells keep no control characters (NUL included) and at most CELL_MAX_CHARS characters:
 * a 10,000-character cell is cut, and a formula cell is only its text (nothing is evaluated).
 */
export interface Sheet {
  header: string[];
  rows: string[][];
}

export const CELL_MAX_CHARS = 200;
const XLSX_MAX_UNPACKED = 64 * 1024 * 1024;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

const tooManyRows = () =>
  new HttpError(
    413,
    'too_many_rows',
    `The file has more than ${LIST_IMPORT_MAX_ROWS} rows: split it and import each part.`,
  );
const unreadable = (format: string, why: string) =>
  badRequest(`The file could not be read as ${format}: ${why}`, [{ path: 'file', message: why }]);

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
  return text.replace(CONTROL, '').trim().slice(0, CELL_MAX_CHARS);
}

function toSheet(records: unknown[][]): Sheet {
  const nonEmpty = records.filter((r) => r.some((c) => cellText(c) !== ''));
  if (nonEmpty.length === 0) throw unreadable('a list', 'it has no rows.');
  if (nonEmpty.length - 1 > LIST_IMPORT_MAX_ROWS) throw tooManyRows();
  const width = Math.max(...nonEmpty.map((r) => r.length));
  if (width > LIST_IMPORT_MAX_COLUMNS) {
    throw unreadable('a list', `it has ${width} columns; at most ${LIST_IMPORT_MAX_COLUMNS} are read.`);
  }
  const [head, ...rows] = nonEmpty.map((r) => Array.from({ length: width }, (_, i) => cellText(r[i])));
  return { header: head!.map((h, i) => h || `#${i + 1}`), rows };
}

// The readers (csv-parse; the catalogue import's workbook reader with fflate) load with the first upload.
async function readCsv(bytes: Buffer): Promise<Sheet> {
  const { CsvError, parse } = await import('csv-parse/sync');
  try {
    const records = parse(bytes, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: 64 * 1024,
      to: LIST_IMPORT_MAX_ROWS + 2, // the header, the rows, and one more to know there are too many
    }) as string[][];
    if (records.length > LIST_IMPORT_MAX_ROWS + 1) throw tooManyRows();
    return toSheet(records);
  } catch (error) {
    if (error instanceof CsvError) throw unreadable('CSV', `${error.message}`);
    throw error;
  }
}

/**
 * The first sheet through the catalogue import's workbook reader (db's `readXlsxRows`): the inflated bytes
 * are counted as they come out and the reading stops at XLSX_MAX_UNPACKED, whatever the ZIP's headers say.
 */
async function readXlsx(bytes: Buffer): Promise<Sheet> {
  const { readXlsxRows } = await import('@trackwell/db/catalog-import');
  const read = await readXlsxRows(bytes, {
    rows: LIST_IMPORT_MAX_ROWS + 1,
    unpackedBytes: XLSX_MAX_UNPACKED,
  });
  if ('rows' in read) return toSheet(read.rows);
  if (read.passed === 'rows') throw tooManyRows();
  if (read.passed === 'unpackedBytes')
    throw new HttpError(
      413,
      'file_too_large',
      'The workbook unpacks to more than 64 MB: save the list alone.',
    );
  throw unreadable(
    'XLSX',
    `it is not an Excel workbook (.xlsx) or its first sheet is damaged: ${read.refused}.`,
  );
}

/** The sheet of an uploaded file; 400 when it is unreadable or empty, 413 when it has too many rows. */
export function readUploadedSheet(format: ListExportFormat, bytes: Buffer): Promise<Sheet> {
  return format === 'csv' ? readCsv(bytes) : readXlsx(bytes);
}
