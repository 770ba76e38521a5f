import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { canonicalTimeZone } from './time-zones.ts';
import { userId } from './tracker.ts';

/**
 * How often a user is e-mailed: instant (one e-mail per change, the default), or a daily or weekly digest at the
 * hour (and weekday) the user picks, in the user's own IANA time zone. The worker's digest job reads the
 * same choice (migration 0019, db `notification-schedules.ts`).
 */
export const NOTIFICATION_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type NotificationFrequencyChoice = (typeof NOTIFICATION_FREQUENCIES)[number];

export const NOTIFICATION_FREQUENCY_PATH = '/api/tracker/v1/notification-frequency';

/** When never chosen: instant; a digest chosen later starts at 08:00 on Mondays unless the user says otherwise. */
export const DEFAULT_DIGEST_HOUR = 8;
/** 0 = Sunday … 6 = Saturday (JavaScript's getDay and PostgreSQL's dow agree). */
export const DEFAULT_DIGEST_WEEKDAY = 1;

/** A zone as stored: its current IANA name ("Asia/Calcutta" is saved as "Asia/Kolkata"). */
export const timeZone = z
  .string()
  .max(64)
  .refine((zone) => canonicalTimeZone(zone) !== undefined, 'an IANA time zone such as Europe/Madrid')
  .transform((zone) => canonicalTimeZone(zone) ?? zone);

export const notificationFrequency = z
  .object({
    frequency: z.enum(NOTIFICATION_FREQUENCIES),
    /** The local hour a digest is sent, 0–23. */
    hour: z.number().int().min(0).max(23),
    /** The weekly digest's day, 0 = Sunday … 6 = Saturday (kept, unused, for a daily one). */
    weekday: z.number().int().min(0).max(6),
    timeZone,
  })
  .strict();
export type NotificationFrequency = z.output<typeof notificationFrequency>;

/** The answer: the choice, with `timeZone` null while the user never chose (the portal offers the browser's). */
export const notificationFrequencyAnswer = z
  .object({
    frequency: z.enum(NOTIFICATION_FREQUENCIES),
    hour: z.number().int().min(0).max(23),
    weekday: z.number().int().min(0).max(6),
    timeZone: z.string().nullable(),
  })
  .strict();
export type NotificationFrequencyAnswer = z.infer<typeof notificationFrequencyAnswer>;
export const notificationFrequencyResponse = successEnvelope(notificationFrequencyAnswer);
export const notificationFrequencyQuery = z.object({ userId }).strict();
export const saveNotificationFrequencyBody = notificationFrequency.extend({ userId }).strict();
export type SaveNotificationFrequencyBody = z.input<typeof saveNotificationFrequencyBody>;
