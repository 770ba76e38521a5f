import { z } from 'zod';
import {
  CATALOG_IMPORT_KINDS,
  catalogImportError,
  importRowOutcome,
  importTotals,
} from './catalog-import.ts';
import { CONSOLE_BASE } from './console-paths.ts';

/*
 * The console's catalogue import: a CSV or NISO STS XML file uploaded as the request body
 * (`text/csv`, or `application/xml` / `text/xml`), checked first (dry run: what each row would do, nothing
 * written), then applied. Applying a changed edition or status records the matching change event, whose
 * trackers are e-mailed.
 */

export const CONSOLE_CATALOG_PATHS = {
  importDryRun: `${CONSOLE_BASE}/stores/:code/catalog/imports/dry-run`,
  imports: `${CONSOLE_BASE}/stores/:code/catalog/imports`,
} as const;

/** The largest file an import takes (a larger upload is refused with 413, before it is read). */
export const CATALOG_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The outcomes of at most this many rows come in an answer (the totals count every row). */
export const CATALOG_IMPORT_ROWS_SHOWN = 1000;

export const catalogImportQuery = z
  .object({
    /** A CSV file's one kind of row, when it has no `kind` column. */
    kind: z.enum(CATALOG_IMPORT_KINDS).optional(),
    /** Apply the valid rows of a file that has refused rows (otherwise such a file applies nothing). */
    skipBadRows: z.enum(['true', 'false']).optional(),
  })
  .strict();

export const catalogImportDryRunAnswer = z.object({
  format: z.enum(['csv', 'sts']),
  /** False: the file could not be read to its end (rows may be missing): it cannot be applied. */
  complete: z.boolean(),
  totals: importTotals,
  /** The first CATALOG_IMPORT_ROWS_SHOWN outcomes, refused rows first. */
  rows: z.array(importRowOutcome),
  rowsShown: z.number().int(),
});

export const catalogImportAnswer = z.object({
  runId: z.string(),
  format: z.enum(['csv', 'sts']),
  outcome: z.enum(['applied', 'refused', 'failed']),
  /** Why it was refused or stopped, for people. */
  message: z.string().optional(),
  totals: importTotals,
  errors: z.array(catalogImportError),
  /** Change events recorded (new edition, withdrawal, reinstatement, work-item status), with their recipients. */
  events: z.number().int(),
  recipients: z.number().int(),
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
