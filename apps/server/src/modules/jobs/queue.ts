import type { DatabaseHandle } from '@trackwell/db';
import type { PgBoss, QueueOptions, QueueResult, SendOptions } from 'pg-boss';
import type { Env } from '../../config/env.ts';
import { inJobSpan } from '../../observability/spans.ts';
import type { LazyBoss } from './boss.ts';
import {
  type JobContext,
  type JobDefinition,
  jobTraceparent,
  queueJob,
  readJobData,
  wakeLocalWorkers,
} from './definition.ts';

/** How a worker process polls one job's queue, and how many of its jobs it runs at once. */
export interface WorkOptions {
  pollingIntervalSeconds: number;
  localConcurrency?: number;
}

/**
 * The jobs of a process: the modules register their job definitions (with how they are worked) and their
 * sweep steps; the queue creates every registered queue with its policy before the first job is sent, works
 * them when this process is a worker, and runs the sweep (what a crash or a CLI left undone is queued
 * again) now and then. pg-boss itself starts lazily (boss.ts).
 */
export interface JobQueue {
  /** A definition this process queues and works; `deps` adds what its handler needs beyond the context. */
  register<P, D extends JobContext>(
    definition: JobDefinition<P, D>,
    work: WorkOptions,
    deps: Omit<D, keyof JobContext>,
  ): void;
  /**
   * One step of the sweep (steps run in the order they were added). With `everySeconds`, the step also runs
   * on its own timer that often once `sweepEvery` starts, not at the sweep's pace (the digest job's setting).
   */
  addSweepStep(step: (boss: PgBoss) => Promise<void>, everySeconds?: number): void;
  /** pg-boss, started, with every registered queue created. */
  ready(): Promise<PgBoss>;
  /** Queues one job, its payload checked first. */
  send<P>(
    definition: Pick<JobDefinition<P>, 'name' | 'payload' | 'version'>,
    payload: P,
    options?: SendOptions,
  ): Promise<void>;
  /** Works every registered queue in this process. */
  work(): Promise<void>;
  /** Runs the sweep's steps once. */
  sweep(): Promise<void>;
  /** Runs the sweep every `seconds` from now on (a step with its own period on its timer), logging a failure. */
  sweepEvery(seconds: number): void;
  /**
   * Stops the sweep and pg-boss (gracefully: the jobs in hand finish within the shutdown's budget, or are
   * failed back to the queue and told to stop), then waits until no handler runs.
   */
  close(): Promise<void>;
}

export interface JobQueueOptions {
  db: DatabaseHandle;
  env: Env;
  boss: LazyBoss;
  log: { error(o: object, m: string): void };
}

interface Registered {
  definition: JobDefinition<unknown, JobContext>;
  work: WorkOptions;
  deps: object;
}

export function createJobQueue({ db, env, boss, log }: JobQueueOptions): JobQueue {
  const jobs: Registered[] = [];
  const sweepSteps: Array<{ step: (boss: PgBoss) => Promise<void>; everySeconds?: number | undefined }> = [];
  let queuesReady: Promise<PgBoss> | undefined;
  const sweepers: NodeJS.Timeout[] = [];
  const every = (seconds: number, run: () => Promise<void>) => {
    const timer = setInterval(() => {
      run().catch((error: Error) => log.error({ err: error }, 'job sweep failed'));
    }, seconds * 1000);
    timer.unref();
    sweepers.push(timer);
  };
  // The handlers running now: pg-boss's stop aborts them after its timeout without waiting for them to
  // return, and one must not still be writing when the process closes its database.
  const running = new Set<Promise<void>>();

  const ready = () =>
    (queuesReady ??= (async () => {
      const b = await boss.get();
      await createQueues(
        b,
        jobs.map((j) => j.definition),
        env,
      );
      return b;
    })());

  const queue: JobQueue = {
    register(definition, work, deps) {
      jobs.push({ definition: definition as unknown as Registered['definition'], work, deps });
    },
    addSweepStep(step, everySeconds) {
      sweepSteps.push({ step, everySeconds });
    },
    ready,
    async send(definition, payload, options) {
      await queueJob(await ready(), definition, payload, options);
    },
    async work() {
      const b = await ready();
      for (const { definition, work, deps } of jobs) {
        // Each payload checked, then the handler with it and the job's retry count.
        const handler = definition.handle({ ...deps, db, env, boss: b });
        await b.work<unknown>(definition.name, work, async (batch) => {
          const run = (async () => {
            for (const j of batch)
              await inJobSpan(definition.name, jobTraceparent(j.data), () =>
                handler(readJobData(definition, j.data), j.retryCount, j.signal),
              );
          })();
          running.add(run);
          try {
            await run;
          } finally {
            running.delete(run);
            wakeLocalWorkers(b, definition.name);
          }
        });
      }
    },
    async sweep() {
      const b = await ready();
      for (const { step } of sweepSteps) await step(b);
    },
    sweepEvery(seconds) {
      every(seconds, async () => {
        const b = await ready();
        for (const { step, everySeconds } of sweepSteps) if (everySeconds === undefined) await step(b);
      });
      for (const { step, everySeconds } of sweepSteps)
        if (everySeconds !== undefined) every(everySeconds, async () => step(await ready()));
    },
    async close() {
      for (const timer of sweepers.splice(0)) clearInterval(timer);
      await boss.stop();
      await Promise.allSettled(running);
    },
  };
  return queue;
}

/**
 * Each definition's queue with its policy. The existing queues are read once: only a missing queue is
 * created and only a refreshed policy that differs is written (each of those is two statements: the write, and
 * pg-boss reading the queue again).
 */
async function createQueues(
  boss: PgBoss,
  definitions: Array<Pick<JobDefinition<unknown>, 'name' | 'policy' | 'refreshPolicy'>>,
  env: Env,
): Promise<void> {
  const existing = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  for (const definition of definitions) {
    const policy = definition.policy(env);
    const queue = existing.get(definition.name);
    if (!queue) await boss.createQueue(definition.name, policy);
    else if (definition.refreshPolicy && !policyApplied(queue, policy))
      await boss.updateQueue(definition.name, policy);
  }
}

/** Whether a queue already has every setting of `policy` (pg-boss reads a queue's settings by their option names). */
export function policyApplied(queue: QueueResult, policy: QueueOptions): boolean {
  return Object.entries(policy).every(([key, value]) => queue[key as keyof QueueResult] === value);
}
