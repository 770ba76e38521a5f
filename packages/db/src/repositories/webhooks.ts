import { randomBytes } from 'node:crypto';
import type { SqlExecutor } from '../client.ts';

/**
 * Webhooks (migration 0013): endpoints of a store (user NULL: every change) or of one user (the
 * changes matched to that user's trackings); one message per (endpoint, change), written in the transaction
 * that matches the change; one attempt row per delivery attempt. The sender's functions (claim, record) work
 * on message ids a tenant-scoped job was given and still name the tenant they read.
 */

/** Whose endpoint: the store's (console) or one user's (tracker API). */
export type WebhookOwner = { kind: 'store' } | { kind: 'user'; userId: string };

export interface WebhookEndpointRow {
  id: string;
  userId: string | null;
  url: string;
  description: string;
  enabled: boolean;
  createdAt: Date;
  createdBy: string | null;
}

type EndpointRow = {
  id: string;
  user_id: string | null;
  url: string;
  description: string;
  enabled: boolean;
  created_at: Date;
  created_by: string | null;
};
const ENDPOINT_COLUMNS = 'id::text AS id, user_id, url, description, enabled, created_at, created_by';
const toEndpoint = (r: EndpointRow): WebhookEndpointRow => ({
  id: String(r.id),
  userId: r.user_id,
  url: r.url,
  description: r.description,
  enabled: r.enabled,
  createdAt: r.created_at,
  createdBy: r.created_by,
});

/** The owner predicate: a store endpoint has no user; a user's endpoint is theirs only. */
const ownerClause = (owner: WebhookOwner, param: number) =>
  owner.kind === 'store' ? 'user_id IS NULL' : `user_id = $${param}::uuid`;
const ownerParams = (owner: WebhookOwner) => (owner.kind === 'store' ? [] : [owner.userId]);

/** A new `whsec_` secret: 24 random bytes, base64 (the Standard Webhooks format). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** Registers an endpoint; the answer carries the secret (shown once by the API). */
export async function createWebhookEndpoint(
  tx: SqlExecutor,
  tenantId: string,
  owner: WebhookOwner,
  input: { url: string; description: string; createdBy: string | null },
): Promise<WebhookEndpointRow & { secret: string }> {
  const secret = newWebhookSecret();
  const { rows } = await tx.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (tenant_id, user_id, url, secret, description, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${ENDPOINT_COLUMNS}`,
    [
      tenantId,
      owner.kind === 'user' ? owner.userId : null,
      input.url,
      secret,
      input.description,
      input.createdBy,
    ],
  );
  return { ...toEndpoint(rows[0]!), secret };
}

/** The owner's endpoints, newest first. */
export async function listWebhookEndpoints(
  db: SqlExecutor,
  tenantId: string,
  owner: WebhookOwner,
): Promise<WebhookEndpointRow[]> {
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints
      WHERE tenant_id = $1 AND ${ownerClause(owner, 2)} ORDER BY webhook_endpoints.id DESC`,
    [tenantId, ...ownerParams(owner)],
  );
  return rows.map(toEndpoint);
}

/** One endpoint of the owner (with its secret, for signing), or undefined: another's is not found. */
export async function findWebhookEndpoint(
  db: SqlExecutor,
  tenantId: string,
  owner: WebhookOwner,
  id: string,
): Promise<(WebhookEndpointRow & { secret: string }) | undefined> {
  const { rows } = await db.query<EndpointRow & { secret: string }>(
    `SELECT ${ENDPOINT_COLUMNS}, secret FROM webhook_endpoints
      WHERE tenant_id = $1 AND id = $2::bigint AND ${ownerClause(owner, 3)}`,
    [tenantId, id, ...ownerParams(owner)],
  );
  const r = rows[0];
  return r && { ...toEndpoint(r), secret: r.secret };
}

/** Deletes an endpoint of the owner (its messages and log go with it); the deleted row, or undefined. */
export async function deleteWebhookEndpoint(
  tx: SqlExecutor,
  tenantId: string,
  owner: WebhookOwner,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  const { rows } = await tx.query<EndpointRow>(
    `DELETE FROM webhook_endpoints WHERE tenant_id = $1 AND id = $2::bigint AND ${ownerClause(owner, 3)}
     RETURNING ${ENDPOINT_COLUMNS}`,
    [tenantId, id, ...ownerParams(owner)],
  );
  return rows[0] && toEndpoint(rows[0]);
}

