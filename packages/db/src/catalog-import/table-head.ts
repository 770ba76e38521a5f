import { CATALOG_IMPORT_PREVIEW_ROWS } from '@trackwell/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import { parseCatalogCsv } from './csv.ts';
import { readXlsxRows } from './xlsx.ts';

/**
 * A CSV or XLSX file's header and first records, for the console's mapping step: what columns the file has,
 * what its first rows hold, and whether the importer recognises the header as the catalogue CSV's own (then
 * no mapping is needed). Reading only: nothing is parsed into rows, nothing written.
 */
export interface TableHead {
  headers: string[];
  rows: string[][];
  recognised: boolean;
}

const CELL_SHOWN = 200;

function csvHead(bytes: Uint8Array, rows: number): string[][] {
  return parse(Buffer.from(bytes), {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: 65_536,
    to: rows + 1,
  }) as string[][];
}

/** The head of the file, or why it cannot be read. */
export async function readTableHead(
  format: 'csv' | 'xlsx',
  bytes: Uint8Array,
  rows = CATALOG_IMPORT_PREVIEW_ROWS,
): Promise<TableHead | { refused: string }> {
  let records: string[][];
  if (format === 'xlsx') {
    const read = await readXlsxRows(bytes);
    if ('refused' in read) return { refused: `the workbook ${read.refused}` };
    records = read.rows.filter((r) => r.some((c) => c.trim() !== '')).slice(0, rows + 1);
  } else {
    try {
      records = csvHead(bytes, rows);
    } catch (error) {
      if (error instanceof CsvError) return { refused: `the file is not readable CSV: ${error.message}` };
      throw error;
    }
  }
  const [header, ...first] = records;
  if (!header || header.every((h) => h.trim() === ''))
    return { refused: 'the file is empty (no header row)' };
  const headers = header.map((h) => h.trim());
  // Recognised: the catalogue CSV's own parser reads this header without a file error.
  const headerOnly = headers.map((h) => `"${h.replaceAll('"', '""')}"`).join(',');
  const recognised = (await parseCatalogCsv(headerOnly)).errors.length === 0;
  return {
    headers,
    rows: first.map((r) => headers.map((_, i) => (r[i] ?? '').trim().slice(0, CELL_SHOWN))),
    recognised,
  };
}
