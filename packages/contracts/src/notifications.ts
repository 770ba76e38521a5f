import { z } from 'zod';
import { absoluteUrl, safeText } from './safe-values.ts';

/**
 * Change notifications: the publisher's change feed (`POST /api/catalog/v1/changes` and
 * `npm run catalog:changes`), its answer, and the delivery log.
 */

export const CATALOG_CHANGES_PATH = '/api/catalog/v1/changes';
export const NOTIFICATION_DELIVERIES_PATH = '/api/notifications/v1/deliveries';
export const UNSUBSCRIBE_PATH = '/notifications/unsubscribe';

/**
 * The change feed's OAuth 2.0 alternative to an API key: a publisher client of the tenant's identity
 * provider gets an access token with the client_credentials grant and this scope.
 */
export const CATALOG_CHANGES_SCOPE = 'catalog.changes';
/** Client ids of publisher clients start with this (`npm run catalog:changes -- --create-client`). */
export const CATALOG_PUBLISHER_CLIENT_PREFIX = 'catalog-publisher-';
export const isCatalogPublisherClientId = (clientId: string | undefined) =>
  typeof clientId === 'string' && clientId.startsWith(CATALOG_PUBLISHER_CLIENT_PREFIX);

const code = z.string().trim().min(1).max(64);
const text = z.string().trim().min(1).max(500);
const isoDate = z.iso.date();

export const STANDARD_STATUSES = ['active', 'withdrawn', 'historical'] as const;
export const WORK_ITEM_STATUSES = ['proposed', 'in_ballot', 'approved', 'published', 'withdrawn'] as const;

/** Fields every event carries: the publisher's own id (the idempotency key) and when it happened. */
const base = {
  /** The publisher's event id: a second event with the same id in the same tenant is a duplicate. */
  id: z.string().trim().min(1).max(200),
  /** When the change took effect at the publisher (ISO 8601). Defaults to now. */
  occurredAt: z.iso.datetime({ offset: true }).optional(),
  /** What changed, in the publisher's words: shown in the e-mail and the in-app list. */
  summary: safeText(1000, { multiline: true })
    .refine((s) => s.trim().length > 0, 'must not be blank')
    .optional(),
  /** Where the reader can compare the versions (a redline): an absolute http(s) URL. */
  compareUrl: absoluteUrl.optional(),
};

/**
 * Which standard an event is about: its content code, the store page id, or its designation as people write
 * it ("ISO 22337", "ASTM D6385-22"), read by the one designation rule (designation-key.ts), the exact
 * designation first; a designation naming several standards equally is rejected (`ambiguous_standard`).
 */
const standardRef = z.union([
  z.object({ contentCode: code }),
  z.object({ assetId: code }),
  z.object({ designation: code }),
]);
export type StandardRef = z.infer<typeof standardRef>;

const newStandard = z.object({
  ...base,
  type: z.literal('new_standard'),
  standard: z.object({
    assetId: code,
    contentCode: code,
    designation: code,
    title: text,
    publisherCode: code,
    committeeDesignation: code,
    edition: code,
    publishedOn: isoDate,
    industryAreas: z.array(code).max(20).default([]),
  }),
  /**
   * The standard this one replaces: it becomes `historical`, and its trackers are told and
   * may follow this one (automatically, or from the e-mail's button).
   */
  replaces: standardRef.optional(),
});

/** A new edition or revision: the designation changes (D638-14 → D638-22). */
const newEdition = z.object({
  ...base,
  type: z.literal('new_edition'),
  standard: standardRef,
  designation: code,
  edition: code,
  publishedOn: isoDate,
  title: text.optional(),
});

/** Amendment, editorial change, reaffirmation: the designation may gain a suffix (D638-22a, D638-22e1). */
const designationChange = (type: 'amendment' | 'editorial_change' | 'reaffirmation') =>
  z.object({
    ...base,
    type: z.literal(type),
    standard: standardRef,
    designation: code.optional(),
    publishedOn: isoDate.optional(),
    note: text.optional(),
  });

const statusChange = <T extends 'withdrawal' | 'reinstatement'>(type: T) =>
  z.object({ ...base, type: z.literal(type), standard: standardRef, note: text.optional() });

/** A withdrawal may name the standard that replaces it: its trackers may follow that one. */
const withdrawal = statusChange('withdrawal').extend({ replacedBy: standardRef.optional() });

const newWorkItem = z.object({
  ...base,
  type: z.literal('new_work_item'),
  workItem: z.object({
    workItemNumber: code,
    title: text,
    committeeDesignation: code,
    status: z.enum(WORK_ITEM_STATUSES).default('proposed'),
    createdOn: isoDate,
  }),
});

const workItemStatusChange = z.object({
  ...base,
  type: z.literal('work_item_status_change'),
  workItemNumber: code,
  status: z.enum(WORK_ITEM_STATUSES),
});

export const catalogEvent = z.discriminatedUnion('type', [
  newStandard,
  newEdition,
  designationChange('amendment'),
  designationChange('editorial_change'),
  designationChange('reaffirmation'),
  withdrawal,
  statusChange('reinstatement'),
  newWorkItem,
  workItemStatusChange,
]);
export type CatalogEvent = z.infer<typeof catalogEvent>;
export type CatalogEventKind = CatalogEvent['type'];
export const CATALOG_EVENT_KINDS = [
  'new_standard',
  'new_edition',
  'amendment',
  'editorial_change',
  'reaffirmation',
  'withdrawal',
  'reinstatement',
  'new_work_item',
  'work_item_status_change',
] as const satisfies readonly CatalogEventKind[];

