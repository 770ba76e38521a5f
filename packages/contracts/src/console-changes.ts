import { z } from 'zod';
import { storeCodeParams } from './console.ts';
import {
  CATALOG_EVENT_SOURCES,
  CATALOG_PUBLISHER_CLIENT_PREFIX,
  catalogEvent,
  catalogEventResult,
} from './notifications.ts';
import { safeText } from './safe-values.ts';

/*
 * The console's changes and deliveries: publish a catalogue change (the publisher feed's
 * event contract, one event), preview whom it would e-mail, and follow its deliveries.
 */

const rowId = z.string().regex(/^[1-9][0-9]{0,17}$/);

/** One catalogue change event, of any of the nine kinds the publisher feed takes (the same contract). */
export const consoleChangeEvent = catalogEvent;

/** How many of the recipients each kind of source matched (a user matched by two counts in both). */
export const recipientsBySource = z.object({
  standard: z.number().int(),
  committee: z.number().int(),
  industryArea: z.number().int(),
  publisher: z.number().int(),
  workItem: z.number().int(),
});

/** What publishing the event would do; nothing was written. */
export const consoleChangePreview = z.object({
  id: z.string(),
  /** `duplicate`: this event id was published before, publishing it again e-mails no one. */
  outcome: z.enum(['would_apply', 'duplicate']),
  /** Users who would be e-mailed (the dispatch's matching rules, unsubscribes left out). */
  recipients: z.number().int(),
  bySource: recipientsBySource,
  /** "N users will be e-mailed", for the console to show as is. */
  summary: z.string(),
});
export type ConsoleChangePreview = z.infer<typeof consoleChangePreview>;

/** The published event: applied now (and e-mailed), or a duplicate of an event id published before. */
export const consoleChangePublished = catalogEventResult;

export const consoleChangesQuery = z
  .object({
    /** The `nextCursor` of the previous page. */
    cursor: rowId.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const consoleChange = z.object({
  /** The change's id in this store (for retry). */
  id: z.string(),
  publisherEventId: z.string(),
  kind: z.string(),
  /** Where it came from: the publisher API, the command line, a catalogue import or the console. */
  source: z.enum(CATALOG_EVENT_SOURCES),
  recordedAt: z.string(),
  matched: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  /** Matched users who have unsubscribed from tracker e-mails since. */
  unsubscribed: z.number().int(),
  /** The SMTP replies of the failed deliveries, most frequent first. */
  failureReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export const consoleChangePage = z.object({
  changes: z.array(consoleChange),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});

const day = z.iso.date();
/** A span of UTC days, at most 366. */
export const consoleDailyQuery = z
  .object({ from: day, to: day })
  .strict()
  .refine((q) => q.from <= q.to, { message: 'must not be before `from`', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 365 * 86_400_000, {
    message: 'at most 366 days',
    path: ['to'],
  });
export const consoleDailyDeliveries = z.object({
  days: z.array(z.object({ day: z.string(), sent: z.number().int(), failed: z.number().int() })),
});

export const changeParams = storeCodeParams.extend({ id: rowId });
export const deliveryParams = storeCodeParams.extend({ deliveryId: rowId });

export const consoleRetryAnswer = z.object({
  id: z.string(),
  /** Failed deliveries put back in the outbox by this call (0 when there were none left). */
  requeued: z.number().int(),
});

/** One change's deliveries, oldest first, `limit` after the cursor (a delivery id). */
export const consoleChangeDeliveriesQuery = consoleChangesQuery;

/** One delivery of a change: to whom, where it stands, and whether its e-mail was kept (to open it). */
export const consoleChangeDelivery = z.object({
  /** The delivery's id (for `deliveries/:deliveryId/message`). */
  id: z.string(),
  recipient: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  /** The SMTP reply of the last failed attempt. */
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** The e-mail as sent is stored (sent since migration 0012). */
  hasMessage: z.boolean(),
});
export const consoleChangeDeliveryPage = z.object({
  deliveries: z.array(consoleChangeDelivery),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});

export const consoleDeliveryMessage = z.object({
  deliveryId: z.string(),
  changeId: z.string(),
  messageId: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** The whole MIME message handed to SMTP (headers, DKIM signature, body), exactly as sent. */
  mime: z.string(),
  /**
   * The message's HTML part on its own URL (storeDeliveryMessageHtml) with a signed `view` token for this
   * caller, this store and this delivery, valid until `htmlUrlExpiresAt`: a frame's `src`, which cannot send
   * the bearer token. The page it serves has its own CSP, so the e-mail's own styles and images show.
   */
  htmlUrl: z.string(),
  htmlUrlExpiresAt: z.string(),
});

/**
 * GET …/message.html: `view`, the signed token of a message's `htmlUrl`, stands in for the bearer token (the
 * caller's roles are still read on the call). Without it the bearer token is required, as on every route.
 */
export const consoleMessageHtmlQuery = z.object({ view: z.string().max(200).optional() }).strict();

/** A client-credentials client of the store's embedded identity provider, scope `catalog.changes`. */
export const consolePublisherClient = z.object({ clientId: z.string(), label: z.string() });
export const consolePublisherClientList = z.object({ clients: z.array(consolePublisherClient) });
export const consolePublisherClientCreate = z.object({ label: safeText(100).min(1) }).strict();
/** The new client with its secret, shown this once: only its SHA-256 is stored. */
export const consolePublisherClientCreated = consolePublisherClient.extend({
  clientSecret: z.string(),
  /** Where the publisher asks for a token (HTTP Basic, grant_type=client_credentials, scope=catalog.changes). */
  tokenUrl: z.string(),
});
export const publisherClientParams = storeCodeParams.extend({
  clientId: z
    .string()
    .max(80)
    .regex(new RegExp(`^${CATALOG_PUBLISHER_CLIENT_PREFIX}[A-Za-z0-9_-]{1,40}$`)),
});
