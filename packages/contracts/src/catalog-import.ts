import { z } from 'zod';
import { citationList } from './citations.ts';
import { CATALOG_EVENT_KINDS, STANDARD_STATUSES, WORK_ITEM_STATUSES } from './notifications.ts';
import { safeText } from './safe-values.ts';
import { isUnsafeString } from './unsafe-strings.ts';

/**
 * Catalogue import: the rows a publisher's CSV or NISO STS XML file becomes, one shape per kind
 * of catalogue entry, the per-row error, and the dry run's answer. The parsers and the repository are in
 * packages/db (`catalog-import/`, `repositories/catalog-import.ts`); the CSV columns are documented in
 * packages/db/src/catalog-import/README.md.
 */

export const CATALOG_IMPORT_KINDS = [
  'publisher',
  'industry_area',
  'committee',
  'standard',
  'work_item',
] as const;
export type CatalogImportKind = (typeof CATALOG_IMPORT_KINDS)[number];

/**
 * One cell: trimmed, required, at most `max` characters, a single line without control characters, NUL or
 * lone surrogates (what PostgreSQL `text` cannot hold or a page must not show).
 */
const cell = (max: number) =>
  z
    .string()
    .refine((s) => !isUnsafeString(s), 'must not contain NUL or lone surrogates')
    .pipe(safeText(max))
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'is required'));

/** Longest code, title or name (characters), and most codes in a list. */
export const IMPORT_LIMITS = { code: 64, text: 500, list: 20 } as const;

const importCode = cell(IMPORT_LIMITS.code);
const importText = cell(IMPORT_LIMITS.text);
const isoDate = z.iso.date('must be a date YYYY-MM-DD');
/** How much of a publication date a catalogue knows: a year (2006), a month (2006-11) or a day. */
export const DATE_PRECISIONS = ['year', 'month', 'day'] as const;
export type DatePrecision = (typeof DATE_PRECISIONS)[number];

/**
 * A date as real catalogues write it, at its precision: "2006" → 2006-01-01 (year), "2006-11" → 2006-11-01
 * (month), "2006-11-30" → day. Undefined when it is none of these (the schema then words the error).
 */
export function dateAtPrecision(text: string): { date: string; precision: DatePrecision } | undefined {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text.trim());
  if (!m) return undefined;
  const [, year, month, day] = m;
  const date = `${year}-${month ?? '01'}-${day ?? '01'}`;
  if (!z.iso.date().safeParse(date).success) return undefined;
  return { date, precision: day ? 'day' : month ? 'month' : 'year' };
}

/** A date shown no more precisely than the catalogue knows it: 2006, 2006-11, 2006-11-30. */
export const dateToPrecision = (date: string, precision: DatePrecision) =>
  precision === 'year' ? date.slice(0, 4) : precision === 'month' ? date.slice(0, 7) : date.slice(0, 10);
/** A list's codes are one cell separated by ";" (CSV), so a code in a list cannot hold one. */
const listCode = importCode.pipe(z.string().refine((s) => !s.includes(';'), 'must not contain ";"'));
const codeList = z.array(listCode).max(IMPORT_LIMITS.list, `at most ${IMPORT_LIMITS.list} values`);

/**
 * A publisher or committee an STS file names without describing (its `originator`, its `comm-ref`): created
 * when the store lacks it, never changing the store's own name or title for it.
 */
const onlyIfNew = z.literal(true).optional();

export const importPublisher = z.object({
  kind: z.literal('publisher'),
  code: importCode,
  name: importText,
  onlyIfNew,
});

export const importIndustryArea = z.object({
  kind: z.literal('industry_area'),
  marketingCode: importCode,
  codeName: importText,
});

export const importCommittee = z.object({
  kind: z.literal('committee'),
  designation: importCode,
  title: importText,
  publisherCode: importCode,
  onlyIfNew,
});

