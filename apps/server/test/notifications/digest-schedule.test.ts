import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../src/config/env.ts';
import { createJobQueue } from '../../src/modules/jobs/queue.ts';
import { digestJob, registerDigestSweep } from '../../src/modules/notifications/digest-job.ts';

/**
 * NOTIFICATIONS_DIGEST_EVERY_SECONDS does what docs/configuration.md says: the digest job is queued that
 * often (its own timer), not at the sweep's pace of min(60, NOTIFICATIONS_CLAIM_SECONDS) seconds, and with a
 * singleton slot of the same length so several workers queue it once per slot.
 */
afterEach(() => vi.useRealTimers());

function queueWithFakeBoss() {
  // pg-boss with no queue yet (the queue reads them before creating the registered ones: none here).
  const boss = { get: async () => ({ getQueues: async () => [] }), stop: async () => undefined };
  const log = { error: vi.fn() };
  const jobs = createJobQueue({ db: {} as never, env: {} as Env, boss: boss as never, log });
  const sent: unknown[] = [];
  jobs.send = async (definition, _payload, options) => {
    sent.push({ name: definition.name, options });
  };
  return { jobs, sent, log };
}

describe('the digest job’s schedule', () => {
  it('is queued every NOTIFICATIONS_DIGEST_EVERY_SECONDS (2 s), not once per 60 s sweep', async () => {
    vi.useFakeTimers();
    const { jobs, sent, log } = queueWithFakeBoss();
    const swept = vi.fn(async () => undefined);
    jobs.addSweepStep(swept);
    registerDigestSweep(jobs, 2);
    jobs.sweepEvery(60);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(5);
    expect(sent[0]).toEqual({
      name: digestJob.name,
      options: { singletonKey: 'digests', singletonSeconds: 2 },
    });
    expect(swept).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50_000);
    expect(sent).toHaveLength(30);
    expect(swept).toHaveBeenCalledTimes(1);
    await jobs.close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(30);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('a slower setting (300 s) queues it every 300 s, and a sweep run by hand queues it too', async () => {
    vi.useFakeTimers();
    const { jobs, sent } = queueWithFakeBoss();
    registerDigestSweep(jobs, 300);
    jobs.sweepEvery(60);
    await vi.advanceTimersByTimeAsync(299_000);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(1);
    await jobs.sweep();
    expect(sent).toHaveLength(2);
    await jobs.close();
  });
});
