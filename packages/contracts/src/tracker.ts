import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { dueWithinMonthsQuery, reviewForecast } from './review-forecast-rules.ts';
import { APPLICATION_CODES, TRACKING_TYPES } from './tracker-paths.ts';

/**
 * The tracker service (spec §3, §4, §7, §9): every call's query, body and response. Base = the tenant's
 * `tracker-uri`. Every call needs `Authorization: Bearer <access token>` of the tenant's issuer; a `userId`
 * in the query or body must be the token's user (otherwise 403 and nothing is read or changed).
 * This file: the parameters and the tracked standards (the codes and paths: tracker-paths.ts);
 * tracker-sources.ts the content sources, the unsubscribe and the feature flags; catalog-search.ts finding a
 * standard to track.
 */

// The codes, the tracking types and the paths: tracker-paths.ts (no Zod: the first screen names them).
export const applicationCode = z.enum(APPLICATION_CODES);
export type ApplicationCode = z.infer<typeof applicationCode>;

export const trackingType = z.enum(TRACKING_TYPES);

/** The largest page a list call answers; spec §9's page sizes (10–50) are all inside it. */
export const MAX_PAGE_SIZE = 100;
/** How many ids one update or delete may name. */
export const MAX_IDS_PER_REQUEST = 100;

const EXAMPLE_USER_ID = '3f2b6c1e-8d4a-4c2e-9b7a-1f0e2d3c4b5a';

/** The user the call is about: the portal's `MAEUserID`, which is the signed-in user's id (users.id). */
export const userId = z.uuid().meta({
  description: "The signed-in user's id (the portal's MAEUserID). Must be the access token's user.",
  examples: [EXAMPLE_USER_ID],
});

/** spec §7: pageIndex is sent 1-based (the table's zero-based index plus 1). */
export const pageIndex = z.coerce
  .number()
  .int()
  .min(1)
  .max(1_000_000)
  .meta({ description: '1-based page number.', examples: [1] });
export const pageSize = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE_SIZE)
  .meta({ description: `Rows per page, 1–${MAX_PAGE_SIZE} (the portal offers 10–50).`, examples: [10] });

/** A tracked-standard id as it appears on the wire. */
export const contentTrackingId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const idText = /^[1-9]\d{0,15}$/;
const toIds = (parts: string[]) => [...new Set(parts.map(Number))];
/**
 * `contentTrackingIds` in a query: comma-separated ids (`1,2,3`), or the parameter repeated. At most
 * MAX_IDS_PER_REQUEST ids.
 */
export const contentTrackingIdsQuery = z
  .union([
    z.string().regex(/^[1-9]\d{0,15}(,[1-9]\d{0,15})*$/, 'must be comma-separated positive integer ids'),
    z.array(z.string().regex(idText, 'must be a positive integer id')).min(1),
  ])
  .transform((v) => toIds(Array.isArray(v) ? v : v.split(',')))
  .refine((ids) => ids.length <= MAX_IDS_PER_REQUEST, `at most ${MAX_IDS_PER_REQUEST} ids`)
  .meta({ description: 'Comma-separated tracked-standard ids.', examples: ['101,102'] });

/** The standard a tracked row is about (spec §3 "Tracked content row" content{…}). */
export const trackedContent = z.object({
  contentTitle: z.string(),
  /** The title in other languages, by language tag, where the catalogue has them (`titleIn` picks one). */
  contentTitles: z.record(z.string(), z.string()).optional(),
  contentCode: z.string(),
  displayDesignation: z.string(),
  assetId: z.string(),
});

/** spec §3 "Tracked content row". `id` repeats contentTrackingId (the spec's other reading names both). */
export const contentTrackingRow = z
  .object({
    id: contentTrackingId,
    contentTrackingId,
    /** true when e-mails for this standard are switched off (the switch shows "on" when this is false). */
    contentTrackingOff: z.boolean(),
    content: trackedContent,
    data: z.object({
      /** The publisher's name, as the table shows it. */
      publisher: z.string(),
      publisherCode: z.string(),
    }),
    /** When the user started tracking it (ISO 8601). The list is newest first. */
    createdAt: z.string(),
    /** When its next review is forecast under the store's rule for its publisher; null: none (withdrawn, no rule). */
    reviewForecast: reviewForecast.nullable().optional(),
  })
  .meta({
    examples: [
      {
        id: 101,
        contentTrackingId: 101,
        contentTrackingOff: false,
        content: {
          contentTitle: 'Standard Test Method for Tensile Properties of Plastics',
          contentCode: 'PUB1-D0638-2022',
          displayDesignation: 'D638-22',
          assetId: 'd638-22',
        },
        data: { publisher: 'First Publisher', publisherCode: 'PUB1' },
        createdAt: '2025-03-01T09:30:00.000Z',
      },
    ],
  });
