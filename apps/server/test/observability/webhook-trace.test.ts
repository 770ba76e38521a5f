import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { CONSOLE_PATHS } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, stopTracing } from '../../src/observability/tracing.ts';
import { t } from '../support/console-world.ts';
import { eventually } from '../support/notifications-fixtures.ts';
import {
  createStoreEndpoint,
  hooksOf,
  publish,
  receiver,
  useWebhooksWorld,
  WAIT,
} from '../webhooks/webhooks-world.ts';
import { metricValue, scrapeMetrics } from './metrics-scrape.ts';
import { ancestors } from './span-tree.ts';

const TOKEN = 'metrics-token-for-the-webhook-trace';
const exporter = new InMemorySpanExporter();

// Tracing starts before the world's app is built (its request spans come from a Fastify plugin) and stops
// after the app is closed (after-hooks run in reverse order).
beforeAll(() => startTracing({ serviceName: 'trackwell-test', exporter }));
afterAll(() => stopTracing());
useWebhooksWorld({ METRICS_TOKEN: TOKEN });

describe('a webhook delivery in the trace of the change that caused it', () => {
  it('links the console request, the dispatch, both attempts and their POSTs by one trace id; the receiver gets it in traceparent; attempts are counted by outcome', async () => {
    expect((await createStoreEndpoint('/traced')).statusCode).toBe(201);
    receiver.answer('/traced', 503); // the first attempt fails, the retry is delivered
    const before = await scrapeMetrics(t.app, TOKEN);
    exporter.reset();

    const r = await publish('trace-hook-1', 'D638-26');
    expect(r.statusCode).toBeLessThan(300);
    const hooks = await eventually(async () => {
      const got = hooksOf('/traced', 'trace-hook-1');
      expect(got).toHaveLength(2);
      return got;
    }, WAIT);
    const port = Number(new URL(receiver.origin).port);
    const isPost = (s: ReadableSpan) =>
      s.kind === SpanKind.CLIENT &&
      s.attributes['http.request.method'] === 'POST' &&
      s.attributes['server.port'] === port;
    const isRequest = (s: ReadableSpan) =>
      s.kind === SpanKind.SERVER && s.attributes['http.route'] === CONSOLE_PATHS.storeChanges;
    // A span is exported when it ends, and a parent ends after its child (a job after its POST, on a busy
    // machine well after): wait until each POST's whole chain is there. Each POST (the failed one and the
    // retry) hangs under its attempt's job, the dispatch and the request.
    const { spans, request } = await eventually(async () => {
      const all = exporter.getFinishedSpans();
      const found = all.find(isRequest);
      expect(found, 'the console request span').toBeDefined();
      expect(all.filter(isPost)).toHaveLength(2);
      const byId = new Map(all.map((s) => [s.spanContext().spanId, s]));
      for (const post of all.filter(isPost))
        expect(ancestors(post, byId).map((s) => s.name)).toEqual(
          expect.arrayContaining(['process webhooks-deliver', 'process notifications-dispatch', found!.name]),
        );
      return { spans: all, request: found! };
    }, WAIT);
    const traceId = request.spanContext().traceId;
    for (const post of spans.filter(isPost)) expect(post.spanContext().traceId).toBe(traceId);
    // The receiver saw the same trace in each POST's traceparent.
    for (const hook of hooks) expect(String(hook.headers.traceparent)).toContain(traceId);

    const after = await scrapeMetrics(t.app, TOKEN);
    const counted = (m: string, outcome: string) =>
      metricValue(m, 'trackwell_webhook_attempts_total', { outcome });
    expect(counted(after, 'retry') - counted(before, 'retry')).toBe(1);
    expect(counted(after, 'delivered') - counted(before, 'delivered')).toBe(1);
    expect(counted(after, 'failed') - counted(before, 'failed')).toBe(0);
  }, 90_000);
});
