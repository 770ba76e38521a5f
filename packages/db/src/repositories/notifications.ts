import { createHash, randomBytes } from 'node:crypto';
import {
  CATALOG_PUBLISHER_CLIENT_PREFIX,
  type NotificationDelivery,
  type NotificationReason,
  type TenantConfig,
  type TenantTheme,
} from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { createStoreApiKey, findActiveCatalogApiKey } from './catalog-api-keys.ts';
import type { EventChange } from './catalog-events.ts';

/**
 * Publisher API keys, and the notification outbox as the sender and the delivery log see it. Every
 * function names the tenant (or, for the sender, works on ids it was given by a tenant-scoped job).
 */

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Creates a publisher API key for the tenant (the CLI's); the key is returned once, only its hash is stored. */
export async function createCatalogApiKey(db: SqlExecutor, tenantId: string, label: string): Promise<string> {
  return (await createStoreApiKey(db, tenantId, label, null)).key;
}

/** The tenant a (non-revoked) key belongs to, or undefined. */
export async function findCatalogApiKeyTenant(db: SqlExecutor, key: string): Promise<string | undefined> {
  return (await findActiveCatalogApiKey(db, key))?.tenantId;
}

/**
 * A publisher client of the tenant's embedded identity provider: OAuth 2.0 client_credentials, secret
 * sent with HTTP Basic, scope `catalog.changes` (CATALOG_CHANGES_SCOPE) only. Stored where oidc-provider looks up clients that are
 * not static (its `Client` model in identity_oidc_payloads), with the secret as SHA-256 hex only (the
 * provider hashes the presented secret before comparing). The secret is returned once.
 */
export async function createCatalogPublisherClient(
  db: SqlExecutor,
  tenantId: string,
  label: string,
): Promise<{ clientId: string; clientSecret: string }> {
  const clientId = `${CATALOG_PUBLISHER_CLIENT_PREFIX}${randomBytes(9).toString('base64url')}`;
  const clientSecret = randomBytes(32).toString('base64url');
  const metadata = {
    client_id: clientId,
    client_secret: hashKey(clientSecret),
    client_name: label,
    application_type: 'web',
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    token_endpoint_auth_method: 'client_secret_basic',
    // No `scope` here: oidc-provider allows only its OpenID scopes in it. The resource server grants a
    // publisher client catalog.changes and nothing else (identity/provider.ts, getResourceServerInfo).
  };
  await db.query(
    `INSERT INTO identity_oidc_payloads (tenant_id, model, id, payload) VALUES ($1, 'Client', $2, $3)`,
    [tenantId, clientId, JSON.stringify(metadata)],
  );
  return { clientId, clientSecret };
}

/** Whether the publisher client exists in this tenant (a deleted client's tokens stop working at once). */
export async function catalogPublisherClientExists(
  db: SqlExecutor,
  tenantId: string,
  clientId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM identity_oidc_payloads WHERE tenant_id = $1 AND model = 'Client' AND id = $2`,
    [tenantId, clientId],
  );
  return rows.length > 0;
}

/** The tenant's publisher clients (id and label; the secret is never kept), by id. */
export async function listCatalogPublisherClients(
  db: SqlExecutor,
  tenantId: string,
): Promise<Array<{ clientId: string; label: string }>> {
  const { rows } = await db.query<{ id: string; label: string | null }>(
    `SELECT id, payload->>'client_name' AS label FROM identity_oidc_payloads
      WHERE tenant_id = $1 AND model = 'Client' AND id LIKE $2 || '%' ORDER BY id`,
    [tenantId, CATALOG_PUBLISHER_CLIENT_PREFIX],
  );
  return rows.map((r) => ({ clientId: r.id, label: r.label ?? '' }));
}

/** Deletes a publisher client; false when the tenant has no such client. */
export async function deleteCatalogPublisherClient(
  db: SqlExecutor,
  tenantId: string,
  clientId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `DELETE FROM identity_oidc_payloads WHERE tenant_id = $1 AND model = 'Client' AND id = $2
       AND id LIKE $3 || '%' RETURNING id`,
    [tenantId, clientId, CATALOG_PUBLISHER_CLIENT_PREFIX],
  );
  return rows.length > 0;
}

/** One outbox row with what the e-mail needs: recipient, language, event change, reasons. */
export interface PendingNotification {
  id: number;
  tenantId: string;
  eventId: number;
  userId: string;
  login: string;
  firstName: string;
  lastName: string;
  locale: string | null;
  reasons: NotificationReason[];
  change: EventChange;
  occurredAt: Date;
  /** The user's tracking already followed the change's successor at publish. */
  followedSuccessor: boolean;
}

/** Ids of pending, unclaimed rows of an event (not those held for a digest), in order, for the dispatcher to cut into sender batches. */
export async function listPendingDeliveryIds(db: SqlExecutor, eventId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM notification_deliveries
      WHERE event_id = $1 AND status = 'pending' AND NOT digest
        AND (claimed_until IS NULL OR claimed_until < now())
      ORDER BY id`,
    [eventId],
  );
  return rows.map((r) => r.id);
}

