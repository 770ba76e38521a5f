import { type DatabaseHandle, listPendingDeliveryIds } from '@trackwell/db';
import type { PgBoss, QueueOptions } from 'pg-boss';
import { z } from 'zod';
import type { Env } from '../../config/env.ts';
import { queueEventWebhooks, webhookDeliverJob } from '../webhooks/jobs.ts';
import type { DigestRunner } from './digests.ts';
import type { Sender } from './sender.ts';

/**
 * The notification pipeline's jobs as definitions: each a queue name, a version, the Zod shape of its payload
 * (checked when the job is sent and when a worker takes it: a job of another shape fails with the reason, it
 * is not half-run), its retry policy and its handler. The version travels in the job (`v`): when a payload's meaning
 * changes, the definition's version goes up, and a worker of another version fails the job with the reason
 * (pg-boss retries it later, for a worker of its version) instead of misreading it. A job without `v` was
 * written before versions: version 1.
 */
export interface JobDefinition<Payload> {
  name: string;
  version: number;
  payload: z.ZodType<Payload>;
  policy(env: Env): QueueOptions;
  /** The job's body, given what it works with (this process's database, settings, queue and sender). */
  handle(deps: JobDeps): (payload: Payload, retryCount: number) => Promise<void>;
}

/** What a job's handler works with. */
export interface JobDeps {
  db: DatabaseHandle;
  env: Env;
  boss: PgBoss;
  sender: Pick<Sender, 'sendBatch'>;
  digests: Pick<DigestRunner, 'run'>;
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
export const sendJob: JobDefinition<{ ids: number[] }> = {
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
    async ({ ids }, retryCount) => {
      const result = await sender.sendBatch(ids, {
        finalAttempt: retryCount >= env.NOTIFICATIONS_RETRY_LIMIT,
      });
      // pg-boss retries the job with backoff; rows already sent are skipped then.
      if (result.retry > 0) throw new Error(`${result.retry} recipients got a temporary SMTP failure`);
    },
};

/** How often the digest job runs at most (issue 16 §2): a digest goes out within this after its hour. */
export const DIGEST_EVERY_SECONDS = 300;

/**
 * Issue 16 §2: creates the digests due now in each user's own time zone and sends them (digests.ts). Queued
 * by every worker's sweep with a pg-boss singleton slot of DIGEST_EVERY_SECONDS, so one job per slot runs
 * however many workers there are; even two at once send each digest once (the period key and the claims).
 */
export const digestJob: JobDefinition<Record<string, never>> = {
  name: 'notifications-digests',
  version: 1,
  payload: z.object({}).strict(),
  policy: (env) => ({ retryLimit: 2, retryDelay: 60, expireInSeconds: env.NOTIFICATIONS_CLAIM_SECONDS }),
  handle:
    ({ digests }) =>
    async () => {
      await digests.run(new Date());
    },
};

/** Creates the queues with their policies (and updates the dispatch queue's, created before it had one). */
export async function ensureQueues(boss: PgBoss, env: Env): Promise<void> {
  await boss.createQueue(dispatchJob.name, dispatchJob.policy(env));
  await boss.updateQueue(dispatchJob.name, dispatchJob.policy(env));
  await boss.createQueue(sendJob.name, sendJob.policy(env));
  await boss.createQueue(webhookDeliverJob.name, webhookDeliverJob.policy(env));
  await boss.createQueue(digestJob.name, digestJob.policy(env));
}

/** What a job of this definition carries: its payload, checked, and its version. */
export const jobData = <P>(job: JobDefinition<P>, payload: P): object => ({
  ...(job.payload.parse(payload) as object),
  v: job.version,
});

/** The payload of a job taken from the queue; throws (the job fails, with why) on another version or shape. */
export function readJobData<P>(job: JobDefinition<P>, data: unknown): P {
  const version = (data as { v?: unknown } | null)?.v ?? 1;
  if (version !== job.version)
    throw new Error(
      `${job.name}: a job of version ${String(version)}; this worker handles version ${job.version}`,
    );
  // `v` is the job's envelope, not its payload: a strict payload (the digest job's) would refuse it.
  if (data === null || typeof data !== 'object') return job.payload.parse(data);
  const { v: _version, ...payload } = data as Record<string, unknown>;
  return job.payload.parse(payload);
}

/** Queues one job, its payload checked first. */
export async function queueJob<P>(boss: PgBoss, job: JobDefinition<P>, payload: P): Promise<void> {
  await boss.send(job.name, jobData(job, payload));
}

/** Queues many jobs of one definition, payloads checked first, 1,000 per insert statement. */
export async function queueJobs<P>(boss: PgBoss, job: JobDefinition<P>, payloads: P[]): Promise<void> {
  const data = payloads.map((p) => ({ data: jobData(job, p) }));
  for (let i = 0; i < data.length; i += 1000) await boss.insert(job.name, data.slice(i, i + 1000));
}

/** Works jobs of one definition: each payload checked, then its handler with it and the job's retry count. */
export async function workJobs<P>(
  job: JobDefinition<P>,
  options: { pollingIntervalSeconds: number; localConcurrency?: number },
  deps: JobDeps,
): Promise<void> {
  const handler = job.handle(deps);
  await deps.boss.work<unknown>(job.name, options, async (jobs) => {
    for (const j of jobs) await handler(readJobData(job, j.data), j.retryCount);
  });
}
