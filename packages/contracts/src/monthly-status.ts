import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { timeZone } from './notification-frequency.ts';
import { userId } from './tracker.ts';

/**
 * The monthly "status of your list" report, opt-in (off by default). Sent on the 1st of each
 * month at the digest's hour in the user's time zone (the frequency's; 08:00 and the given zone when the
 * user never chose one), with every tracked standard's edition and status, so "nothing changed" is on
 * record (migration 0023, db `notification-status-reports.ts`).
 */
export const MONTHLY_STATUS_PATH = '/api/tracker/v1/monthly-status';

/** The report lists at most this many standards, then "and N more" with a link to the tracker. */
export const MONTHLY_STATUS_MAX_ROWS = 500;

export const monthlyStatusAnswer = z
  .object({
    enabled: z.boolean(),
    /** The local hour it is sent on the 1st (the digest's hour). */
    hour: z.number().int().min(0).max(23),
    /** The zone it is timed in; null while the user never chose one (the portal offers the browser's). */
    timeZone: z.string().nullable(),
  })
  .strict();
export type MonthlyStatusAnswer = z.infer<typeof monthlyStatusAnswer>;
export const monthlyStatusResponse = successEnvelope(monthlyStatusAnswer);
export const monthlyStatusQuery = z.object({ userId }).strict();

/** `timeZone` is used only while the user has no zone yet (then it becomes theirs, for digests too). */
export const saveMonthlyStatusBody = z.object({ userId, enabled: z.boolean(), timeZone }).strict();
export type SaveMonthlyStatusBody = z.input<typeof saveMonthlyStatusBody>;