/**
 * Where a recorded change came from: the publisher API (`api`, an API key or a client-credentials client),
 * the command line (`cli`: `npm run catalog:changes`, `demo:changes`), a catalogue import (`import`), or the
 * console (`console`: published from its Changes screen, or a standard edited there).
 */
export const CATALOG_EVENT_SOURCES = ['api', 'cli', 'import', 'console'] as const;
export type CatalogEventSource = (typeof CATALOG_EVENT_SOURCES)[number];
/** The sources that publish events (the feed's contract); imports and console edits record theirs as applied. */
export type PublishingSource = Exclude<CatalogEventSource, 'import'>;

/** At most 1,000 events per call; ids must be unique within the batch. */
export const catalogChangesRequest = z
  .object({ events: z.array(catalogEvent).min(1).max(1000) })
  .refine((b) => new Set(b.events.map((e) => e.id)).size === b.events.length, {
    message: 'event ids must be unique within a batch',
    path: ['events'],
  });
export type CatalogChangesRequest = z.infer<typeof catalogChangesRequest>;

/** What happened to one event: applied now, already applied before (duplicate id), or refused. */
export const catalogEventResult = z.object({
  id: z.string(),
  outcome: z.enum(['applied', 'duplicate', 'rejected']),
  /** Stable id of the refusal: unknown_standard, unknown_work_item, unknown_committee, … */
  error: z.string().optional(),
  message: z.string().optional(),
  /** How many users this event will e-mail (applied only). */
  recipients: z.number().int().optional(),
});
export type CatalogEventResult = z.infer<typeof catalogEventResult>;

export const catalogChangesResponse = z.object({
  status: z.literal('200'),
  applied: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  results: z.array(catalogEventResult),
});
export type CatalogChangesResponse = z.infer<typeof catalogChangesResponse>;

/** Why a user got an e-mail: one entry per matching rule. */
export const notificationReason = z.object({
  /** ADOPTION: the user tracks `value`, a standard that adopts the changed one (DIN EN ISO 13849-1 of ISO 13849-1). */
  /** CITATION: the user tracks `value` (or its committee, area or publisher), which cites the changed one. */
  /** REVIEW: `value` is an organisation list holding the standard; its review of this change is the reader's. */
  type: z.enum([
    'STANDARD',
    'COMMITTEE',
    'INDUSTRYAREA',
    'PUBLISHERS',
    'WORKITEM',
    'ADOPTION',
    'CITATION',
    'REVIEW',
  ]),
  value: z.string(),
  /** CITATION: the reference as `value` writes it ("IEC 62061", "ISO 12100-1:2003"). */
  cited: z.string().optional(),
  /** CITATION: a dated reference (only that edition applies); undated, the latest edition applies. */
  dated: z.boolean().optional(),
  /** CITATION: an informative reference (the bibliography), told only to those who chose it. */
  informative: z.boolean().optional(),
  /** REVIEW: the review's id, its organisation and due date; `stage` says why it is in the centre. */
  reviewId: z.string().optional(),
  organisationId: z.string().optional(),
  dueAt: z.string().optional(),
  stage: z.enum(['opened', 'reminder', 'overdue']).optional(),
});
export type NotificationReason = z.infer<typeof notificationReason>;

/** What the e-mail shows about a change (recorded with the event as `catalog_events.change`). */
export interface NotificationChange {
  kind: CatalogEventKind;
  standard?: {
    assetId: string;
    title: string;
    /** The title in other languages, where the catalogue has them (`changeTitleIn` picks the reader's). */
    titles?: Record<string, string>;
    /** Null: the standard belongs to no committee (real STS files often leave `comm-ref` empty). */
    committee: string | null;
    publisher: string;
    /** Set when the designation changed (D638-14 → D638-22). */
    oldDesignation: string | null;
    designation: string;
    /** Set when the status changed (active → withdrawn). */
    oldStatus: string | null;
    status: string;
    edition: string;
    date: string;
  };
  workItem?: {
    number: string;
    title: string;
    committee: string;
    oldStatus: string | null;
    status: string;
  };
  note?: string;
  /** The publisher's summary of what changed. */
  summary?: string;
  /** A link to a comparison of the versions. */
  compareUrl?: string;
  /** The standard replaced and its successor (a new standard that replaces, a withdrawal replaced by). */
  successor?: StandardSuccession;
}

/** One standard replaced by another, as the e-mail, the confirm page and the in-app list name them. */
export interface StandardSuccession {
  /** The replaced standard; its edition and publication date when recorded (changes since these were added). */
  from: { assetId: string; designation: string; edition?: string; date?: string };
  to: { assetId: string; designation: string };
}

/** The summary and comparison link an event carries, as the change records them (absent when not given). */
export function whatChangedOf(event: { summary?: string | undefined; compareUrl?: string | undefined }): {
  summary?: string;
  compareUrl?: string;
} {
  return {
    ...(event.summary?.trim() ? { summary: event.summary.trim() } : {}),
    ...(event.compareUrl ? { compareUrl: event.compareUrl } : {}),
  };
}

export const deliveryStatus = z.enum(['pending', 'sent', 'failed']);

export const notificationDelivery = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  publisherEventId: z.string(),
  kind: z.enum(CATALOG_EVENT_KINDS),
  userId: z.string(),
  reasons: z.array(notificationReason),
  status: deliveryStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  messageId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type NotificationDelivery = z.infer<typeof notificationDelivery>;

/** The delivery log: filter by user or by (publisher) event id. */
export const deliveriesQuery = z.object({
  userId: z.uuid().optional(),
  eventId: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const deliveriesResponse = z.object({ deliveries: z.array(notificationDelivery) });