/** A title's language: a BCP 47 tag as `xml:lang` writes it ("de", "fr", "en-GB"), lower-cased. */
export const titleLanguage = z
  .string()
  .max(20)
  .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/, 'must be a language tag such as de or en-gb');

/** A standard's titles by language; the row's `title` is the one shown where the reader's language has none. */
const titlesByLanguage = z
  .record(titleLanguage, importText)
  .refine((t) => Object.keys(t).length <= IMPORT_LIMITS.list, `at most ${IMPORT_LIMITS.list} languages`);

export const importStandard = z.object({
  kind: z.literal('standard'),
  /** The publisher's content code: the key an import matches existing standards by (it survives editions). */
  contentCode: importCode,
  /** The store page id (publicURL + assetId + '.html'). */
  assetId: importCode,
  designation: importCode,
  title: importText,
  publisherCode: importCode,
  /** Optional: real STS files often leave `comm-ref` empty. */
  committeeDesignation: importCode.optional(),
  status: z.enum(STANDARD_STATUSES),
  edition: importCode,
  /** The first day of what the file gives: a year, a month or a day (`publishedPrecision` says which). */
  publishedOn: isoDate,
  publishedPrecision: z.enum(DATE_PRECISIONS).default('day'),
  /** Its ISO harmonized stage code (90.93 confirmed, 90.20 under review, …): review forecasts use it. */
  stageCode: z
    .string()
    .regex(/^\d{2}\.\d{2}$/, 'must be a stage code such as 90.93')
    .optional(),
  /**
   * When it was last confirmed, reapproved or reaffirmed (the first day of a year, a month or a day, as the
   * file gives it; `confirmedPrecision` says which): review forecasts count from it. Absent: the file says
   * nothing, and the stored date stays.
   */
  confirmedOn: isoDate.optional(),
  confirmedPrecision: z.enum(DATE_PRECISIONS).optional(),
  /** Titles in other languages (and the main one), by language tag. */
  titles: titlesByLanguage.default({}),
  /** The content code of the standard this one adopts (a national or regional adoption of an ISO standard). */
  adopts: importCode.optional(),
  /** Marketing codes of the standard's industry areas (the store's own areas). */
  industryAreas: codeList.default([]),
  /** International Classification for Standards codes (NISO STS `<ics>`), e.g. 83.080.01. */
  icsCodes: codeList.default([]),
  /** The content code of the standard that replaces this one (in the store or in the same import). */
  replacedBy: importCode.optional(),
  /** The content codes of the standards this one replaces (STS `std-xref type="supersedes"`, a `replaces` column). */
  replaces: codeList.default([]),
  /** An amendment's or corrigendum's base standard, by content code (derived from a supplement's designation). */
  supplementOf: importCode.optional(),
  /**
   * The standards it cites normatively and informatively (STS `ref-list`s, a CSV's `references` and
   * `informative_references`), by designation. Absent: the file says nothing, and the stored ones stay.
   */
  references: citationList.optional(),
  informativeReferences: citationList.optional(),
});

export const importWorkItem = z.object({
  kind: z.literal('work_item'),
  workItemNumber: importCode,
  title: importText,
  committeeDesignation: importCode,
  status: z.enum(WORK_ITEM_STATUSES),
  createdOn: isoDate,
});

export const catalogImportRow = z.discriminatedUnion('kind', [
  importPublisher,
  importIndustryArea,
  importCommittee,
  importStandard,
  importWorkItem,
]);
export type CatalogImportRow = z.infer<typeof catalogImportRow>;
export type ImportRowOf<K extends CatalogImportKind> = Extract<CatalogImportRow, { kind: K }>;

/**
 * A refused row: where it is in the file (CSV: its line, the header being line 1 and a record over several
 * lines numbered by its last; STS: the n-th `std-meta`; 0: the file as a whole, which blocks every apply),
 * the field (CSV column or STS element; null: the whole row) and why. In a ZIP batch of STS files, `file`
 * names the file it is in (none: the archive as a whole) and rows are numbered across the batch.
 */