/** Events that still have pending, unclaimed rows (the sweep re-dispatches them after a crash). */
export async function listEventsWithPendingDeliveries(db: SqlExecutor): Promise<number[]> {
  const { rows } = await db.query<{ event_id: number }>(
    `SELECT DISTINCT event_id FROM notification_deliveries
      WHERE status = 'pending' AND NOT digest AND (claimed_until IS NULL OR claimed_until < now())`,
  );
  return rows.map((r) => r.event_id);
}

/** A sender's claim: its rows, and the claim's end, which also names the claim (releaseNotificationClaims). */
export interface NotificationClaim {
  rows: PendingNotification[];
  /** When the claim ends (to the millisecond); null when no row was claimed. */
  until: Date | null;
}

/**
 * Claims the still-pending rows among `ids` for `seconds` (rows another live sender holds are left to
 * it) and answers them with everything the renderer needs. Sent and failed rows are never returned.
 */
export async function claimPendingNotifications(
  db: SqlExecutor,
  ids: number[],
  seconds: number,
): Promise<NotificationClaim> {
  const { rows } = await db.query<{
    id: number;
    tenant_id: string;
    event_id: number;
    user_id: string;
    login: string;
    first_name: string;
    last_name: string;
    locale: string | null;
    reasons: NotificationReason[];
    change: EventChange;
    occurred_at: Date;
    followed: boolean;
    claimed_until: Date;
  }>(
    // The end is cut to the millisecond so that a JavaScript Date names it exactly.
    `WITH claimed AS (
       UPDATE notification_deliveries
          SET claimed_until = date_trunc('milliseconds', now() + make_interval(secs => $2))
        WHERE id = ANY($1::bigint[]) AND status = 'pending' AND NOT digest
          AND (claimed_until IS NULL OR claimed_until < now())
        RETURNING id, tenant_id, event_id, user_id, reasons, claimed_until)
     SELECT c.id, c.tenant_id, c.event_id, c.user_id, u.login, u.first_name, u.last_name, u.locale, c.reasons,
            e.change, e.occurred_at, c.claimed_until,
            EXISTS (SELECT 1 FROM successor_follows f
                     WHERE f.tenant_id = c.tenant_id AND f.event_id = c.event_id AND f.user_id = c.user_id
                       AND f.how = 'automatic') AS followed
       FROM claimed c
       JOIN users u ON u.tenant_id = c.tenant_id AND u.id = c.user_id
       JOIN catalog_events e ON e.tenant_id = c.tenant_id AND e.id = c.event_id
      ORDER BY c.id`,
    [ids, seconds],
  );
  const until = rows[0] ? new Date(rows[0].claimed_until) : null;
  return {
    until,
    rows: rows.map((r) => ({
      id: r.id,
      tenantId: r.tenant_id,
      eventId: r.event_id,
      userId: r.user_id,
      login: r.login,
      firstName: r.first_name,
      lastName: r.last_name,
      locale: r.locale,
      reasons: r.reasons,
      change: r.change,
      occurredAt: new Date(r.occurred_at),
      followedSuccessor: r.followed,
    })),
  };
}

/**
 * Marks rows sent with their Message-IDs, in one statement (the sender groups the rows the SMTP server
 * accepted in the last few milliseconds). Only rows still pending change: a second sender finds nothing.
 */
export async function markDeliveriesSent(
  db: SqlExecutor,
  sent: ReadonlyArray<{ id: number; messageId: string; message?: string }>,
): Promise<number> {
  if (sent.length === 0) return 0;
  const r = await db.query(
    `UPDATE notification_deliveries d
        SET status = 'sent', message_id = x.message_id, sent_at = now(), updated_at = now(),
            attempts = d.attempts + 1, last_error = NULL, claimed_until = NULL, sent_message = x.message
       FROM unnest($1::bigint[], $2::text[], $3::text[]) AS x(id, message_id, message)
      WHERE d.id = x.id AND d.status = 'pending'`,
    [sent.map((s) => s.id), sent.map((s) => s.messageId), sent.map((s) => s.message ?? null)],
  );
  return r.rowCount;
}

