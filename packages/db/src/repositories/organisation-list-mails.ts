import type { NotificationChange } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * The outside recipients' e-mails (migration 0050), as the worker sends them: pending rows are claimed for a
 * while (a row of a dead sender is claimed again once its claim ends), sent, and marked sent, or failed after
 * the last attempt. A row whose address unsubscribed meanwhile is never claimed.
 */

export interface ListMail {
  id: number;
  tenantId: string;
  recipientId: string;
  email: string;
  eventId: number;
  kind: string;
  change: NotificationChange;
  listName: string;
  organisationName: string;
  attempts: number;
}

/** Claims up to `limit` pending e-mails for `seconds`, oldest first; `attempts` counts this one. */
export async function claimListMails(db: SqlExecutor, limit: number, seconds: number): Promise<ListMail[]> {
  const { rows } = await db.query<ListMail>(
    `WITH picked AS (
       SELECT m.id FROM organisation_list_mails m
         JOIN organisation_list_recipients r ON r.tenant_id = m.tenant_id AND r.id = m.recipient_id
        WHERE m.status = 'pending' AND (m.claimed_until IS NULL OR m.claimed_until < now())
          AND r.unsubscribed_at IS NULL
        ORDER BY m.created_at, m.id LIMIT $1 FOR UPDATE OF m SKIP LOCKED)
     UPDATE organisation_list_mails m
        SET claimed_until = now() + make_interval(secs => $2), attempts = m.attempts + 1
       FROM picked, organisation_list_recipients r, organisation_lists l, organisations o, catalog_events e
      WHERE m.id = picked.id
        AND r.tenant_id = m.tenant_id AND r.id = m.recipient_id
        AND l.tenant_id = r.tenant_id AND l.id = r.list_id
        AND o.tenant_id = l.tenant_id AND o.id = l.organisation_id
        AND e.tenant_id = m.tenant_id AND e.id = m.catalog_event_id
     RETURNING m.id::int AS id, m.tenant_id AS "tenantId", m.recipient_id AS "recipientId", r.email,
               e.id::int AS "eventId", e.kind, e.change, l.name AS "listName", o.name AS "organisationName",
               m.attempts`,
    [limit, seconds],
  );
  return rows;
}

export async function markListMailSent(db: SqlExecutor, id: number) {
  await db.query(
    `UPDATE organisation_list_mails SET status = 'sent', sent_at = now(), claimed_until = NULL, last_error = NULL
      WHERE id = $1`,
    [id],
  );
}

/** A failed send: pending again once its claim ends, or failed for good after the last attempt. */
export async function markListMailFailed(db: SqlExecutor, id: number, error: string, final: boolean) {
  await db.query(
    `UPDATE organisation_list_mails SET status = CASE WHEN $3 THEN 'failed' ELSE 'pending' END,
            last_error = left($2, 500) WHERE id = $1`,
    [id, error, final],
  );
}
