import type { NotificationChange, NotificationReason } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * The webhook sender's side of the messages (migration 0013): which messages wait, claiming one for an
 * attempt (a message claimed by a live sender is never sent by another at the same time), and recording
 * each attempt with the message's new state.
 */

/** Ids of an event's pending messages, for the dispatcher to queue one delivery job each. */
export async function listPendingWebhookMessageIds(db: SqlExecutor, eventId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM webhook_messages WHERE event_id = $1 AND status = 'pending' AND attempts = 0 ORDER BY id`,
    [eventId],
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Pending messages whose attempt is overdue by `graceSeconds` and that nobody holds: their job was lost (a
 * crash before it was queued). The sweep queues them again; the claim keeps a duplicate job harmless.
 */
export async function listOverdueWebhookMessageIds(db: SqlExecutor, graceSeconds: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM webhook_messages
      WHERE status = 'pending' AND event_id IS NOT NULL
        AND (claimed_until IS NULL OR claimed_until < now())
        AND next_attempt_at < now() - make_interval(secs => $1)
      ORDER BY id LIMIT 1000`,
    [graceSeconds],
  );
  return rows.map((r) => Number(r.id));
}

/** A claimed message with what its attempt needs. */
export interface ClaimedWebhookMessage {
  id: number;
  tenantId: string;
  storeCode: string;
  messageId: string;
  eventType: string;
  url: string;
  secret: string;
  /** Attempts made before this one. */
  attempts: number;
  reasons: NotificationReason[];
  createdAt: Date;
  /** A user's endpoint in a store that has since turned its users' webhooks off (`user_webhooks`): not sent. */
  switchedOff: boolean;
  /** The change (null for a test event). */
  event: {
    id: string;
    kind: string;
    change: NotificationChange;
    contentCode: string | null;
    occurredAt: Date;
  } | null;
}

type ClaimRow = {
  id: number;
  tenant_id: string;
  code: string;
  message_id: string;
  event_type: string;
  url: string;
  secret: string;
  attempts: number;
  reasons: NotificationReason[];
  created_at: Date;
  publisher_event_id: string | null;
  kind: string | null;
  change: NotificationChange | null;
  content_code: string | null;
  occurred_at: Date | null;
  switched_off: boolean;
};

/**
 * Claims a pending message for `seconds` when its attempt is due (or `force`: the test event) and nobody
 * holds it; undefined otherwise (delivered, failed, held by another sender, or not due yet).
 */
export async function claimWebhookMessage(
  db: SqlExecutor,
  id: number,
  seconds: number,
  options: { force?: boolean } = {},
): Promise<ClaimedWebhookMessage | undefined> {
  const { rows } = await db.query<ClaimRow>(
    `WITH claimed AS (
       UPDATE webhook_messages SET claimed_until = now() + make_interval(secs => $2)
        WHERE id = $1 AND status = 'pending' AND (claimed_until IS NULL OR claimed_until < now())
          AND ($3::boolean OR next_attempt_at IS NULL OR next_attempt_at <= now() + interval '2 seconds')
       RETURNING *
     )
     SELECT c.id, c.tenant_id, t.code, c.message_id, c.event_type, w.url, w.secret, c.attempts, c.reasons,
            c.created_at, e.publisher_event_id, e.kind, e.change, s.content_code, e.occurred_at,
            (w.user_id IS NOT NULL
             AND NOT coalesce((t.feature_flags #>> '{user_webhooks,enabled}')::boolean, false)) AS switched_off
       FROM claimed c
       JOIN tenants t ON t.id = c.tenant_id
       JOIN webhook_endpoints w ON w.tenant_id = c.tenant_id AND w.id = c.endpoint_id
       LEFT JOIN catalog_events e ON e.tenant_id = c.tenant_id AND e.id = c.event_id
       LEFT JOIN standards s ON s.tenant_id = c.tenant_id AND s.id = e.standard_id`,
    [id, seconds, options.force ?? false],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: Number(r.id),
    tenantId: r.tenant_id,
    storeCode: r.code,
    messageId: r.message_id,
    eventType: r.event_type,
    url: r.url,
    secret: r.secret,
    attempts: r.attempts,
    reasons: r.reasons,
    createdAt: r.created_at,
    switchedOff: r.switched_off,
    event:
      r.publisher_event_id === null
        ? null
        : {
            id: r.publisher_event_id,
            kind: r.kind ?? '',
            change: r.change ?? ({} as NotificationChange),
            contentCode: r.content_code,
            occurredAt: r.occurred_at ?? r.created_at,
          },
  };
}

/** One attempt's outcome. */
export interface WebhookAttemptOutcome {
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** delivered, failed for good, or pending with its next attempt due at `nextAttemptAt`. */
  status: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: Date | null;
}

/** Logs an attempt and moves its message on (releasing the claim), in one statement pair. */
export async function recordWebhookAttempt(
  tx: SqlExecutor,
  tenantId: string,
  messageRowId: number,
  outcome: WebhookAttemptOutcome,
): Promise<void> {
  await tx.query(
    `INSERT INTO webhook_attempts (tenant_id, message_id, attempt, status_code, error, duration_ms, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (message_id, attempt) DO NOTHING`,
    [
      tenantId,
      messageRowId,
      outcome.attempt,
      outcome.statusCode,
      outcome.error,
      outcome.durationMs,
      outcome.nextAttemptAt,
    ],
  );
  await tx.query(
    `UPDATE webhook_messages SET attempts = GREATEST(attempts, $3), status = $4, next_attempt_at = $5,
            claimed_until = NULL
      WHERE tenant_id = $1 AND id = $2`,
    [tenantId, messageRowId, outcome.attempt, outcome.status, outcome.nextAttemptAt],
  );
}
