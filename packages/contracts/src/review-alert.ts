import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { userId } from './tracker.ts';

/** A reader's alert before a forecast review date (off by default): the tracker service's preference. */
export const REVIEW_ALERT_PATH = '/api/tracker/v1/review-alert';
/** The months ahead an alert is sent when the reader has never chosen. */
export const DEFAULT_REVIEW_ALERT_MONTHS = 6;

export const reviewAlertAnswer = z
  .object({
    enabled: z.boolean(),
    /** How many months before the forecast date the alert comes (1–24). */
    monthsBefore: z.number().int().min(1).max(24),
  })
  .strict();
export type ReviewAlertAnswer = z.infer<typeof reviewAlertAnswer>;
export const reviewAlertResponse = successEnvelope(reviewAlertAnswer);
export const reviewAlertQuery = z.object({ userId }).strict();
export const saveReviewAlertBody = reviewAlertAnswer.extend({ userId }).strict();
export type SaveReviewAlertBody = z.infer<typeof saveReviewAlertBody>;
