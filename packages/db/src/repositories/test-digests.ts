import type { SqlExecutor } from '../client.ts';
import { type ClaimedDigest, digestItemsSql } from './notification-digests.ts';

/**
 * A test digest (the account's "Send me a test digest now"): the changes held for the user's next digest,
 * read as the digest run would send them (notification-digests.ts `claimDigests`), with nothing claimed,
 * tied or marked: the real digest still comes at its time with the same changes.
 */
export type HeldDigest = Omit<ClaimedDigest, 'id' | 'period' | 'kind'> & {
  frequency: 'instant' | 'daily' | 'weekly';
};

export async function heldDigestOf(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<HeldDigest | undefined> {
  const { rows } = await db.query<HeldDigest>(
    `SELECT u.tenant_id AS "tenantId", u.id AS "userId", u.login, u.first_name AS "firstName",
            u.last_name AS "lastName", u.locale, coalesce(s.frequency, 'instant') AS frequency,
            ${digestItemsSql(
              "d.tenant_id = u.tenant_id AND d.user_id = u.id AND d.digest AND d.digest_id IS NULL AND d.status = 'pending'",
            )} AS items
       FROM users u
       LEFT JOIN notification_schedules s ON s.tenant_id = u.tenant_id AND s.user_id = u.id
      WHERE u.tenant_id = $1 AND u.id = $2`,
    [tenantId, userId],
  );
  return rows[0];
}
