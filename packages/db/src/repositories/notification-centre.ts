import type { CatalogEventKind, NotificationChange, NotificationReason } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * The in-app notification centre (migration 0016): a user's notifications are their
 * `notification_deliveries` rows (one per change, whatever the e-mail's fate) joined to the change; a read
 * mark per row. Every statement names the tenant and the user, so another user's id matches no row.
 */

export interface UserNotificationRow {
  id: string;
  change: NotificationChange;
  reasons: NotificationReason[];
  occurredAt: Date;
  createdAt: Date;
  readAt: Date | null;
  /** Whether the user followed the replacement this change recorded (false when it recorded none). */
  successorFollowed: boolean;
}

type Row = {
  id: string;
  change: NotificationChange;
  reasons: NotificationReason[];
  occurred_at: Date;
  created_at: Date;
  read_at: Date | null;
  successor_followed: boolean;
};
const toNotification = (r: Row): UserNotificationRow => ({
  id: String(r.id),
  change: r.change,
  reasons: r.reasons,
  occurredAt: new Date(r.occurred_at),
  createdAt: new Date(r.created_at),
  readAt: r.read_at ? new Date(r.read_at) : null,
  successorFollowed: r.successor_followed,
});
/** Every statement selecting COLUMNS joins the change as `e` and the delivery (with its user_id) as `d`. */
const COLUMNS = `d.id::text AS id, e.change, d.reasons, e.occurred_at, d.created_at, d.read_at,
  EXISTS (SELECT 1 FROM successor_follows sf
           WHERE sf.tenant_id = d.tenant_id AND sf.event_id = d.event_id AND sf.user_id = d.user_id)
    AS successor_followed`;

/**
 * A page of the user's notifications, newest first (by id: rows are numbered as they are written), older
 * than `before` when given, of one kind when given. Answers one row more than `limit` when there are more.
 */
export async function listUserNotifications(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  page: { before?: string | undefined; limit: number; kind?: CatalogEventKind | undefined },
): Promise<UserNotificationRow[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS}
       FROM notification_deliveries d
       JOIN catalog_events e ON e.tenant_id = d.tenant_id AND e.id = d.event_id
      WHERE d.tenant_id = $1 AND d.user_id = $2
        AND ($3::bigint IS NULL OR d.id < $3::bigint)
        AND ($4::text IS NULL OR e.kind = $4::text)
      ORDER BY d.id DESC
      LIMIT $5`,
    [tenantId, userId, page.before ?? null, page.kind ?? null, page.limit + 1],
  );
  return rows.map(toNotification);
}

/** How many of the user's notifications are unread, and the store page ids of the standards they concern. */
export async function countUnreadNotifications(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<{ unread: number; changedAssetIds: string[] }> {
  const { rows } = await db.query<{ unread: number; asset_ids: string[] | null }>(
    `SELECT count(*)::int AS unread,
            array_agg(DISTINCT e.change #>> '{standard,assetId}')
              FILTER (WHERE e.change #>> '{standard,assetId}' IS NOT NULL) AS asset_ids
       FROM notification_deliveries d
       JOIN catalog_events e ON e.tenant_id = d.tenant_id AND e.id = d.event_id
      WHERE d.tenant_id = $1 AND d.user_id = $2 AND d.read_at IS NULL`,
    [tenantId, userId],
  );
  return { unread: rows[0]?.unread ?? 0, changedAssetIds: rows[0]?.asset_ids ?? [] };
}

/** Marks one of the user's notifications read (kept as first read); undefined when it is not theirs. */
export async function markNotificationRead(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  id: string,
): Promise<UserNotificationRow | undefined> {
  const { rows } = await db.query<Row>(
    `WITH marked AS (
       UPDATE notification_deliveries SET read_at = COALESCE(read_at, now())
        WHERE tenant_id = $1 AND user_id = $2 AND id = $3::bigint
        RETURNING id, tenant_id, event_id, user_id, reasons, created_at, read_at)
     SELECT ${COLUMNS}
       FROM marked d JOIN catalog_events e ON e.tenant_id = d.tenant_id AND e.id = d.event_id`,
    [tenantId, userId, id],
  );
  return rows[0] ? toNotification(rows[0]) : undefined;
}

/** Marks every unread notification of the user read; answers how many it marked. */
export async function markAllNotificationsRead(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<number> {
  const r = await db.query(
    `UPDATE notification_deliveries SET read_at = now()
      WHERE tenant_id = $1 AND user_id = $2 AND read_at IS NULL`,
    [tenantId, userId],
  );
  return r.rowCount;
}

/** The issue time of the user's private feed token (unix seconds); undefined when they have no feed. */
export async function findNotificationFeedIssuedAt(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<number | undefined> {
  const { rows } = await db.query<{ issued_at: string }>(
    'SELECT issued_at::text AS issued_at FROM notification_feeds WHERE tenant_id = $1 AND user_id = $2',
    [tenantId, userId],
  );
  return rows[0] ? Number(rows[0].issued_at) : undefined;
}

/**
 * Issues the user's feed token anew: a new issue time, later than the last even within the same second,
 * so every URL made before stops working. Answers the new issue time.
 */
export async function issueNotificationFeed(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<number> {
  const { rows } = await db.query<{ issued_at: string }>(
    `INSERT INTO notification_feeds (tenant_id, user_id, issued_at)
     VALUES ($1, $2, floor(extract(epoch FROM clock_timestamp()))::bigint)
     ON CONFLICT (tenant_id, user_id) DO UPDATE
       SET issued_at = GREATEST(EXCLUDED.issued_at, notification_feeds.issued_at + 1)
     RETURNING issued_at::text AS issued_at`,
    [tenantId, userId],
  );
  return Number(rows[0]!.issued_at);
}

/** The change (event id) of one of the user's notifications; undefined when it is not theirs. */
export async function findNotificationEventId(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  id: string,
): Promise<number | undefined> {
  const { rows } = await db.query<{ event_id: string }>(
    'SELECT event_id::text AS event_id FROM notification_deliveries WHERE tenant_id = $1 AND user_id = $2 AND id = $3::bigint',
    [tenantId, userId, id],
  );
  return rows[0] ? Number(rows[0].event_id) : undefined;
}
