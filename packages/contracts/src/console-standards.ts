import { z } from 'zod';
import { importStandard } from './catalog-import.ts';
import { storeCodeParams } from './console.ts';
import { CONSOLE_BASE } from './console-paths.ts';
import { CATALOG_EVENT_KINDS, STANDARD_STATUSES } from './notifications.ts';

/*
 * The console's catalogue browser: a store's standards searched and paged, one read whole,
 * and edited. An edit is checked by the very rules of an imported standard row (`importStandard`), and one
 * that changes the edition or the status records the change event an import would (trackers are e-mailed).
 */

export const CONSOLE_STANDARD_PATHS = {
  standards: `${CONSOLE_BASE}/stores/:code/catalog/standards`,
  standard: `${CONSOLE_BASE}/stores/:code/catalog/standards/:contentCode`,
} as const;

/** The page size of the standards list: at most, and by default. */
export const CONSOLE_STANDARDS_PAGE = { max: 200, default: 50 } as const;

/** The orders the standards list offers; `-` before one: descending. Ties go by designation, then row. */
export const CONSOLE_STANDARD_SORT_KEYS = ['designation', 'title', 'publishedOn', 'status'] as const;
export type ConsoleStandardSortKey = (typeof CONSOLE_STANDARD_SORT_KEYS)[number];
const SORTS = CONSOLE_STANDARD_SORT_KEYS.flatMap((key) => [key, `-${key}`] as const);

export const consoleStandardsQuery = z
  .object({
    /** A designation or content code prefix, or title words; none: every standard. */
    q: z.string().trim().max(200).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(CONSOLE_STANDARDS_PAGE.max)
      .default(CONSOLE_STANDARDS_PAGE.default),
    /** The `nextCursor` of the previous page. */
    cursor: z
      .string()
      .max(400)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
    /** The order (default `designation`); with any other, page by `page`, not by cursor. */
    sort: z.enum(SORTS).default('designation'),
    /** A numbered page (1 = first): the answer then says the `total`. Past the last page: 400. */
    page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  })
  .strict()
  .refine((query) => query.cursor === undefined || query.page === undefined, {
    message: 'a cursor and a page number exclude each other',
    path: ['page'],
  })
  .refine((query) => query.cursor === undefined || query.sort === 'designation', {
    message: 'a cursor pages the designation order only; use page for another order',
    path: ['cursor'],
  });
export type ConsoleStandardsQuery = z.infer<typeof consoleStandardsQuery>;

export const consoleStandardParams = storeCodeParams.extend({
  contentCode: importStandard.shape.contentCode,
});

export const consoleStandard = z.object({
  contentCode: z.string(),
  assetId: z.string(),
  designation: z.string(),
  title: z.string(),
  status: z.enum(STANDARD_STATUSES),
  edition: z.string(),
  /** Release date, YYYY-MM-DD. */
  publishedOn: z.string(),
  /** Null: the standard belongs to no committee (a catalogue file may leave it out). */
  committee: z.object({ designation: z.string(), title: z.string() }).nullable(),
  publisher: z.object({ code: z.string(), name: z.string() }),
  /**
   * The areas the standard belongs to (as event matching reads them): those its catalogue row names, and those
   * its ICS codes fall under by the store's ICS mapping, `derived` (not named by the file).
   */
  industryAreas: z.array(z.object({ marketingCode: z.string(), name: z.string(), derived: z.boolean() })),
  icsCodes: z.array(z.string()),
});
export type ConsoleStandard = z.infer<typeof consoleStandard>;

export const consoleStandardPage = z.object({
  standards: z.array(consoleStandard),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
  /** With `page`: every standard that matches (the page count is total ÷ limit). */
  total: z.number().int().optional(),
});

/** The fields an edit may change, each checked as in an imported row; at least one. */
const s = importStandard.shape;
export const consoleStandardPatch = z
  .object({
    title: s.title.optional(),
    status: s.status.optional(),
    edition: s.edition.optional(),
    publishedOn: s.publishedOn.optional(),
    committeeDesignation: s.committeeDesignation.optional(),
    icsCodes: s.icsCodes.unwrap().optional(),
  })
  .strict()
  .refine((p) => Object.keys(p).length > 0, 'name at least one field to change');
export type ConsoleStandardPatch = z.infer<typeof consoleStandardPatch>;

export const consoleStandardEdited = z.object({
  standard: consoleStandard,
  /** The fields that changed (old → new); empty when the edit changed nothing. */
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  /** The catalogue change event the edit recorded (edition or status changed), whose trackers are e-mailed. */
  event: z
    .object({ id: z.string(), kind: z.enum(CATALOG_EVENT_KINDS), recipients: z.number().int() })
    .nullable(),
});
