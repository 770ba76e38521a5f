import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { userId } from './tracker.ts';

/**
 * The tracking follows the successor: the user's choice to follow a replaced standard's
 * successor automatically (default off: the change e-mail then offers one click), and the e-mail's signed
 * link (GET shows a confirm page, POST acts, as the unsubscribe does).
 */
export const SUCCESSOR_PREFERENCE_PATH = '/api/tracker/v1/successor-preference';
/** The change e-mail's "Track <new> instead" link: `?e=<event id>&t=<signed token>`. */
export const FOLLOW_SUCCESSOR_PATH = '/notifications/follow-successor';

export const successorPreference = z
  .object({
    /** Move my trackings of a replaced standard to its successor when the replacement is published. */
    followAutomatically: z.boolean(),
  })
  .strict();
export type SuccessorPreference = z.infer<typeof successorPreference>;

export const successorPreferenceResponse = successEnvelope(successorPreference);
export const successorPreferenceQuery = z.object({ userId }).strict();
export const saveSuccessorPreferenceBody = successorPreference.extend({ userId }).strict();
export type SaveSuccessorPreferenceBody = z.infer<typeof saveSuccessorPreferenceBody>;
