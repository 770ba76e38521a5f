import {
  type DatabaseHandle,
  hasUnfinishedJobs,
  listEventsWithPendingDeliveries,
  listPendingDeliveryIds,
} from '@trackwell/db';
import { z } from 'zod';
import { type JobContext, type JobDefinition, queueJob, queueJobs } from '../jobs/definition.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { queueEventWebhooks } from '../webhooks/jobs.ts';
import type { Sender } from './sender.ts';

/** Sender jobs one worker process runs at once (each with NOTIFICATIONS_SMTP_CONNECTIONS lanes). */
export const SEND_LOCAL_CONCURRENCY = 2;
const POLLING_INTERVAL_SECONDS = 0.5;

/** What the sender job works with beyond the jobs' context. */
export interface SendJobDeps extends JobContext {
  sender: Pick<Sender, 'sendBatch'>;
}

/**
 * Lists an event's pending rows and queues them in sender batches of NOTIFICATIONS_BATCH_SIZE; queues the
 * first attempt of the event's webhook messages (webhooks/jobs.ts).
 */
export const dispatchJob: JobDefinition<{ eventId: number }> = {
  name: 'notifications-dispatch',
  version: 1,
  payload: z.object({ eventId: z.number().int().positive() }),
  // A dispatch job only lists ids and queues batches: when its worker dies (SIGKILL), it must expire as soon
  // as a sender's claim does, not after pg-boss's default 15 minutes, during which the sweep (which waits
  // while any job is active) would leave the event's e-mails unsent (scripts/faults).
  policy: (env) => ({
    retryLimit: 5,
    retryBackoff: true,
    retryDelay: 5,
    expireInSeconds: env.NOTIFICATIONS_CLAIM_SECONDS,
  }),
  refreshPolicy: true,
  handle:
    ({ db, env, boss }) =>
    async ({ eventId }) => {
      const ids = await listPendingDeliveryIds(db, eventId);
      const batches: Array<{ ids: number[] }> = [];
      for (let i = 0; i < ids.length; i += env.NOTIFICATIONS_BATCH_SIZE)
        batches.push({ ids: ids.slice(i, i + env.NOTIFICATIONS_BATCH_SIZE) });
      await queueJobs(boss, sendJob, batches);
      await queueEventWebhooks(db, boss, eventId);
    },
};

/** Claims, renders, sends and marks one batch of outbox rows. */
export const sendJob: JobDefinition<{ ids: number[] }, SendJobDeps> = {
  name: 'notifications-send',
  version: 1,
  payload: z.object({ ids: z.array(z.number().int().positive()) }),
  policy: (env) => ({
    retryLimit: env.NOTIFICATIONS_RETRY_LIMIT,
    retryDelay: env.NOTIFICATIONS_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: env.NOTIFICATIONS_CLAIM_SECONDS, // a dead sender's job is retried after it
  }),
  handle:
    ({ env, sender }) =>
    async ({ ids }, retryCount, signal) => {
      const result = await sender.sendBatch(ids, {
        finalAttempt: retryCount >= env.NOTIFICATIONS_RETRY_LIMIT,
        signal,
      });
      // pg-boss retries the job with backoff; rows already sent are skipped then.
      if (result.retry > 0)
        throw new Error(`${result.retry} recipients left for a retry (a temporary SMTP failure, or stopped)`);
    },
};

/** This process works both jobs: dispatch (event → batches) and send (a batch → e-mails). */
export function registerNotificationJobs(jobs: JobQueue, sender: SendJobDeps['sender']): void {
  jobs.register(dispatchJob, { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, {});
  jobs.register(
    sendJob,
    { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, localConcurrency: SEND_LOCAL_CONCURRENCY },
    { sender },
  );
}

/**
 * The sweep's step: rows left pending and unclaimed (a crash between the commit and the dispatch job, events
 * applied by a CLI, a sender that died and whose claims expired) are queued again. While dispatch or sender
 * jobs are queued or running they own the pending rows: sweeping then would only queue the same rows twice
 * (harmless thanks to the claims, but wasteful), so it waits.
 */
export function registerPendingSweep(jobs: JobQueue, db: DatabaseHandle): void {
  jobs.addSweepStep(async (boss) => {
    if (await hasUnfinishedJobs(db, [dispatchJob.name, sendJob.name])) return;
    for (const eventId of await listEventsWithPendingDeliveries(db))
      await queueJob(boss, dispatchJob, { eventId });
  });
}
