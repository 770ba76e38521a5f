import { describe, expect, it } from 'vitest';
import { jobData, readJobData } from '../../src/modules/jobs/definition.ts';
import { digestJob } from '../../src/modules/notifications/digest-job.ts';
import { dispatchJob, sendJob } from '../../src/modules/notifications/jobs.ts';
import { webhookDeliverJob } from '../../src/modules/webhooks/jobs.ts';

/**
 * The jobs module's definitions (modules/jobs/definition.ts), as notifications, digests and webhooks declare
 * their jobs with it: what a job carries, and what a worker accepts.
 */
describe('job definitions', () => {
  it('a job carries its checked payload and its version; a worker reads the payload back', () => {
    const data = jobData(sendJob, { ids: [1, 2, 3] });
    expect(data).toEqual({ ids: [1, 2, 3], v: 1 });
    expect(readJobData(sendJob, data)).toEqual({ ids: [1, 2, 3] });
    expect(readJobData(dispatchJob, jobData(dispatchJob, { eventId: 7 }))).toEqual({ eventId: 7 });
  });

  it('every definition reads back what it writes, a strict payload too (the digest job had refused its own v)', () => {
    expect(readJobData(digestJob, jobData(digestJob, {}))).toEqual({});
    const sample = readJobData(webhookDeliverJob, { v: webhookDeliverJob.version, messageId: 1 });
    expect(readJobData(webhookDeliverJob, jobData(webhookDeliverJob, sample))).toEqual(sample);
    expect(() => readJobData(digestJob, { v: 1, other: true })).toThrow();
  });

  it('a job written before versions (no v) is version 1', () => {
    expect(readJobData(sendJob, { ids: [4] })).toEqual({ ids: [4] });
  });

  it('a job of another version fails with the reason, unread', () => {
    expect(() => readJobData(sendJob, { ids: [4], v: 2 })).toThrow(
      'notifications-send: a job of version 2; this worker handles version 1',
    );
  });

  it('a payload of another shape is refused when sent and when read', () => {
    expect(() => jobData(dispatchJob, { eventId: -1 })).toThrow();
    expect(() => jobData(sendJob, { ids: ['x'] } as never)).toThrow();
    expect(() => readJobData(dispatchJob, { v: 1 })).toThrow();
    expect(() => readJobData(sendJob, null)).toThrow();
  });
});
