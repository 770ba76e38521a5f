import { type ListExportFormat, titleIn } from '@trackwell/contracts';
import type { ExportedStandard } from '@trackwell/db';
import { csvCell } from '../../http/csv-cell.ts';

/**
 * "Take your list": the user's tracked standards as CSV (UTF-8 with a byte-order mark, so Excel
 * reads accents; RFC 4180, formula cells defused with an apostrophe, as CSV has no cell types) or XLSX (every
 * cell a typed string in the Text number format, so "=…" is text there and needs no apostrophe).
 * The columns read back by the import: its header names the designation. Each title is the one in the
 * reader's `language` where the catalogue has it, else the main title (contracts `titleIn`).
 */
export const LIST_EXPORT_HEADER = ['Designation', 'Title', 'Status', 'Edition', 'Published', 'Publisher'];

const cellsOf = (language: string) => (s: ExportedStandard) => [
  s.designation,
  titleIn(language, s.title, s.titles).text,
  s.status,
  s.edition,
  s.publishedOn,
  s.publisher,
];

export const LIST_EXPORT_CONTENT_TYPES: Record<ListExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function listCsv(standards: readonly ExportedStandard[], language: string): string {
  const lines = [LIST_EXPORT_HEADER, ...standards.map(cellsOf(language))].map((cells) =>
    cells.map(csvCell).join(','),
  );
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

export async function listXlsx(standards: readonly ExportedStandard[], language: string): Promise<Buffer> {
  const text = (value: string) => ({ value, type: String, format: '@' });
  const header = LIST_EXPORT_HEADER.map((value) => ({ ...text(value), fontWeight: 'bold' as const }));
  const rows = standards.map((s) => cellsOf(language)(s).map(text));
  const { default: writeXlsxFile } = await import('write-excel-file/node'); // on the first XLSX export
  return writeXlsxFile([header, ...rows], { sheet: 'Tracked standards' }).toBuffer();
}

/** The download's file name: the store's code and the day, e.g. `aenor-tracked-standards-2026-11-26.csv`. */
export function listExportFileName(storeCode: string, format: ListExportFormat, now = new Date()): string {
  const safeCode = storeCode.replace(/[^a-z0-9-]/gi, '').toLowerCase() || 'trackwell';
  return `${safeCode}-tracked-standards-${now.toISOString().slice(0, 10)}.${format}`;
}
