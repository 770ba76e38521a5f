import { z } from 'zod';
import { type CatalogImportKind, type CatalogImportRow, IMPORT_LIMITS } from './catalog-import.ts';
import { STANDARD_STATUSES, WORK_ITEM_STATUSES } from './notifications.ts';

/**
 * The import rows' schema (`catalogImportRow`) as a plain check, for the common case of a valid row: a file
 * of 100,000 standards is 1.1 million cells, and the Zod pipeline of each cell (refinements, pipes, the
 * trim) costs more than reading the CSV. `quickImportRow` answers exactly what `catalogImportRow.parse`
 * would (same fields, same order, trimmed) when every cell is plainly valid, and undefined whenever it is in
 * any doubt: then the caller runs the schema, which also words the errors. It never accepts a row the schema
 * refuses (tested against the schema on hostile input: packages/db/test/catalog-import-quick.test.ts).
 */

type Check =
  | 'code'
  | 'optionalCode'
  | 'optionalTrue'
  | 'absent'
  | 'text'
  | 'date'
  | 'list'
  | 'emptyTitles'
  | 'dayPrecision'
  | readonly string[];

/** Each kind's fields in the schema's order, and how each is checked. */
const FIELDS: Record<CatalogImportKind, ReadonlyArray<readonly [string, Check]>> = {
  publisher: [
    ['code', 'code'],
    ['name', 'text'],
    ['onlyIfNew', 'optionalTrue'],
  ],
  industry_area: [
    ['marketingCode', 'code'],
    ['codeName', 'text'],
  ],
  committee: [
    ['designation', 'code'],
    ['title', 'text'],
    ['publisherCode', 'code'],
    ['onlyIfNew', 'optionalTrue'],
  ],
  standard: [
    ['contentCode', 'code'],
    ['assetId', 'code'],
    ['designation', 'code'],
    ['title', 'text'],
    ['publisherCode', 'code'],
    ['committeeDesignation', 'code'],
    ['status', STANDARD_STATUSES],
    ['edition', 'code'],
    ['publishedOn', 'date'],
    ['publishedPrecision', 'dayPrecision'],
    // A stage or a confirmation date takes the schema (read where the file has them; rare beside the rest).
    ['stageCode', 'absent'],
    ['confirmedOn', 'absent'],
    ['confirmedPrecision', 'absent'],
    ['titles', 'emptyTitles'],
    ['adopts', 'optionalCode'],
    ['industryAreas', 'list'],
    ['icsCodes', 'list'],
    ['replacedBy', 'optionalCode'],
    ['replaces', 'list'],
    ['supplementOf', 'optionalCode'],
    ['references', 'absent'],
    ['informativeReferences', 'absent'],
  ],
  work_item: [
    ['workItemNumber', 'code'],
    ['title', 'text'],
    ['committeeDesignation', 'code'],
    ['status', WORK_ITEM_STATUSES],
    ['createdOn', 'date'],
  ],
};

/**
 * No control character (line breaks included), line or paragraph separator, bidi control, NUL or lone
 * surrogate: what `safeText` and `isUnsafeString` refuse, in one test.
 */
const PLAIN = /^[^\p{Cc}\p{Zl}\p{Zp}\p{Bidi_Control}\p{Cs}]*$/u;

/** The cell, trimmed, if it is plainly valid with at most `max` characters (before trimming, as the schema). */
const plainCell = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string' || value.length > max || !PLAIN.test(value)) return undefined;
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : undefined;
};

function plainList(value: unknown): string[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > IMPORT_LIMITS.list) return undefined;
  const codes: string[] = [];
  for (const item of value) {
    const code =
      typeof item === 'string' && !item.includes(';') ? plainCell(item, IMPORT_LIMITS.code) : undefined;
    if (code === undefined) return undefined;
    codes.push(code);
  }
  return codes;
}

function plainValue(value: unknown, check: Check): unknown {
  switch (check) {
    case 'code':
      return plainCell(value, IMPORT_LIMITS.code);
    case 'text':
      return plainCell(value, IMPORT_LIMITS.text);
    case 'date':
      return typeof value === 'string' && z.regexes.date.test(value) ? value : undefined;
    case 'list':
      return plainList(value);
    // Only the defaults: a file's partial dates and titles per language take the schema.
    case 'dayPrecision':
      return value === undefined || value === 'day' ? 'day' : undefined;
    case 'emptyTitles':
      return value === undefined ? {} : undefined;
    default:
      return typeof value === 'string' && check.includes(value) ? value : undefined;
  }
}

/** The row `catalogImportRow.parse(raw)` answers, when `raw` is plainly valid; else undefined. */
export function quickImportRow(raw: Record<string, unknown>): CatalogImportRow | undefined {
  const fields = Object.hasOwn(FIELDS, raw.kind as string)
    ? FIELDS[raw.kind as CatalogImportKind]
    : undefined;
  if (!fields) return undefined;
  const row: Record<string, unknown> = { kind: raw.kind };
  for (const [field, check] of fields) {
    if (check === 'optionalTrue') {
      if (raw[field] === undefined) continue;
      if (raw[field] !== true) return undefined;
      row[field] = true;
      continue;
    }
    // A row with citations takes the schema (each is read by the designation rule).
    if (check === 'absent') {
      if (raw[field] !== undefined) return undefined;
      continue;
    }
    if (check === 'optionalCode') {
      if (raw[field] === undefined) continue;
      const code = plainCell(raw[field], IMPORT_LIMITS.code);
      if (code === undefined) return undefined;
      row[field] = code;
      continue;
    }
    const value = plainValue(raw[field], check);
    if (value === undefined) return undefined;
    row[field] = value;
  }
  return row as CatalogImportRow;
}
