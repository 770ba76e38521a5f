import {
  type CatalogEvent,
  type CatalogEventKind,
  type CatalogEventResult,
  type CatalogEventSource,
  type NotificationChange,
  type PublishingSource,
  whatChangedOf,
} from '@trackwell/contracts';
import type { DatabaseHandle, SqlExecutor, Transaction } from '../client.ts';
import { applyToCatalogue, CatalogEventError } from './catalog-changes.ts';
import {
  countEventRecipientsBySource,
  type MatchingRules,
  matchEventRecipients,
  matchEventsRecipients,
  NO_RECIPIENTS,
  type RecipientsBySource,
} from './event-matching.ts';
import { queueListRecipientMails } from './organisation-list-recipients.ts';
import { followSuccessorsAutomatically, recordSuccessions } from './standard-successors.ts';
import { queueEventsWebhookMessages, queueWebhookMessages } from './webhooks.ts';

/**
 * Applies publisher change events to a tenant's catalogue, records each once (by the publisher's event
 * id) and, in the SAME transaction, matches it to the users it concerns and writes their outbox rows
 * (`notification_deliveries`). An event either leaves all three or none: a crash cannot apply a change
 * and lose its e-mails, and a replayed event id applies nothing twice.
 * The catalogue side is catalog-changes.ts, the matching event-matching.ts.
 */

/** What the e-mail shows about a change. */
export type EventChange = NotificationChange;

export interface AppliedEvent {
  result: CatalogEventResult;
  /** The recorded event's id, when applied now. */
  eventId?: number;
  /** Webhook messages written for it (store endpoints, and the matched users' endpoints). */
  webhooks?: number;
}

/**
 * Applies one event in one transaction: records it (idempotent by publisher event id), changes the
 * catalogue, matches recipients and writes their outbox rows. A refused event (unknown standard, …) rolls
 * back entirely and is reported, not thrown.
 */
export async function applyCatalogEvent(
  db: DatabaseHandle,
  tenantId: string,
  event: CatalogEvent,
  options: { source: PublishingSource; rules: MatchingRules },
): Promise<AppliedEvent> {
  try {
    return await db.transaction((tx) => recordAndApply(tx, tenantId, event, options));
  } catch (error) {
    return refusal(event, error);
  }
}

/** A change an import made to the catalogue (already applied), to record as an event. */
export interface ImportedChange {
  /** Unique per tenant: `<source>:<run id>:<kind>:<key>`. */
  publisherEventId: string;
  /** An import run's, or the console's for a standard edited there. */
  source: Extract<CatalogEventSource, 'import' | 'console'>;
  kind: CatalogEventKind;
  standardId?: number;
  workItemId?: number;
  /** What the import row said (recorded as the event's payload). */
  payload: Record<string, unknown>;
  change: NotificationChange;
  /** A standard replaced (a withdrawal with `replaced_by`): the pair is recorded as a publish records it. */
  succession?: { standardId: number; successorId: number };
}

/**
 * Records changes a catalogue import applied, inside the import's transaction (with the change's source), and
 * matches them to their recipients as a published event is (event-matching.ts; one statement for all of
 * them). Answers the recorded events; the caller announces those with recipients once the transaction has
 * committed.
 */
export async function recordImportedChanges(
  tx: SqlExecutor,
  tenantId: string,
  changes: readonly ImportedChange[],
  rules: MatchingRules,
): Promise<Array<{ eventId: number; kind: CatalogEventKind; recipients: number; webhooks: number }>> {
  if (changes.length === 0) return [];
  const { rows } = await tx.query<{ id: number; kind: CatalogEventKind; pid: string }>(
    `INSERT INTO catalog_events (tenant_id, publisher_event_id, kind, standard_id, work_item_id, source,
                                 payload, change, occurred_at)
     SELECT $1, e.pid, e.kind, e.sid, e.wid, e.source, e.payload::jsonb, e.change::jsonb, now()
       FROM unnest($2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::text[], $7::text[], $8::text[])
            AS e(pid, kind, sid, wid, payload, change, source)
     ON CONFLICT (tenant_id, publisher_event_id) DO NOTHING
     RETURNING id, kind, publisher_event_id AS pid`,
    [
      tenantId,
      changes.map((c) => c.publisherEventId),
      changes.map((c) => c.kind),
      changes.map((c) => c.standardId ?? null),
      changes.map((c) => c.workItemId ?? null),
      changes.map((c) => JSON.stringify(c.payload)),
      changes.map((c) => JSON.stringify(c.change)),
      changes.map((c) => c.source),
    ],
  );
  const ids = rows.map((row) => row.id);
  // Replacements, as in recordAndApply: the pairs before the matching, the automatic followers after it.
  const successionOf = new Map(changes.map((c) => [c.publisherEventId, c.succession]));
  const pairs = rows.flatMap((row) => {
    const pair = successionOf.get(row.pid);
    return pair ? [{ eventId: Number(row.id), ...pair }] : [];
  });
  await recordSuccessions(tx, tenantId, pairs);
  const recipients = await matchEventsRecipients(tx, tenantId, ids, rules);
  await followSuccessorsAutomatically(
    tx,
    tenantId,
    pairs.map((p) => p.eventId),
  );
  const webhooks = await queueEventsWebhookMessages(tx, tenantId, ids);
  await queueListRecipientMails(tx, tenantId, ids);
  return rows.map((row) => ({
    eventId: row.id,
    kind: row.kind,
    recipients: recipients.get(Number(row.id)) ?? 0,
    webhooks: webhooks.get(Number(row.id)) ?? 0,
  }));
}