export const catalogImportError = z.object({
  row: z.number().int().min(0),
  field: z.string().nullable(),
  reason: z.string(),
  file: z.string().optional(),
});
export type CatalogImportError = z.infer<typeof catalogImportError>;

/** A parsed, valid row with its number in the file (and, in a ZIP batch, the file it came from). */
export interface NumberedImportRow {
  row: number;
  value: CatalogImportRow;
  file?: string;
}

/** What a parser answers: every valid row, and every refused one with its reason. Parsers never throw. */
export interface ParsedCatalogImport {
  rows: NumberedImportRow[];
  errors: CatalogImportError[];
  /**
   * False when the file could not be read to its end (XML not well-formed, a DTD, an unclosed CSV quote, a
   * header problem): rows may be missing, so such a file is never applied, even when skipping bad rows.
   */
  complete: boolean;
  /**
   * What the file leaves out or says that Trackwell reads past, per row (an empty optional element, a
   * supersession it cannot link): shown with the dry run, never blocking an import.
   */
  warnings?: CatalogImportError[];
}

export const IMPORT_OUTCOMES = ['new', 'changed', 'unchanged', 'error'] as const;

/** One field an import changes (named as its CSV column): its value now and after the import. */
export const importFieldChange = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });

/**
 * A standard row's links the import records: its predecessors (the standards it replaces), its successor (the
 * one replacing it) and, for an amendment or corrigendum, its base standard; each by designation.
 */
export const importRowLinks = z.object({
  replaces: z.array(z.string()).optional(),
  replacedBy: z.string().optional(),
  supplementOf: z.string().optional(),
});
export type ImportRowLinks = z.infer<typeof importRowLinks>;

export const importRowOutcome = z.object({
  row: z.number().int(),
  /** In a ZIP batch: the file the row is in. */
  file: z.string().optional(),
  /** Null for a row the parser refused (its kind and key unknown). */
  kind: z.enum(CATALOG_IMPORT_KINDS).nullable(),
  /** The row's key: code, marketing code, designation, content code or work-item number. */
  key: z.string().nullable(),
  outcome: z.enum(IMPORT_OUTCOMES),
  changes: z.array(importFieldChange).optional(),
  /** The catalogue change event applying this row records (trackers are e-mailed), e.g. new_edition. */
  event: z.enum(CATALOG_EVENT_KINDS).optional(),
  errors: z.array(catalogImportError).optional(),
  /** What the file left out for this row or what was read past (an empty comm-ref, an unlinked supersession). */
  warnings: z.array(catalogImportError).optional(),
  /** The standards the row is linked to once applied, by designation: shown with the row in the dry run. */
  links: importRowLinks.optional(),
});
export type ImportRowOutcome = z.infer<typeof importRowOutcome>;

export const importTotals = z.object({
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
});
export type ImportTotals = z.infer<typeof importTotals>;

/** The dry run's answer: per row what applying would do, and the totals. Nothing is written. */
export const importDryRun = z.object({ rows: z.array(importRowOutcome), totals: importTotals });
export type ImportDryRun = z.infer<typeof importDryRun>;

/** A file of a ZIP batch: read (its standards and refused rows counted), skipped (not XML), or refused. */
export const IMPORT_FILE_OUTCOMES = ['read', 'skipped', 'refused'] as const;

export const importFileOutcome = z.object({
  /** The entry's path in the archive. */
  file: z.string(),
  outcome: z.enum(IMPORT_FILE_OUTCOMES),
  /** Valid standard rows read from it. */
  standards: z.number().int().min(0),
  /** Its refused rows (a refused file: the errors that refused it). */
  errors: z.number().int().min(0),
  /** Why it was skipped or refused. */
  reason: z.string().optional(),
});
export type ImportFileOutcome = z.infer<typeof importFileOutcome>;
