import type {
  CatalogEvent,
  CatalogEventKind,
  CatalogEventResult,
  NotificationChange,
} from '@trackwell/contracts';
import type { DatabaseHandle, SqlExecutor } from '../client.ts';
import { applyToCatalogue, CatalogEventError } from './catalog-changes.ts';
import { type MatchingRules, matchEventRecipients } from './event-matching.ts';

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
  options: { source: 'api' | 'cli'; rules: MatchingRules },
): Promise<AppliedEvent> {
  try {
    return await db.transaction(async (tx) => {
      // The unique (tenant, publisher_event_id) makes a concurrent duplicate wait for this transaction,
      // then find the row and stop: nothing is applied twice.
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO catalog_events (tenant_id, publisher_event_id, kind, source, payload, change, occurred_at)
         VALUES ($1, $2, $3, $4, $5, '{}', $6)
         ON CONFLICT (tenant_id, publisher_event_id) DO NOTHING RETURNING id`,
        [
          tenantId,
          event.id,
          event.type,
          options.source,
          JSON.stringify(event),
          event.occurredAt ?? new Date(),
        ],
      );
      const eventId = inserted.rows[0]?.id;
      if (eventId === undefined) return { result: { id: event.id, outcome: 'duplicate' as const } };
      const applied = await applyToCatalogue(tx, tenantId, event);
      await tx.query(
        `UPDATE catalog_events SET change = $3, standard_id = $4, work_item_id = $5 WHERE tenant_id = $1 AND id = $2`,
        [
          tenantId,
          eventId,
          JSON.stringify(applied.change),
          applied.standardId ?? null,
          applied.workItemId ?? null,
        ],
      );
      const recipients = await matchEventRecipients(tx, tenantId, eventId, options.rules);
      return { result: { id: event.id, outcome: 'applied' as const, recipients }, eventId };
    });
  } catch (error) {
    if (error instanceof CatalogEventError) {
      return { result: { id: event.id, outcome: 'rejected', error: error.code, message: error.message } };
    }
    throw error;
  }
}

/** A change an import made to the catalogue (already applied), to record as an event. */
export interface ImportedChange {
  /** Unique per tenant: `import:<run id>:<kind>:<key>`. */
  publisherEventId: string;
  kind: CatalogEventKind;
  standardId?: number;
  workItemId?: number;
  /** What the import row said (recorded as the event's payload). */
  payload: Record<string, unknown>;
  change: NotificationChange;
}

/**
 * Records changes a catalogue import applied, inside the import's transaction (source 'import'), and
 * matches each to its recipients as a published event is (event-matching.ts). Answers the recorded
 * events; the caller announces those with recipients once the transaction has committed.
 */
export async function recordImportedChanges(
  tx: SqlExecutor,
  tenantId: string,
  changes: readonly ImportedChange[],
  rules: MatchingRules,
): Promise<Array<{ eventId: number; kind: CatalogEventKind; recipients: number }>> {
  if (changes.length === 0) return [];
  const { rows } = await tx.query<{ id: number; kind: CatalogEventKind }>(
    `INSERT INTO catalog_events (tenant_id, publisher_event_id, kind, standard_id, work_item_id, source,
                                 payload, change, occurred_at)
     SELECT $1, e.pid, e.kind, e.sid, e.wid, 'import', e.payload::jsonb, e.change::jsonb, now()
       FROM unnest($2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::text[], $7::text[])
            AS e(pid, kind, sid, wid, payload, change)
     ON CONFLICT (tenant_id, publisher_event_id) DO NOTHING
     RETURNING id, kind`,
    [
      tenantId,
      changes.map((c) => c.publisherEventId),
      changes.map((c) => c.kind),
      changes.map((c) => c.standardId ?? null),
      changes.map((c) => c.workItemId ?? null),
      changes.map((c) => JSON.stringify(c.payload)),
      changes.map((c) => JSON.stringify(c.change)),
    ],
  );
  const recorded = [];
  for (const row of rows) {
    const recipients = await matchEventRecipients(tx, tenantId, row.id, rules);
    recorded.push({ eventId: row.id, kind: row.kind, recipients });
  }
  return recorded;
}
