import http from 'node:http';
import { loadPgDriver } from '@trackwell/db';
import { describe, expect, it } from 'vitest';
import { jobData, readJobData } from '../../src/modules/jobs/definition.ts';
import { dispatchJob } from '../../src/modules/notifications/jobs.ts';
import { currentTraceparent, inSpan } from '../../src/observability/spans.ts';
import { startTracing, tracingPlugin } from '../../src/observability/tracing.ts';

const wrapped = (f: unknown) => Boolean((f as { __wrapped?: boolean }).__wrapped);

describe('tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT): nothing started, nothing patched, jobs unchanged', () => {
  it('starts nothing without an endpoint', async () => {
    expect(await startTracing({ serviceName: 'trackwell', endpoint: undefined })).toBe(false);
    expect(tracingPlugin()).toBeUndefined();
    const pg = await loadPgDriver();
    expect(wrapped(pg.Client.prototype.query)).toBe(false);
    expect(wrapped(http.request)).toBe(false);
  });

  it('queues a job’s data as before: payload and version, no trace', async () => {
    await inSpan('not traced', {}, async () => {
      expect(currentTraceparent()).toBeUndefined();
      expect(jobData(dispatchJob, { eventId: 7 })).toEqual({ eventId: 7, v: 1 });
    });
  });

  it('reads a job written by a traced process: the traceparent is the envelope’s, not the payload’s', () => {
    const traced = {
      eventId: 7,
      v: 1,
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    };
    expect(readJobData(dispatchJob, traced)).toEqual({ eventId: 7 });
  });
});
