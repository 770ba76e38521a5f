import { listOverdueWebhookMessageIds, listPendingWebhookMessageIds, type SqlExecutor } from '@trackwell/db';
import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { type JobDefinition, jobData, queueJobs } from '../jobs/definition.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { attemptWebhookMessage } from './deliver.ts';

/** Webhook attempts one worker process makes at once (each waits at most WEBHOOKS_TIMEOUT_SECONDS). */
const WEBHOOK_LOCAL_CONCURRENCY = 4;
/** Webhooks need no sub-second pickup: a slower poll leaves the one PGlite connection to the e-mails. */
const WEBHOOK_POLLING_INTERVAL_SECONDS = 2;

/**
 * The webhook delivery job: one job per attempt of one message (its row id). A failed attempt that has
 * attempts left queues the next one itself, due at the message's `next_attempt_at` (the backoff of
 * deliver.ts), so the log's "next attempt" is exactly when it runs. pg-boss's own retries cover only a job
 * that crashed. Running the same job twice sends nothing twice while an attempt holds the message, and the
 * message id (the `webhook-id` header) is the same on every attempt: receivers drop a redelivery.
 */
export const webhookDeliverJob: JobDefinition<{ messageId: number }> = {
  name: 'webhooks-deliver',
  version: 1,
  payload: z.object({ messageId: z.number().int().positive() }),
  policy: (env) => ({
    retryLimit: 2,
    retryDelay: env.WEBHOOKS_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: env.WEBHOOKS_TIMEOUT_SECONDS + 60,
  }),
  handle:
    ({ db, env, boss }) =>
    async ({ messageId }) => {
      const result = await attemptWebhookMessage({ db, env }, messageId);
      if (result?.status === 'pending' && result.nextAttemptAt)
        await boss.send(webhookDeliverJob.name, jobData(webhookDeliverJob, { messageId }), {
          startAfter: result.nextAttemptAt,
        });
    },
};

/** Queues the first attempt of each pending message of an event (the notifications' dispatch job calls it). */
export async function queueEventWebhooks(db: SqlExecutor, boss: PgBoss, eventId: number): Promise<void> {
  const ids = await listPendingWebhookMessageIds(db, eventId);
  await queueJobs(
    boss,
    webhookDeliverJob,
    ids.map((messageId) => ({ messageId })),
  );
}

/** Messages whose attempt is overdue by a minute (their job was lost in a crash): queued again. */
export async function queueOverdueWebhooks(db: SqlExecutor, boss: PgBoss): Promise<void> {
  const ids = await listOverdueWebhookMessageIds(db, 60);
  await queueJobs(
    boss,
    webhookDeliverJob,
    ids.map((messageId) => ({ messageId })),
  );
}

/** The delivery job, worked by this process. */
export function registerWebhookJobs(jobs: JobQueue): void {
  jobs.register(
    webhookDeliverJob,
    { pollingIntervalSeconds: WEBHOOK_POLLING_INTERVAL_SECONDS, localConcurrency: WEBHOOK_LOCAL_CONCURRENCY },
    {},
  );
}

/** The sweep's step: overdue attempts queued again. */
export function registerWebhookSweep(jobs: JobQueue, db: SqlExecutor): void {
  jobs.addSweepStep((boss) => queueOverdueWebhooks(db, boss));
}
