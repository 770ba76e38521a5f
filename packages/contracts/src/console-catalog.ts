import { z } from 'zod';
import { catalogColumnMapping, mappedColumn } from './catalog-column-mapping.ts';
import {
  CATALOG_IMPORT_KINDS,
  catalogImportError,
  importFileOutcome,
  importRowOutcome,
  importTotals,
} from './catalog-import.ts';
import { CONSOLE_BASE } from './console-paths.ts';

/*
 * The console's catalogue import: a CSV or NISO STS XML file, or a ZIP of STS files, uploaded as the request
 * body (`text/csv`, `application/xml` / `text/xml`, or `application/zip`), checked first (dry run: what each row would do, nothing
 * written), then applied. Applying a changed edition or status records the matching change event, whose
 * trackers are e-mailed.
 */

export const CONSOLE_CATALOG_PATHS = {
  importDryRun: `${CONSOLE_BASE}/stores/:code/catalog/imports/dry-run`,
  imports: `${CONSOLE_BASE}/stores/:code/catalog/imports`,
  /** The store's saved column mapping (GET, PUT). */
  importMapping: `${CONSOLE_BASE}/stores/:code/catalog/imports/mapping`,
  /** A CSV or XLSX file's headers, first rows and suggested mapping (the body is the file; nothing written). */
  importColumns: `${CONSOLE_BASE}/stores/:code/catalog/imports/columns`,
} as const;

/** What an XLSX upload (its first sheet) may hold: rows read, and bytes its parts unpack to. */
export const CATALOG_IMPORT_XLSX_LIMITS = { rows: 100_000, unpackedBytes: 128 * 1024 * 1024 } as const;
/** The first rows the columns answer shows, for the mapping step's preview. */
export const CATALOG_IMPORT_PREVIEW_ROWS = 5;

/**
 * The largest file an import takes (a larger upload is refused with 413, before it is read); for a ZIP, its
 * compressed bytes: what it inflates to is bounded by CATALOG_IMPORT_ZIP_LIMITS below.
 */
export const CATALOG_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * A ZIP batch of STS files: the limits, counted on the bytes actually inflated as they stream (never on the
 * sizes the archive's headers declare); passing one refuses the whole batch. The compressed archive itself is
 * at most CATALOG_IMPORT_MAX_BYTES, like any import file.
 */
export const CATALOG_IMPORT_ZIP_LIMITS = {
  /** Entries in the archive, directories and skipped files included. */
  entries: 20_000,
  /** Inflated bytes of one XML file. */
  fileBytes: 32 * 1024 * 1024,
  /** Inflated bytes of every XML file of the batch together. */
  totalBytes: 256 * 1024 * 1024,
} as const;
export type ZipImportLimits = { [K in keyof typeof CATALOG_IMPORT_ZIP_LIMITS]: number };

/** The outcomes of at most this many rows come in an answer (the totals count every row). */
export const CATALOG_IMPORT_ROWS_SHOWN = 1000;

export const catalogImportQuery = z
  .object({
    /** A CSV file's one kind of row, when it has no `kind` column. */
    kind: z.enum(CATALOG_IMPORT_KINDS).optional(),
    /** Apply the valid rows of a file that has refused rows (otherwise such a file applies nothing). */
    skipBadRows: z.enum(['true', 'false']).optional(),
    /** `saved`: read a CSV or XLSX file through the store's saved column mapping (PUT …/imports/mapping). */
    mapping: z.enum(['saved']).optional(),
  })
  .strict();

export const CATALOG_IMPORT_FORMATS = ['csv', 'sts', 'zip', 'xlsx'] as const;
export type CatalogImportFormat = (typeof CATALOG_IMPORT_FORMATS)[number];

/** A ZIP batch's outcome per entry, in the archive's order (directories, `__MACOSX/` and dot files left out). */
const batchFiles = z.array(importFileOutcome).optional();

export const catalogImportDryRunAnswer = z.object({
  format: z.enum(CATALOG_IMPORT_FORMATS),
  /** False: the file could not be read to its end (rows may be missing): it cannot be applied. */
  complete: z.boolean(),
  totals: importTotals,
  /** The first CATALOG_IMPORT_ROWS_SHOWN outcomes, refused rows first. */
  rows: z.array(importRowOutcome),
  rowsShown: z.number().int(),
  files: batchFiles,
  /** Records a column mapping left out, not refused: projects (a stage before 60.60), no published standard. */
  leftOut: z.number().int().optional(),
});

export const catalogImportAnswer = z.object({
  runId: z.string(),
  format: z.enum(CATALOG_IMPORT_FORMATS),
  outcome: z.enum(['applied', 'refused', 'failed']),
  /** Why it was refused or stopped, for people. */
  message: z.string().optional(),
  totals: importTotals,
  errors: z.array(catalogImportError),
  /** Change events recorded (new edition, withdrawal, reinstatement, work-item status), with their recipients. */
  events: z.number().int(),
  recipients: z.number().int(),
  files: batchFiles,
});

export const catalogImportRunAnswer = z.object({
  runs: z.array(
    z.object({
      id: z.string(),
      outcome: z.string(),
      totals: importTotals,
      startedAt: z.string(),
    }),
  ),
});

/** The store's saved column mapping; null: none saved yet. */
export const catalogMappingAnswer = z.object({
  mapping: catalogColumnMapping.nullable(),
  updatedAt: z.string().nullable(),
});
export type CatalogMappingAnswer = z.infer<typeof catalogMappingAnswer>;

/** A CSV or XLSX file's columns, for the mapping step. */
export const catalogImportColumnsAnswer = z.object({
  format: z.enum(['csv', 'xlsx']),
  headers: z.array(z.string()),
  /** The first CATALOG_IMPORT_PREVIEW_ROWS records, a cell per header. */
  rows: z.array(z.array(z.string())),
  /** True: the headers are the catalogue CSV's own (no mapping needed). */
  recognised: z.boolean(),
  /** The saved mapping's columns this file has, then loose name matches. */
  suggested: z.array(mappedColumn),
});
export type CatalogImportColumnsAnswer = z.infer<typeof catalogImportColumnsAnswer>;
