import type { CatalogEvent, CatalogEventResult, NotificationChange } from '@trackwell/contracts';
import type { DatabaseHandle } from '../client.ts';
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
