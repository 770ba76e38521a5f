import {
  type DatabaseHandle,
  listOverdueWebhookMessageIds,
  listPendingWebhookMessageIds,
  type SqlExecutor,
} from '@trackwell/db';
import type { PgBoss, QueueOptions } from 'pg-boss';
import { z } from 'zod';
import type { Env } from '../../config/env.ts';
import { attemptWebhookMessage } from './deliver.ts';

/**
 * The webhook delivery job: one job per attempt of one message (its row id). A failed attempt that has
 * attempts left queues the next one itself, due at the message's `next_attempt_at` (the backoff of
 * deliver.ts), so the log's "next attempt" is exactly when it runs. pg-boss's own retries cover only a job
 * that crashed. Running the same job twice sends nothing twice while an attempt holds the message, and the
 * message id (the `webhook-id` header) is the same on every attempt: receivers drop a redelivery.
 */
/** A job definition of notifications/jobs.ts's shape (`JobDefinition`), typed here without importing it. */
interface WebhookJobDefinition {
  name: string;
  version: number;
  payload: z.ZodType<{ messageId: number }>;
  policy(env: Env): QueueOptions;
  handle(deps: {
    db: DatabaseHandle;
    env: Env;
    boss: PgBoss;
  }): (payload: { messageId: number }) => Promise<void>;
}

export const webhookDeliverJob: WebhookJobDefinition = {
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
        await boss.send(
          webhookDeliverJob.name,
          { messageId, v: webhookDeliverJob.version },
          {
            startAfter: result.nextAttemptAt,
          },
        );
    },
};

/** Queues the first attempt of each pending message of an event (the dispatch job calls it). */
export async function queueEventWebhooks(db: SqlExecutor, boss: PgBoss, eventId: number): Promise<void> {
  const ids = await listPendingWebhookMessageIds(db, eventId);
  const jobs = ids.map((messageId) => ({ data: { messageId, v: webhookDeliverJob.version } }));
  for (let i = 0; i < jobs.length; i += 1000)
    await boss.insert(webhookDeliverJob.name, jobs.slice(i, i + 1000));
}

/** Messages whose attempt is overdue by a minute (their job was lost in a crash): queued again. */
export async function queueOverdueWebhooks(db: SqlExecutor, boss: PgBoss): Promise<void> {
  const ids = await listOverdueWebhookMessageIds(db, 60);
  const jobs = ids.map((messageId) => ({ data: { messageId, v: webhookDeliverJob.version } }));
  if (jobs.length > 0) await boss.insert(webhookDeliverJob.name, jobs);
}