export type ContentTrackingRow = z.infer<typeof contentTrackingRow>;

// ---------------------------------------------------------------------------------------------------------
// GET get-user-content-tracking-data

export const listContentTrackingsQuery = z.object({
  userId,
  pageIndex: pageIndex.default(1),
  pageSize: pageSize.default(10),
  dueWithinMonths: dueWithinMonthsQuery.optional(),
});
export type ListContentTrackingsQuery = z.infer<typeof listContentTrackingsQuery>;

/** spec §3 "Paged response": the rows at trackingData.contentTrackings, with totalElements. */
export const contentTrackingPage = z.object({
  trackingData: z.object({
    contentTrackings: z.array(contentTrackingRow),
    /** All the user's tracked standards, not just this page. A page past the end is empty but keeps this. */
    totalElements: z.number().int().min(0),
    totalPages: z.number().int().min(0),
    pageIndex: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  }),
});
export type ContentTrackingPage = z.infer<typeof contentTrackingPage>;
export const listContentTrackingsResponse = successEnvelope(contentTrackingPage);

// ---------------------------------------------------------------------------------------------------------
// PUT update-tracker

export const updateTrackerQuery = z.object({ contentTrackingIds: contentTrackingIdsQuery });
/**
 * spec §4 "Tracked standard": the portal sends the row's CURRENT off-state as `active` and optimistically
 * shows `contentTrackingOff = !active`. The server applies exactly that: every named row becomes
 * `contentTrackingOff = !active` (so `active: true` switches tracking on, `active: false` switches it off).
 * It is a set, not a toggle: repeating a call changes nothing more.
 */
export const updateTrackerBody = z.object({
  active: z.boolean().meta({
    description:
      'The new state is contentTrackingOff = !active (spec §4: the portal sends the current off-state). ' +
      'true switches e-mails for these standards on, false switches them off.',
    examples: [true],
  }),
  userId: userId.optional(),
  pageIndex: pageIndex.optional(),
  pageSize: pageSize.optional(),
});
export type UpdateTrackerBody = z.infer<typeof updateTrackerBody>;
export const updateTrackerResult = z.object({
  contentTrackings: z.array(z.object({ contentTrackingId, contentTrackingOff: z.boolean() })),
});
export const updateTrackerResponse = successEnvelope(updateTrackerResult);

// ---------------------------------------------------------------------------------------------------------
// DELETE delete-tracker

export const deleteTrackerQuery = z.object({ contentTrackingIds: contentTrackingIdsQuery.optional() });
/** spec §7's body form: the ids as an array (or a comma-separated string), with the user and page. */
export const deleteTrackerBody = z
  .object({
    contentTrackingIds: z
      .union([z.array(contentTrackingId).min(1).max(MAX_IDS_PER_REQUEST), contentTrackingIdsQuery])
      .optional(),
    userId: userId.optional(),
    pageIndex: pageIndex.optional(),
    pageSize: pageSize.optional(),
  })
  .nullish();
export const deleteTrackerResult = z.object({ deletedContentTrackingIds: z.array(contentTrackingId) });
export const deleteTrackerResponse = successEnvelope(deleteTrackerResult);

// ---------------------------------------------------------------------------------------------------------
// POST create-tracker (beyond the spec: how a standard gets onto the list)

export const createTrackerBody = z
  .object({
    assetId: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ examples: ['d638-22'] }),
    contentCode: z.string().min(1).max(200).optional(),
    userId: userId.optional(),
  })
  .refine((b) => (b.assetId === undefined) !== (b.contentCode === undefined), {
    message: 'give exactly one of assetId or contentCode',
  });
export type CreateTrackerBody = z.infer<typeof createTrackerBody>;
export const createTrackerResult = z.object({
  /** false when the standard was already tracked: no second row is made. */
  created: z.boolean(),
  contentTracking: contentTrackingRow,
});
export const createTrackerResponse = successEnvelope(createTrackerResult);