/** What publishing an event would do, and whom it would e-mail by source; nothing is kept. */
export interface EventPreview {
  result: CatalogEventResult;
  bySource: RecipientsBySource;
}

/** Thrown to roll the preview's transaction back, carrying its answer out. */
class PreviewDone extends Error {
  readonly preview: EventPreview;
  constructor(preview: EventPreview) {
    super('preview rolled back');
    this.preview = preview;
  }
}

/**
 * Previews an event ("N users will be e-mailed"): the very statements publishing runs (record,
 * change the catalogue, the set-based matching into the outbox), then the outbox rows are counted by source
 * and the transaction is ROLLED BACK. So the count uses the same rules, unsubscribes included, as the
 * dispatch, and the catalogue, the event log and the outbox are left as they were. A replayed event id
 * previews as `duplicate` with no recipients, as publishing it would do nothing.
 */
export async function previewCatalogEvent(
  db: DatabaseHandle,
  tenantId: string,
  event: CatalogEvent,
  rules: MatchingRules,
): Promise<EventPreview> {
  try {
    await db.transaction(async (tx) => {
      const applied = await recordAndApply(tx, tenantId, event, { source: 'api', rules });
      const bySource =
        applied.eventId === undefined
          ? NO_RECIPIENTS
          : await countEventRecipientsBySource(tx, tenantId, applied.eventId);
      throw new PreviewDone({ result: applied.result, bySource });
    });
  } catch (error) {
    if (error instanceof PreviewDone) return error.preview;
    return { result: refusal(event, error).result, bySource: NO_RECIPIENTS };
  }
  throw new Error('unreachable: the preview transaction always rolls back');
}

/** A refused event (unknown standard, …) is reported, not thrown; anything else is thrown. */
function refusal(event: CatalogEvent, error: unknown): AppliedEvent {
  if (error instanceof CatalogEventError)
    return { result: { id: event.id, outcome: 'rejected', error: error.code, message: error.message } };
  throw error;
}

/**
 * Records the event (idempotent by publisher event id), changes the catalogue, matches recipients and
 * writes their outbox rows, in the caller's transaction.
 */
async function recordAndApply(
  tx: Transaction,
  tenantId: string,
  event: CatalogEvent,
  options: { source: PublishingSource; rules: MatchingRules },
): Promise<AppliedEvent> {
  // The unique (tenant, publisher_event_id) makes a concurrent duplicate wait for this transaction,
  // then find the row and stop: nothing is applied twice.
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO catalog_events (tenant_id, publisher_event_id, kind, source, payload, change, occurred_at)
     VALUES ($1, $2, $3, $4, $5, '{}', $6)
     ON CONFLICT (tenant_id, publisher_event_id) DO NOTHING RETURNING id`,
    [tenantId, event.id, event.type, options.source, JSON.stringify(event), event.occurredAt ?? new Date()],
  );
  const eventId = inserted.rows[0]?.id;
  if (eventId === undefined) return { result: { id: event.id, outcome: 'duplicate' as const } };
  const applied = await applyToCatalogue(tx, tenantId, event);
  await tx.query(
    `UPDATE catalog_events SET change = $3, standard_id = $4, work_item_id = $5 WHERE tenant_id = $1 AND id = $2`,
    [
      tenantId,
      eventId,
      JSON.stringify({ ...applied.change, ...whatChangedOf(event) }),
      applied.standardId ?? null,
      applied.workItemId ?? null,
    ],
  );
  // The replacement is recorded before the matching (which tells the replaced standard's
  // trackers), the automatic followers are moved after it (they are told "You now track …").
  if (applied.succession) await recordSuccessions(tx, tenantId, [{ eventId, ...applied.succession }]);
  const recipients = await matchEventRecipients(tx, tenantId, eventId, options.rules);
  if (applied.succession) await followSuccessorsAutomatically(tx, tenantId, [eventId]);
  const webhooks = await queueWebhookMessages(tx, tenantId, eventId);
  // The organisation lists' outside recipients: one e-mail each (organisation-list-recipients.ts).
  await queueListRecipientMails(tx, tenantId, [Number(eventId)]);
  return {
    result: { id: event.id, outcome: 'applied' as const, recipients },
    eventId: Number(eventId),
    webhooks,
  };
}
