import { createTestDatabase, type TestDatabase } from '@trackwell/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseEnv } from '../../src/config/env.ts';
import { lazyBoss } from '../../src/modules/jobs/boss.ts';
import type { JobDefinition } from '../../src/modules/jobs/definition.ts';
import { createJobQueue, policyApplied } from '../../src/modules/jobs/queue.ts';

/** A job of this test with the given retry limit; `refreshPolicy` as the definition asks. */
const job = (name: string, retryLimit: number, refreshPolicy?: boolean): JobDefinition<{ n: number }> => ({
  name,
  version: 1,
  payload: z.object({ n: z.number() }),
  policy: () => ({ retryLimit, retryDelay: 7, retryBackoff: true }),
  ...(refreshPolicy ? { refreshPolicy } : {}),
  handle: () => async () => {},
});

describe("a process's job queues at start", () => {
  let database: TestDatabase;
  const closing: Array<() => Promise<void>> = [];
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
    await database?.drop();
  });

  /** A process's queue with these definitions registered, made ready (pg-boss started, queues created). */
  const readyQueues = async (definitions: JobDefinition<{ n: number }>[]) => {
    const env = parseEnv({ LOG_LEVEL: 'silent' });
    const jobs = createJobQueue({
      db: database.handle,
      env,
      boss: lazyBoss(database.handle, () => {}),
      log: { error() {} },
    });
    closing.push(() => jobs.close());
    for (const d of definitions) jobs.register(d, { pollingIntervalSeconds: 30 }, {});
    const boss = await jobs.ready();
    const queues = await boss.getQueues();
    return new Map(queues.map((q) => [q.name, q]));
  };

  it('creates each missing queue with its policy', async () => {
    const queues = await readyQueues([job('queues-test-a', 3), job('queues-test-b', 0)]);
    expect(queues.get('queues-test-a')).toMatchObject({ retryLimit: 3, retryDelay: 7, retryBackoff: true });
    expect(queues.get('queues-test-b')).toMatchObject({ retryLimit: 0 });
  });

  it('applies a changed policy to an existing queue only when the definition refreshes it', async () => {
    await readyQueues([job('queues-test-kept', 3), job('queues-test-refreshed', 3, true)]);
    // The next start (a new release) asks for other retry limits.
    const queues = await readyQueues([job('queues-test-kept', 9), job('queues-test-refreshed', 9, true)]);
    expect(queues.get('queues-test-kept')?.retryLimit).toBe(3);
    expect(queues.get('queues-test-refreshed')?.retryLimit).toBe(9);
  });

  it('records no pg-boss instance: the registry nothing reads would cost every start its statements', async () => {
    await readyQueues([job('queues-test-unregistered', 1)]);
    const { rows } = await database.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pgboss.instance',
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('tells a queue that has every setting of a policy from one that differs in any', async () => {
    const queues = await readyQueues([job('queues-test-same', 2)]);
    const queue = queues.get('queues-test-same')!;
    expect(policyApplied(queue, { retryLimit: 2, retryDelay: 7, retryBackoff: true })).toBe(true);
    expect(policyApplied(queue, { retryLimit: 2 })).toBe(true);
    expect(policyApplied(queue, { retryLimit: 2, retryDelay: 8 })).toBe(false);
    expect(policyApplied(queue, { retryLimit: 2, retryBackoff: false })).toBe(false);
    expect(policyApplied(queue, { retryLimit: 2, expireInSeconds: 60 })).toBe(false);
  });
});
