import type { DatabaseHandle } from '@trackwell/db';
import type { PgBoss, QueueOptions, SendOptions } from 'pg-boss';
import type { z } from 'zod';
import type { Env } from '../../config/env.ts';
import { currentTraceparent, inJobSendSpan } from '../../observability/spans.ts';

/**
 * A job as a definition: a queue name, a version, the Zod shape of its payload (checked when the job is sent
 * and when a worker takes it: a job of another shape fails with the reason, it is not half-run), its retry
 * policy and its handler. The version travels in the job (`v`): when a payload's meaning changes, the
 * definition's version goes up, and a worker of another version fails the job with the reason (pg-boss
 * retries it later, for a worker of its version) instead of misreading it. A job without `v` was written
 * before versions: version 1.
 */
export interface JobDefinition<Payload, Deps extends JobContext = JobContext> {
  name: string;
  version: number;
  payload: z.ZodType<Payload>;
  policy(env: Env): QueueOptions;
  /**
   * At start, the policy is applied to a queue that already exists too (the notifications' dispatch queue
   * was created before it had one); otherwise an existing queue keeps the policy it was created with.
   */
  refreshPolicy?: boolean;
  /**
   * The job's body, given what it works with (this process's database, settings and queue, and more).
   * `signal` aborts when the job is taken away (the worker's shutdown ran out of time, or its claim expired):
   * a long handler stops at the next step it can stop at and leaves the rest to the job's retry.
   */
  handle(deps: Deps): (payload: Payload, retryCount: number, signal: AbortSignal) => Promise<void>;
}

/** What every job's handler works with; a definition may ask for more (`Deps`), given when it is registered. */
export interface JobContext {
  db: DatabaseHandle;
  env: Env;
  boss: PgBoss;
}

/**
 * What a job of this definition carries: its payload, checked, its version, and (tracing on) the W3C
 * traceparent of the span that queued it, so the worker's span continues the same trace.
 */
export function jobData<P>(job: Pick<JobDefinition<P>, 'payload' | 'version'>, payload: P): object {
  const data = { ...(job.payload.parse(payload) as object), v: job.version };
  const traceparent = currentTraceparent();
  return traceparent ? { ...data, traceparent } : data;
}

/** The traceparent a job's data carries (jobData), if any. */
export const jobTraceparent = (data: unknown): unknown =>
  (data as { traceparent?: unknown } | null)?.traceparent;

/** The payload of a job taken from the queue; throws (the job fails, with why) on another version or shape. */
export function readJobData<P>(
  job: Pick<JobDefinition<P>, 'name' | 'payload' | 'version'>,
  data: unknown,
): P {
  const version = (data as { v?: unknown } | null)?.v ?? 1;
  if (version !== job.version)
    throw new Error(
      `${job.name}: a job of version ${String(version)}; this worker handles version ${job.version}`,
    );
  // The version and the trace are the envelope's, not the payload's: a strict payload shape must not see them.
  const { v: _version, traceparent: _trace, ...payload } = (data ?? {}) as Record<string, unknown>;
  return job.payload.parse(payload);
}

type Sendable<P> = Pick<JobDefinition<P>, 'name' | 'payload' | 'version'>;

/**
 * Wakes this process's workers of a queue: they fetch now instead of at their next poll. Called when a job
 * was just put on the queue, and when a worker has finished one (there may be more: pg-boss otherwise waits
 * out the polling interval after every job it fetched, however short the job was). A change's e-mails wait
 * for two jobs in turn (dispatch, then the sender batches), each up to its queue's polling interval, then
 * for each batch after the first (bench/fanout: a second of idle before the first e-mail, and a tenth of
 * the run between batches). Workers in other processes find a job at their next poll; a job due later
 * (`startAfter`) is not fetched early; a fetch that finds nothing returns to polling.
 */
export function wakeLocalWorkers(boss: PgBoss, name: string): void {
  for (const worker of boss.getWipData()) if (worker.name === name) boss.notifyWorker(worker.id);
}

/** Queues one job, its payload checked first. */
export async function queueJob<P>(
  boss: PgBoss,
  job: Sendable<P>,
  payload: P,
  options?: SendOptions,
): Promise<void> {
  await inJobSendSpan(job.name, async () => {
    if (options) await boss.send(job.name, jobData(job, payload), options);
    else await boss.send(job.name, jobData(job, payload));
  });
  wakeLocalWorkers(boss, job.name);
}

/** Queues many jobs of one definition, payloads checked first, 1,000 per insert statement. */
export async function queueJobs<P>(boss: PgBoss, job: Sendable<P>, payloads: P[]): Promise<void> {
  if (payloads.length === 0) return;
  await inJobSendSpan(job.name, async () => {
    const data = payloads.map((p) => ({ data: jobData(job, p) }));
    for (let i = 0; i < data.length; i += 1000) await boss.insert(job.name, data.slice(i, i + 1000));
  });
  wakeLocalWorkers(boss, job.name);
}
