import type { SqlExecutor } from '../client.ts';

/*
 * The account's "Tracking e-mails" status: whether the user gets tracking e-mails is the e-mail pipeline's
 * rule (event-matching.ts): no TRACKER unsubscribe on record, and something tracked (a standard with e-mails
 * on, or a committee, industry area or publisher).
 */

/** What the user's tracking e-mails cover now: unsubscribed, standards tracked with e-mails on, sources. */
export async function trackingEmailCoverage(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<{ unsubscribed: boolean; standards: number; sources: number }> {
  const { rows } = await db.query<{ unsubscribed: boolean; standards: number; sources: number }>(
    `SELECT EXISTS (SELECT 1 FROM tracking_unsubscribes
                     WHERE tenant_id = $1 AND user_id = $2 AND application_code = 'TRACKER') AS unsubscribed,
            (SELECT count(*)::int FROM content_trackings
              WHERE tenant_id = $1 AND user_id = $2 AND NOT tracking_off) AS standards,
            (SELECT count(*)::int FROM source_trackings
              WHERE tenant_id = $1 AND user_id = $2
                AND tracking_type IN ('COMMITTEE', 'INDUSTRYAREA', 'PUBLISHERS')) AS sources`,
    [tenantId, userId],
  );
  return rows[0]!;
}
