import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { CATALOG_EVENT_KINDS } from './notifications.ts';

/**
 * The tracker page shows the edition history of a standard: every recorded change of one
 * standard of the store, newest first, with old → new and the publisher's summary and comparison link.
 * Its path and limit are in standard-history-paths.ts (zod-free, for the portal's lazy dialog).
 */
export const standardHistoryQuery = z
  .object({
    assetId: z.string().trim().min(1).max(64).meta({ description: "The standard's store page id." }),
  })
  .strict();

export const standardHistoryEntry = z.object({
  kind: z.enum(CATALOG_EVENT_KINDS),
  /** When the change took effect at the publisher (ISO 8601). */
  occurredAt: z.string(),
  designation: z.string(),
  oldDesignation: z.string().nullable(),
  edition: z.string().nullable(),
  status: z.string(),
  oldStatus: z.string().nullable(),
  /** The release date the change gave (YYYY-MM-DD). */
  date: z.string().nullable(),
  summary: z.string().nullable(),
  compareUrl: z.string().nullable(),
  note: z.string().nullable(),
  /** A replacement this change recorded: the replaced standard's and its successor's designations. */
  successor: z.object({ from: z.string(), to: z.string() }).nullable().optional(),
});
export type StandardHistoryEntry = z.infer<typeof standardHistoryEntry>;

export const standardHistory = z.object({
  standard: z.object({
    assetId: z.string(),
    designation: z.string(),
    title: z.string(),
    status: z.string(),
    edition: z.string(),
    publishedOn: z.string(),
  }),
  entries: z.array(standardHistoryEntry),
});
export type StandardHistory = z.infer<typeof standardHistory>;

export const standardHistoryResponse = successEnvelope(standardHistory);
