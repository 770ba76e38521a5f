import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { userId } from './tracker.ts';

/**
 * The account's "Tracking e-mails" status, as the e-mail pipeline decides it: a user who unsubscribed gets
 * none (until they track something again); otherwise e-mails come while they track a standard (with e-mails
 * on) or a committee, industry area or publisher.
 */
export const TRACKING_EMAILS_PATH = '/api/tracker/v1/tracking-emails';

export const TRACKING_EMAIL_STATES = ['receiving', 'unsubscribed', 'nothingTracked'] as const;
export type TrackingEmailState = (typeof TRACKING_EMAIL_STATES)[number];

export interface TrackingEmailCoverage {
  unsubscribed: boolean;
  /** Standards tracked with e-mails on. */
  standards: number;
  /** Committees, industry areas and publishers tracked. */
  sources: number;
}

/** The one rule for the status the account shows. */
export function trackingEmailState(c: TrackingEmailCoverage): TrackingEmailState {
  if (c.unsubscribed) return 'unsubscribed';
  return c.standards + c.sources > 0 ? 'receiving' : 'nothingTracked';
}

export const trackingEmailsAnswer = z
  .object({
    state: z.enum(TRACKING_EMAIL_STATES),
    unsubscribed: z.boolean(),
    standards: z.number().int().min(0),
    sources: z.number().int().min(0),
  })
  .strict();
export type TrackingEmailsAnswer = z.infer<typeof trackingEmailsAnswer>;
export const trackingEmailsResponse = successEnvelope(trackingEmailsAnswer);
export const trackingEmailsQuery = z.object({ userId }).strict();

/**
 * "Send me a test digest now": the user's digest of the current period (the changes held for it), sent now
 * to the user only and marked as a test; nothing is marked as digested. A few a quarter of an hour.
 */
export const TEST_DIGEST_PATH = '/api/tracker/v1/test-digest';
export const TEST_DIGESTS_PER_QUARTER_HOUR = 3;
export const sendTestDigestBody = z.object({ userId }).strict();
export const testDigestAnswer = z
  .object({ changes: z.number().int().min(0).meta({ description: 'How many changes it listed.' }) })
  .strict();
export type TestDigestAnswer = z.infer<typeof testDigestAnswer>;
export const testDigestResponse = successEnvelope(testDigestAnswer);
