import type { CatalogEventSource } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * The console's view of a store's change notifications: recent change events with their
 * delivery counts and failure reasons, per-day counts for the chart, re-queueing the failed deliveries of a
 * change, and the e-mail as it was sent. Every statement is scoped to the store (`tenant_id`).
 */

export interface ChangeDeliveryCounts {
  /** The catalogue event's id (the console's change id). */
  id: string;
  publisherEventId: string;
  kind: string;
  /** The table's CHECK allows these only. */
  source: CatalogEventSource;
  recordedAt: Date;
  /** Outbox rows the matching wrote (users to e-mail). */
  matched: number;
  sent: number;
  failed: number;
  pending: number;
  /** Matched users who unsubscribed from the tracker's e-mails since (the e-mail's link or the tracker). */
  unsubscribed: number;
  failureReasons: Array<{ reason: string; count: number }>;
}

type ChangeRow = Omit<ChangeDeliveryCounts, 'id' | 'failureReasons'> & {
  id: number | string;
  failure_reasons: Array<{ reason: string; count: number }> | null;
};

/** A store's change events, newest first, `limit` after the cursor (an event id; older ones come next). */
export async function listStoreChanges(
  db: SqlExecutor,
  tenantId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<ChangeDeliveryCounts[]> {
  const { rows } = await db.query<ChangeRow>(
    `SELECT e.id, e.publisher_event_id AS "publisherEventId", e.kind, e.source, e.recorded_at AS "recordedAt",
            count(d.id)::int AS matched,
            count(d.id) FILTER (WHERE d.status = 'sent')::int AS sent,
            count(d.id) FILTER (WHERE d.status = 'failed')::int AS failed,
            count(d.id) FILTER (WHERE d.status = 'pending')::int AS pending,
            count(d.id) FILTER (WHERE EXISTS (
              SELECT 1 FROM tracking_unsubscribes x
               WHERE x.tenant_id = $1 AND x.user_id = d.user_id AND x.application_code = 'TRACKER'
                 AND x.unsubscribed_at >= d.created_at))::int AS unsubscribed,
            (SELECT jsonb_agg(jsonb_build_object('reason', r.reason, 'count', r.n) ORDER BY r.n DESC, r.reason)
               FROM (SELECT coalesce(f.last_error, 'unknown') AS reason, count(*)::int AS n
                       FROM notification_deliveries f
                      WHERE f.tenant_id = $1 AND f.event_id = e.id AND f.status = 'failed'
                      GROUP BY 1) r) AS failure_reasons
       FROM catalog_events e
       LEFT JOIN notification_deliveries d ON d.tenant_id = $1 AND d.event_id = e.id
      WHERE e.tenant_id = $1 AND ($2::bigint IS NULL OR e.id < $2)
      GROUP BY e.id
      ORDER BY e.id DESC LIMIT $3`,
    [tenantId, page.cursor ?? null, page.limit],
  );
  return rows.map(({ failure_reasons, ...r }) => ({
    ...r,
    id: String(r.id),
    recordedAt: new Date(r.recordedAt),
    failureReasons: failure_reasons ?? [],
  }));
}

/** Sent and failed deliveries of a store per UTC day in [from, to] (YYYY-MM-DD), days without any left out. */
export async function countDailyDeliveries(
  db: SqlExecutor,
  tenantId: string,
  from: string,
  to: string,
): Promise<Array<{ day: string; sent: number; failed: number }>> {
  const { rows } = await db.query<{ day: string; sent: number; failed: number }>(
    `SELECT to_char((updated_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day,
            count(*) FILTER (WHERE status = 'sent')::int AS sent,
            count(*) FILTER (WHERE status = 'failed')::int AS failed
       FROM notification_deliveries
      WHERE tenant_id = $1 AND status IN ('sent', 'failed')
        AND updated_at >= ($2::date AT TIME ZONE 'UTC') AND updated_at < (($3::date + 1) AT TIME ZONE 'UTC')
      GROUP BY 1 ORDER BY 1`,
    [tenantId, from, to],
  );
  return rows;
}

/**
 * Puts the failed deliveries of one change of the store back in the outbox (pending, unclaimed, no error);
 * returns their ids, none when there are none (so a second call changes nothing), or undefined when the
 * store has no such change. Sent rows are never touched: only the failed are sent again. A digest user's
 * failed row leaves its failed digest and is held again, so the user's next digest carries it.
 */
export async function requeueFailedDeliveries(
  db: SqlExecutor,
  tenantId: string,
  eventId: string,
): Promise<number[] | undefined> {
  const event = await db.query('SELECT 1 FROM catalog_events WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    eventId,
  ]);
  if (event.rows.length === 0) return undefined;
  const { rows } = await db.query<{ id: number | string }>(
    `UPDATE notification_deliveries
        SET status = 'pending', claimed_until = NULL, last_error = NULL, digest_id = NULL, updated_at = now()
      WHERE tenant_id = $1 AND event_id = $2 AND status = 'failed'
      RETURNING id`,
    [tenantId, eventId],
  );
  return rows.map((r) => Number(r.id));
}

