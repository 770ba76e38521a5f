import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from '../client.ts';

/**
 * An organisation list's outside recipients and their e-mails (migration 0050). Every statement names the
 * tenant and the list, so a recipient of another list, organisation or store is never read or changed. The
 * e-mails are queued set-based in the transaction that records a change (one per change, list and subscribed
 * address: the unique key makes a replay queue nothing), then claimed, sent and marked by the worker.
 */

export interface ListRecipientRow {
  id: string;
  email: string;
  addedAt: Date;
  unsubscribedAt: Date | null;
}

export type AddRecipientResult =
  | { ok: true; recipient: ListRecipientRow }
  | { ok: false; reason: 'taken' | 'unsubscribed' | 'limit' };

const RECIPIENT_COLUMNS = `id, email, added_at AS "addedAt", unsubscribed_at AS "unsubscribedAt"`;

/** The list's outside addresses, subscribed first, each by address. */
export async function listListRecipients(
  db: SqlExecutor,
  tenantId: string,
  listId: string,
): Promise<ListRecipientRow[]> {
  const { rows } = await db.query<ListRecipientRow>(
    `SELECT ${RECIPIENT_COLUMNS} FROM organisation_list_recipients
      WHERE tenant_id = $1 AND list_id = $2::bigint ORDER BY unsubscribed_at IS NOT NULL, email`,
    [tenantId, listId],
  );
  return rows;
}

/**
 * Adds an address (lower case) to the list, in the caller's transaction: the list row is locked first, so
 * two editors adding at once cannot pass the limit of `max` subscribed addresses together.
 */
export async function addListRecipient(
  tx: SqlExecutor,
  tenantId: string,
  listId: string,
  recipient: { email: string; addedBy: string; max: number },
): Promise<AddRecipientResult> {
  await tx.query('SELECT 1 FROM organisation_lists WHERE tenant_id = $1 AND id = $2::bigint FOR UPDATE', [
    tenantId,
    listId,
  ]);
  const { rows: existing } = await tx.query<{ unsubscribed: boolean }>(
    `SELECT unsubscribed_at IS NOT NULL AS unsubscribed FROM organisation_list_recipients
      WHERE tenant_id = $1 AND list_id = $2::bigint AND email = $3`,
    [tenantId, listId, recipient.email],
  );
  if (existing[0]) return { ok: false, reason: existing[0].unsubscribed ? 'unsubscribed' : 'taken' };
  const { rows: count } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM organisation_list_recipients
      WHERE tenant_id = $1 AND list_id = $2::bigint AND unsubscribed_at IS NULL`,
    [tenantId, listId],
  );
  if ((count[0]?.n ?? 0) >= recipient.max) return { ok: false, reason: 'limit' };
  const { rows } = await tx.query<ListRecipientRow>(
    `INSERT INTO organisation_list_recipients (id, tenant_id, list_id, email, added_by)
     VALUES ($1, $2, $3::bigint, $4, $5) RETURNING ${RECIPIENT_COLUMNS}`,
    [randomUUID(), tenantId, listId, recipient.email, recipient.addedBy],
  );
  return { ok: true, recipient: rows[0]! };
}

/**
 * Removes a subscribed address from the list: 'none' when the list has no such recipient; 'unsubscribed'
 * when it unsubscribed itself (it stays listed, so nobody adds it again).
 */
export async function removeListRecipient(
  tx: SqlExecutor,
  tenantId: string,
  listId: string,
  recipientId: string,
): Promise<{ outcome: 'removed' | 'none' | 'unsubscribed'; email?: string }> {
  const { rows } = await tx.query<{ email: string; unsubscribed: boolean }>(
    `SELECT email, unsubscribed_at IS NOT NULL AS unsubscribed FROM organisation_list_recipients
      WHERE tenant_id = $1 AND list_id = $2::bigint AND id = $3 FOR UPDATE`,
    [tenantId, listId, recipientId],
  );
  const row = rows[0];
  if (!row) return { outcome: 'none' };
  if (row.unsubscribed) return { outcome: 'unsubscribed', email: row.email };
  await tx.query('DELETE FROM organisation_list_recipients WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    recipientId,
  ]);
  return { outcome: 'removed', email: row.email };
}

/** An outside recipient as its unsubscribe page names it: the address, the list and the organisation. */
export interface ListRecipientPage {
  email: string;
  listName: string;
  organisationName: string;
  unsubscribedAt: Date | null;
}

export async function findListRecipientPage(
  db: SqlExecutor,
  tenantId: string,
  recipientId: string,
): Promise<ListRecipientPage | undefined> {
  const { rows } = await db.query<ListRecipientPage>(
    `SELECT r.email, l.name AS "listName", o.name AS "organisationName", r.unsubscribed_at AS "unsubscribedAt"
       FROM organisation_list_recipients r
       JOIN organisation_lists l ON l.tenant_id = r.tenant_id AND l.id = r.list_id
       JOIN organisations o ON o.tenant_id = l.tenant_id AND o.id = l.organisation_id
      WHERE r.tenant_id = $1 AND r.id = $2`,
    [tenantId, recipientId],
  );
  return rows[0];
}

/** The one-click unsubscribe: once (a second click changes nothing); its pending e-mails are not sent. */
export async function unsubscribeListRecipient(db: SqlExecutor, tenantId: string, recipientId: string) {
  await db.query(
    `UPDATE organisation_list_recipients SET unsubscribed_at = now()
      WHERE tenant_id = $1 AND id = $2 AND unsubscribed_at IS NULL`,
    [tenantId, recipientId],
  );
}

/**
 * In the transaction recording the changes `eventIds`: one pending e-mail per change to a standard and
 * subscribed address of each list holding that standard, in one statement. Answers how many were queued.
 */
export async function queueListRecipientMails(
  tx: SqlExecutor,
  tenantId: string,
  eventIds: readonly number[],
): Promise<number> {
  if (eventIds.length === 0) return 0;
  const { rowCount } = await tx.query(
    `INSERT INTO organisation_list_mails (tenant_id, recipient_id, catalog_event_id)
     SELECT r.tenant_id, r.id, e.id
       FROM catalog_events e
       JOIN organisation_list_standards ls ON ls.tenant_id = e.tenant_id AND ls.standard_id = e.standard_id
       JOIN organisation_list_recipients r
         ON r.tenant_id = ls.tenant_id AND r.list_id = ls.list_id AND r.unsubscribed_at IS NULL
      WHERE e.tenant_id = $1 AND e.id = ANY($2::bigint[])
     ON CONFLICT (tenant_id, recipient_id, catalog_event_id) DO NOTHING`,
    [tenantId, eventIds],
  );
  return rowCount ?? 0;
}
