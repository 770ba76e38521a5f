import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { language } from './language-schema.ts';
import { LIST_EXPORT_FORMATS, LIST_IMPORT_MAX_COLUMNS, LIST_IMPORT_MAX_ROWS } from './list-io-paths.ts';

/**
 * Bring and take your list: the import's report and track call, the export's query. Paths,
 * limits and file types in list-io-paths.ts (zod-free); the matching rule in designation-match.ts.
 */
export const listImportPreviewQuery = z
  .object({
    column: z.coerce
      .number()
      .int()
      .min(0)
      .max(LIST_IMPORT_MAX_COLUMNS - 1)
      .optional()
      .meta({ description: 'The 0-based column holding designations; guessed from the header when absent.' }),
  })
  .strict();

export const listImportStandard = z.object({
  assetId: z.string(),
  designation: z.string(),
  title: z.string(),
  edition: z.string(),
  status: z.string(),
});
export type ListImportStandard = z.infer<typeof listImportStandard>;

export const LIST_IMPORT_OUTCOMES = ['matched', 'ambiguous', 'not_found', 'already_tracked'] as const;
export type ListImportOutcome = (typeof LIST_IMPORT_OUTCOMES)[number];

export const listImportRow = z.object({
  /** The row's number in the file (the header is row 1). */
  row: z.number().int().min(2),
  /** The cell as read (control characters removed, at most 200 characters). */
  value: z.string(),
  outcome: z.enum(LIST_IMPORT_OUTCOMES),
  /** matched and already_tracked: the standard. */
  standard: listImportStandard.optional(),
  /** ambiguous: the standards the cell could mean, for the user to choose. */
  candidates: z.array(listImportStandard).optional(),
});
export type ListImportRow = z.infer<typeof listImportRow>;

export const listImportReport = z.object({
  format: z.enum(LIST_EXPORT_FORMATS),
  /** The header's cells (column names). */
  columns: z.array(z.string()),
  /** The column read (the query's, or the guess). */
  column: z.number().int().min(0),
  totals: z.object({
    rows: z.number().int().min(0),
    matched: z.number().int().min(0),
    ambiguous: z.number().int().min(0),
    notFound: z.number().int().min(0),
    alreadyTracked: z.number().int().min(0),
    /** Rows whose cell is empty (not counted as not found). */
    empty: z.number().int().min(0),
    /** Rows naming a standard an earlier row already matched (left out of `rows`). */
    duplicates: z.number().int().min(0),
  }),
  /** One entry per non-empty row, in file order, except duplicates (a standard an earlier row matched). */
  rows: z.array(listImportRow),
});
export type ListImportReport = z.infer<typeof listImportReport>;
export const listImportPreviewResponse = successEnvelope(listImportReport);

export const listImportTrackBody = z
  .object({
    assetIds: z
      .array(z.string().trim().min(1).max(64))
      .min(1)
      .max(LIST_IMPORT_MAX_ROWS)
      .meta({ description: 'The standards to track (store page ids), as the report gave them.' }),
  })
  .strict();

export const listImportTrackResponse = successEnvelope(
  z.object({
    /** How many became tracked now. */
    tracked: z.number().int().min(0),
    /** How many were tracked already (nothing changed for them). */
    alreadyTracked: z.number().int().min(0),
  }),
);

export const listExportQuery = z
  .object({
    format: z.enum(LIST_EXPORT_FORMATS).default('csv'),
    /** The language the reader is looking at: titles in it where the catalogue has them (contracts `titleIn`). */
    lang: language.optional().meta({
      description:
        "The reader's language (the portal's): each title in it where the catalogue has one, else the main title. " +
        "Unset: the user's preferred language, else the store's default.",
    }),
  })
  .strict();