/** A message id (the `webhook-id` header), made once per (endpoint, change). */
const MESSAGE_ID_SQL = `'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/**
 * Writes the webhook messages of an applied event, set-based, in the matching's transaction (after
 * matchEventRecipients): every enabled store endpoint, and the enabled endpoints of users the change was
 * matched to (their outbox row's reasons say why) when the store lets its users have endpoints (feature flag
 * `user_webhooks`). A replay writes nothing twice (unique endpoint, event).
 */
export async function queueWebhookMessages(
  tx: SqlExecutor,
  tenantId: string,
  eventId: number,
): Promise<number> {
  return (await queueEventsWebhookMessages(tx, tenantId, [eventId])).get(Number(eventId)) ?? 0;
}

/** The same for several events at once (a catalogue import's batch), in event order: messages by event id. */
export async function queueEventsWebhookMessages(
  tx: SqlExecutor,
  tenantId: string,
  eventIds: readonly number[],
): Promise<Map<number, number>> {
  const messages = new Map<number, number>(eventIds.map((id) => [Number(id), 0]));
  if (eventIds.length === 0) return messages;
  const { rows } = await tx.query<{ event_id: number; n: number }>(
    `WITH inserted AS (
       INSERT INTO webhook_messages (tenant_id, endpoint_id, event_id, message_id, event_type, reasons)
       SELECT $1, w.id, ev.id, ${MESSAGE_ID_SQL}, 'standard.changed',
              CASE WHEN w.user_id IS NULL THEN '[{"type":"STORE","value":"every change of the store"}]'::jsonb
                   ELSE d.reasons END
         FROM unnest($2::bigint[]) WITH ORDINALITY AS ev(id, n)
         JOIN webhook_endpoints w ON w.tenant_id = $1 AND w.enabled
         LEFT JOIN notification_deliveries d ON d.tenant_id = $1 AND d.event_id = ev.id AND d.user_id = w.user_id
        WHERE w.user_id IS NULL
           OR (d.id IS NOT NULL
               AND (SELECT (t.feature_flags #>> '{user_webhooks,enabled}')::boolean FROM tenants t WHERE t.id = $1))
        ORDER BY ev.n
       ON CONFLICT (endpoint_id, event_id) DO NOTHING
       RETURNING event_id
     )
     SELECT event_id, count(*)::int AS n FROM inserted GROUP BY event_id`,
    [tenantId, eventIds],
  );
  for (const row of rows) messages.set(Number(row.event_id), row.n);
  return messages;
}

/** A test message for one endpoint ("send test event"): its row id and message id. */
export async function createWebhookTestMessage(
  tx: SqlExecutor,
  tenantId: string,
  endpointId: string,
): Promise<{ id: number; messageId: string }> {
  const { rows } = await tx.query<{ id: number; message_id: string }>(
    `INSERT INTO webhook_messages (tenant_id, endpoint_id, event_id, message_id, event_type)
     VALUES ($1, $2::bigint, NULL, ${MESSAGE_ID_SQL}, 'webhook.test') RETURNING id, message_id`,
    [tenantId, endpointId],
  );
  return { id: Number(rows[0]!.id), messageId: rows[0]!.message_id };
}

/** The delivery log of an endpoint: its messages' attempts, newest first. */
export interface WebhookAttemptRow {
  messageId: string;
  eventType: string;
  /** The publisher's event id; null for a test event. */
  changeId: string | null;
  messageStatus: 'pending' | 'delivered' | 'failed';
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  attemptedAt: Date;
  nextAttemptAt: Date | null;
}

export async function listWebhookAttempts(
  db: SqlExecutor,
  tenantId: string,
  endpointId: string,
  limit: number,
): Promise<WebhookAttemptRow[]> {
  const { rows } = await db.query<{
    message_id: string;
    event_type: string;
    change_id: string | null;
    status: WebhookAttemptRow['messageStatus'];
    attempt: number;
    status_code: number | null;
    error: string | null;
    duration_ms: number;
    attempted_at: Date;
    next_attempt_at: Date | null;
  }>(
    `SELECT m.message_id, m.event_type, e.publisher_event_id AS change_id, m.status, a.attempt, a.status_code,
            a.error, a.duration_ms, a.attempted_at, a.next_attempt_at
       FROM webhook_attempts a
       JOIN webhook_messages m ON m.tenant_id = $1 AND m.id = a.message_id
       LEFT JOIN catalog_events e ON e.tenant_id = $1 AND e.id = m.event_id
      WHERE a.tenant_id = $1 AND m.endpoint_id = $2::bigint
      ORDER BY a.id DESC LIMIT $3`,
    [tenantId, endpointId, limit],
  );
  return rows.map((r) => ({
    messageId: r.message_id,
    eventType: r.event_type,
    changeId: r.change_id,
    messageStatus: r.status,
    attempt: r.attempt,
    statusCode: r.status_code,
    error: r.error,
    durationMs: r.duration_ms,
    attemptedAt: r.attempted_at,
    nextAttemptAt: r.next_attempt_at,
  }));
}
