import {
  DEFAULT_DIGEST_HOUR,
  DEFAULT_DIGEST_WEEKDAY,
  type NotificationFrequency,
  type NotificationFrequencyAnswer,
} from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';

/**
 * How often a user is e-mailed (migration 0019): instant, or a daily/weekly digest at a local hour (and weekday)
 * in the user's IANA time zone. No row: instant, time zone not chosen yet (the portal offers the browser's).
 */

export async function getNotificationFrequency(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
): Promise<NotificationFrequencyAnswer> {
  const { rows } = await db.query<NotificationFrequencyAnswer>(
    `SELECT frequency, hour, weekday, time_zone AS "timeZone" FROM notification_schedules
      WHERE tenant_id = $1 AND user_id = $2`,
    [tenantId, userId],
  );
  return (
    rows[0] ?? {
      frequency: 'instant',
      hour: DEFAULT_DIGEST_HOUR,
      weekday: DEFAULT_DIGEST_WEEKDAY,
      timeZone: null,
    }
  );
}

/** A zone the runtime knew but this database does not (its digests could not be timed): nothing is saved. */
export class UnknownTimeZoneError extends Error {
  override name = 'UnknownTimeZoneError';
}

/** Saves the user's frequency; the zone must be one the database knows too (pg_timezone_names). */
export async function saveNotificationFrequency(
  tx: SqlExecutor,
  tenantId: string,
  userId: string,
  choice: NotificationFrequency,
): Promise<void> {
  const known = await tx.query('SELECT 1 FROM pg_timezone_names WHERE name = $1', [choice.timeZone]);
  if (known.rows.length === 0) throw new UnknownTimeZoneError(`unknown time zone ${choice.timeZone}`);
  await tx.query(
    `INSERT INTO notification_schedules (tenant_id, user_id, frequency, hour, weekday, time_zone)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (tenant_id, user_id) DO UPDATE
        SET frequency = EXCLUDED.frequency, hour = EXCLUDED.hour, weekday = EXCLUDED.weekday,
            time_zone = EXCLUDED.time_zone, updated_at = now()`,
    [tenantId, userId, choice.frequency, choice.hour, choice.weekday, choice.timeZone],
  );
}