/** Records a failed attempt: `permanent` ends the row as failed; otherwise it stays pending (released) for a retry. */
export async function markDeliveryAttemptFailed(
  db: SqlExecutor,
  id: number,
  error: string,
  permanent: boolean,
): Promise<void> {
  await db.query(
    `UPDATE notification_deliveries SET attempts = attempts + 1, last_error = $2, updated_at = now(),
            claimed_until = NULL, status = CASE WHEN $3::boolean THEN 'failed' ELSE status END
      WHERE id = $1 AND status = 'pending'`,
    [id, error.slice(0, 1000), permanent],
  );
}

/**
 * Gives back claimed rows that were not sent (a sender told to stop, or whose claim ends soon), so the
 * job's retry claims them at once instead of after NOTIFICATIONS_CLAIM_SECONDS. Only rows still under this
 * claim (`until`, claimPendingNotifications): one another sender has claimed since stays its own.
 */
export async function releaseNotificationClaims(
  db: SqlExecutor,
  ids: number[],
  until: Date | null,
): Promise<void> {
  if (ids.length === 0 || until === null) return;
  await db.query(
    `UPDATE notification_deliveries SET claimed_until = NULL
      WHERE id = ANY($1::bigint[]) AND status = 'pending' AND claimed_until = $2`,
    [ids, until],
  );
}

/** The delivery log of a tenant, by user and/or by publisher event id, newest first. */
export async function listNotificationDeliveries(
  db: SqlExecutor,
  tenantId: string,
  filter: { userId?: string | undefined; publisherEventId?: string | undefined; limit?: number },
): Promise<NotificationDelivery[]> {
  const { rows } = await db.query<{
    id: number;
    event_id: number;
    publisher_event_id: string;
    kind: NotificationDelivery['kind'];
    user_id: string;
    reasons: NotificationReason[];
    status: NotificationDelivery['status'];
    attempts: number;
    last_error: string | null;
    message_id: string | null;
    created_at: Date;
    sent_at: Date | null;
  }>(
    `SELECT d.id, d.event_id, e.publisher_event_id, e.kind, d.user_id, d.reasons, d.status, d.attempts,
            d.last_error, d.message_id, d.created_at, d.sent_at
       FROM notification_deliveries d
       JOIN catalog_events e ON e.tenant_id = d.tenant_id AND e.id = d.event_id
      WHERE d.tenant_id = $1
        AND ($2::uuid IS NULL OR d.user_id = $2)
        AND ($3::text IS NULL OR e.publisher_event_id = $3)
      ORDER BY d.created_at DESC, d.id DESC LIMIT $4`,
    [tenantId, filter.userId ?? null, filter.publisherEventId ?? null, filter.limit ?? 100],
  );
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    publisherEventId: r.publisher_event_id,
    kind: r.kind,
    userId: r.user_id,
    reasons: r.reasons,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    messageId: r.message_id,
    createdAt: new Date(r.created_at).toISOString(),
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
  }));
}

/** A tenant's branding inputs and the host its links use (its canonical host). */
export async function findTenantForMail(
  db: SqlExecutor,
  tenantId: string,
): Promise<{ id: string; code: string; config: TenantConfig; theme: TenantTheme; host: string } | undefined> {
  const { rows } = await db.query<{
    id: string;
    code: string;
    config: TenantConfig;
    theme: TenantTheme;
    host: string;
  }>(
    `SELECT t.id, t.code, t.config, t.theme,
            (SELECT h.host FROM tenant_hosts h WHERE h.tenant_id = t.id AND h.canonical) AS host
       FROM tenants t WHERE t.id = $1`,
    [tenantId],
  );
  return rows[0];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user of the tenant with the language their e-mails and the unsubscribe page use. */
export async function findNotificationRecipient(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<{ id: string; locale: string | null } | undefined> {
  if (!UUID.test(userId)) return undefined;
  const { rows } = await db.query<{ id: string; locale: string | null }>(
    'SELECT id, locale FROM users WHERE tenant_id = $1 AND id = $2',
    [tenantId, userId],
  );
  return rows[0];
}