export interface SentDeliveryMessage {
  deliveryId: string;
  eventId: string;
  messageId: string | null;
  sentAt: Date | null;
  /** The MIME message handed to SMTP; null for deliveries sent before migration 0012 or not sent. */
  mime: string | null;
}

/** One delivery of the store with the e-mail it sent; undefined when the store has no such delivery. */
export async function findSentDeliveryMessage(
  db: SqlExecutor,
  tenantId: string,
  deliveryId: string,
): Promise<SentDeliveryMessage | undefined> {
  const { rows } = await db.query<{
    id: number | string;
    event_id: number | string;
    message_id: string | null;
    sent_at: Date | null;
    sent_message: string | null;
  }>(
    // A digest's changes share its one message (migration 0025).
    `SELECT d.id, d.event_id, d.message_id, d.sent_at, coalesce(d.sent_message, g.sent_message) AS sent_message
       FROM notification_deliveries d
       LEFT JOIN notification_digests g ON g.id = d.digest_id AND g.tenant_id = d.tenant_id
      WHERE d.tenant_id = $1 AND d.id = $2`,
    [tenantId, deliveryId],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    deliveryId: String(r.id),
    eventId: String(r.event_id),
    messageId: r.message_id,
    sentAt: r.sent_at ? new Date(r.sent_at) : null,
    mime: r.sent_message,
  };
}

export interface ChangeDelivery {
  id: string;
  recipient: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
  hasMessage: boolean;
}

/**
 * The deliveries of one change of the store, oldest first, `limit` after the cursor (a delivery id), with
 * the recipient's login; undefined when the store has no such change.
 */
export async function listChangeDeliveries(
  db: SqlExecutor,
  tenantId: string,
  eventId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<ChangeDelivery[] | undefined> {
  const event = await db.query('SELECT 1 FROM catalog_events WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    eventId,
  ]);
  if (event.rows.length === 0) return undefined;
  const { rows } = await db.query<Omit<ChangeDelivery, 'id'> & { id: number | string }>(
    `SELECT d.id, u.login AS recipient, d.status, d.attempts, d.last_error AS "lastError",
            d.sent_at AS "sentAt", (d.sent_message IS NOT NULL OR g.sent_message IS NOT NULL) AS "hasMessage"
       FROM notification_deliveries d
       JOIN users u ON u.tenant_id = d.tenant_id AND u.id = d.user_id
       LEFT JOIN notification_digests g ON g.id = d.digest_id AND g.tenant_id = d.tenant_id
      WHERE d.tenant_id = $1 AND d.event_id = $2 AND ($3::bigint IS NULL OR d.id > $3)
      ORDER BY d.id LIMIT $4`,
    [tenantId, eventId, page.cursor ?? null, page.limit],
  );
  return rows.map((r) => ({ ...r, id: String(r.id), sentAt: r.sentAt ? new Date(r.sentAt) : null }));
}
