import { z } from 'zod';
import type { JobContext, JobDefinition } from '../jobs/definition.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { DigestRunner } from './digests.ts';

const POLLING_INTERVAL_SECONDS = 2;

/** What the digest job works with beyond the jobs' context. */
interface DigestJobDeps extends JobContext {
  digests: Pick<DigestRunner, 'run'>;
}

/**
 * Creates the digests due now in each user's own time zone and sends them (digests.ts). Queued by every
 * worker every NOTIFICATIONS_DIGEST_EVERY_SECONDS (a sweep step on its own timer, not the sweep's minute)
 * with a pg-boss singleton slot of that length, so one job per slot runs however many workers there are;
 * even two at once send each digest once (the period key and the claims).
 */
export const digestJob: JobDefinition<Record<string, never>, DigestJobDeps> = {
  name: 'notifications-digests',
  version: 1,
  payload: z.object({}).strict(),
  policy: (env) => ({ retryLimit: 2, retryDelay: 60, expireInSeconds: env.NOTIFICATIONS_CLAIM_SECONDS }),
  handle:
    ({ digests }) =>
    async (_payload, _retryCount, signal) => {
      await digests.run(new Date(), signal);
    },
};

/** The digest job, worked by this process. */
export function registerDigestJob(jobs: JobQueue, digests: DigestJobDeps['digests']): void {
  jobs.register(digestJob, { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, { digests });
}

/**
 * The sweep's step, on its own timer of NOTIFICATIONS_DIGEST_EVERY_SECONDS: at most one digest job per slot
 * of that length, whichever worker asks first.
 */
export function registerDigestSweep(jobs: JobQueue, everySeconds: number): void {
  jobs.addSweepStep(async () => {
    await jobs.send(digestJob, {}, { singletonKey: 'digests', singletonSeconds: everySeconds });
  }, everySeconds);
}
