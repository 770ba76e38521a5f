import { createTestDatabase, type TestDatabase } from '@trackwell/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseEnv } from '../../src/config/env.ts';
import { lazyBoss } from '../../src/modules/jobs/boss.ts';
import { type JobDefinition, queueJobs } from '../../src/modules/jobs/definition.ts';
import { createJobQueue, type JobQueue } from '../../src/modules/jobs/queue.ts';

/** Workers that poll every 30 s: a job worked sooner was fetched because it was queued in this process. */
const POLL_SECONDS = 30;
const SOONER_MS = 15_000;

/** A job of this test: a number as its payload, never retried. */
const testJob = (
  name: string,
  handle: JobDefinition<{ n: number }>['handle'],
): JobDefinition<{ n: number }> => ({
  name,
  version: 1,
  payload: z.object({ n: z.number() }),
  policy: () => ({ retryLimit: 0 }),
  handle,
});

describe('a job queued in the process that works its queue', () => {
  let database: TestDatabase;
  let jobs: JobQueue;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await jobs?.close();
    await database?.drop();
  });

  it('is worked at once, not at the next poll; so are the jobs its handler queues, one after another', async () => {
    const env = parseEnv({ LOG_LEVEL: 'silent' });
    const boss = lazyBoss(database.handle, () => {});
    jobs = createJobQueue({ db: database.handle, env, boss, log: { error() {} } });
    const worked: string[] = [];
    let done: () => void;
    const allWorked = new Promise<void>((resolve) => {
      done = resolve;
    });
    const follow = testJob('wake-test-follow', () => async ({ n }) => {
      worked.push(`follow ${n}`);
      if (worked.length === 3) done();
    });
    const first = testJob('wake-test-first', ({ boss: b }) => async ({ n }) => {
      worked.push(`first ${n}`);
      await queueJobs(b, follow, [{ n: 1 }, { n: 2 }]);
    });
    jobs.register(first, { pollingIntervalSeconds: POLL_SECONDS }, {});
    jobs.register(follow, { pollingIntervalSeconds: POLL_SECONDS }, {});
    await jobs.work();
    // Each worker fetched once when it started (nothing) and now waits out its 30 s.
    await new Promise((r) => setTimeout(r, 500));
    const sent = performance.now();
    await jobs.send(first, { n: 7 });
    const timeout = new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`worked by then: ${worked.join(', ') || 'nothing'}`)), SOONER_MS),
    );
    await Promise.race([allWorked, timeout]);
    expect(worked.sort()).toEqual(['first 7', 'follow 1', 'follow 2']);
    expect(performance.now() - sent).toBeLessThan(POLL_SECONDS * 1000);
  }, 60_000);
});
