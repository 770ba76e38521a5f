import { CATALOG_IMPORT_XLSX_LIMITS, type ParsedCatalogImport } from '@trackwell/contracts';
import { zipSync } from 'fflate';
import { type CsvImportOptions, parseCatalogCsv } from './csv.ts';
import { InflateError, inflateCounted, openZip } from './zip-inflate.ts';

/**
 * A catalogue export as an Excel workbook (.xlsx): its first sheet, read as the CSV is (header, then one
 * record per row, with or without a column mapping). An .xlsx is a ZIP of XML parts, so it is bounded before
 * it is read: the parts are inflated by zip-inflate.ts (the STS batch's inflater: the header's sizes are not
 * trusted), their bytes counted as they come out and the reading stopped at `unpackedBytes`; only what
 * passed is stored again (no compression) for read-excel-file (pure JavaScript, maintained), so it never
 * inflates anything the count did not see. Then at most `rows` rows.
 *
 * Cells become text: a date cell YYYY-MM-DD, a number as written, a formula its cached value (never run);
 * a line break in a cell is read as a space, so the n-th row stays line n (the header is line 1), as a CSV
 * error would name it. A file that is not a workbook, is encrypted, or passes a limit is refused whole
 * (`complete: false`, one error with the reason); it never throws.
 */

export type XlsxLimits = { rows: number; unpackedBytes: number };
export type XlsxLimit = keyof XlsxLimits;

/** Why a workbook is refused; `passed` names the limit when that is the reason. */
class Refusal extends Error {
  readonly passed: XlsxLimit | undefined;
  constructor(message: string, passed?: XlsxLimit) {
    super(message);
    this.passed = passed;
  }
}

const count = (n: number) => n.toLocaleString('en');
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/** The workbook's parts, inflated within the byte limit (counted as they come out: zip-inflate.ts). */
async function unpackedParts(bytes: Uint8Array, limits: XlsxLimits): Promise<Record<string, Uint8Array>> {
  const archive = await openZip(bytes).catch((error: unknown) => {
    throw new Refusal(`it is not an Excel workbook (.xlsx): not a ZIP archive (${messageOf(error)})`);
  });
  const parts: Record<string, Uint8Array> = {};
  let total = 0;
  const counted = (chunk: number) => {
    total += chunk;
    if (total > limits.unpackedBytes)
      throw new Refusal(
        `it unpacks to more than ${count(limits.unpackedBytes)} bytes: save the catalogue alone, or as CSV`,
        'unpackedBytes',
      );
  };
  for await (const entry of archive.eachEntry()) {
    if (entry.fileName.endsWith('/')) continue;
    if (entry.isEncrypted()) throw new Refusal('it is encrypted: save it without a password');
    if (!/\.(xml|rels)$/i.test(entry.fileName)) continue; // images, printer settings: not read
    try {
      parts[entry.fileName] = await inflateCounted(archive, entry, counted);
    } catch (error) {
      if (error instanceof InflateError) throw new Refusal(`its part ${entry.fileName} ${error.message}`);
      throw error;
    }
  }
  return parts;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: line breaks and tabs in a cell are read as a space
const CONTROL_OR_BREAK = /[\r\n\t\u000b\u000c]+/g;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value).replace(CONTROL_OR_BREAK, ' ');
}

const quoted = (cell: string) => `"${cell.replaceAll('"', '""')}"`;

/** The first sheet's rows as text, or the reason the workbook is refused. */
export async function readXlsxRows(
  bytes: Uint8Array,
  limits: XlsxLimits = CATALOG_IMPORT_XLSX_LIMITS,
): Promise<{ rows: string[][] } | { refused: string; passed?: XlsxLimit }> {
  try {
    const parts = await unpackedParts(bytes, limits);
    if (!parts['[Content_Types].xml'])
      throw new Refusal('it is not an Excel workbook (.xlsx): a ZIP without a workbook in it');
    const { readSheet } = await import('read-excel-file/node'); // on the first XLSX read
    let sheet: unknown[][];
    try {
      sheet = (await readSheet(Buffer.from(zipSync(parts, { level: 0 })))) as unknown[][];
    } catch (error) {
      throw new Refusal(`its first sheet cannot be read (${messageOf(error)})`);
    }
    if (sheet.length > limits.rows + 1)
      throw new Refusal(`its first sheet has more than ${count(limits.rows)} rows: split it`, 'rows');
    return { rows: sheet.map((row) => row.map(cellText)) };
  } catch (error) {
    if (error instanceof Refusal)
      return { refused: error.message, ...(error.passed ? { passed: error.passed } : {}) };
    return { refused: `it cannot be read (${messageOf(error)})` };
  }
}

/** Parses an .xlsx upload's first sheet as a catalogue CSV (csv.ts), with the same options. */
export async function parseCatalogXlsx(
  bytes: Uint8Array,
  options: CsvImportOptions = {},
  limits: XlsxLimits = CATALOG_IMPORT_XLSX_LIMITS,
): Promise<ParsedCatalogImport> {
  const read = await readXlsxRows(bytes, limits);
  if ('refused' in read)
    return {
      rows: [],
      errors: [{ row: 0, field: null, reason: `the workbook ${read.refused}` }],
      complete: false,
    };
  // Every row, empty ones too, is one CSV line, so line numbers are the sheet's row numbers.
  const width = Math.max(0, ...read.rows.map((row) => row.length));
  const lines = read.rows.map((row) =>
    row.some((c) => c !== '') ? Array.from({ length: width }, (_, i) => quoted(row[i] ?? '')).join(',') : '',
  );
  return parseCatalogCsv(lines.join('\n'), options);
}
