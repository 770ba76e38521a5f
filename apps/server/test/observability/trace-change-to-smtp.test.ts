import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { CATALOG_CHANGES_PATH } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, stopTracing } from '../../src/observability/tracing.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  addNotificationUser,
  buildNotificationCatalogue,
  eventually,
  trackSource,
} from '../support/notifications-fixtures.ts';
import { metricValue, scrapeMetrics } from './metrics-scrape.ts';
import { ancestors } from './span-tree.ts';

const TOKEN = 'metrics-token-for-the-trace-test';

describe('one trace from a publisher’s change to the SMTP hand-over of its e-mail', () => {
  const exporter = new InMemorySpanExporter();
  let t: TestApp;
  beforeAll(async () => {
    await startTracing({ serviceName: 'trackwell-test', exporter });
    t = await buildTestApp({
      SMTP_SINK_PORT: '0',
      METRICS_TOKEN: TOKEN,
      NOTIFICATIONS_RETRY_DELAY_SECONDS: '1',
    });
    await t.app.notifications.startWorker();
  });
  afterAll(async () => {
    await t?.close();
    await stopTracing(); // the module graph is shared with the next files of this worker
  });

  it('links the request, its queries, the dispatch and send jobs and the SMTP send by one trace id; the metrics move', async () => {
    const { tenant, host } = await t.createTenant();
    const db = t.app.db;
    const { apiKey } = await buildNotificationCatalogue(db, tenant.id);
    const reader = await addNotificationUser(db, tenant.id);
    await trackSource(db, tenant.id, reader.id, 'COMMITTEE', 'D20');
    const before = await scrapeMetrics(t.app, TOKEN);
    exporter.reset();

    const r = await t.app.inject({
      method: 'POST',
      url: CATALOG_CHANGES_PATH,
      headers: { host, authorization: `Bearer ${apiKey}` },
      payload: { events: [{ id: 'trace-1', type: 'withdrawal', standard: { contentCode: 'D638-CC' } }] },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ applied: 1, results: [{ recipients: 1 }] });

    const spans = await eventually(async () => {
      const all = exporter.getFinishedSpans();
      // The send job's span ends once its batch is done, after the SMTP hand-over's.
      for (const name of ['smtp send', 'process notifications-send'])
        expect(all.some((s) => s.name === name)).toBe(true);
      return all;
    });
    const request = spans.find(
      (s) => s.kind === SpanKind.SERVER && s.attributes['http.route'] === CATALOG_CHANGES_PATH,
    )!;
    expect(request, 'the request span').toBeDefined();
    expect(request.name).toBe(`POST ${CATALOG_CHANGES_PATH}`);
    const trace = spans.filter((s) => s.spanContext().traceId === request.spanContext().traceId);
    const names = trace.map((s) => s.name);
    expect(trace.some(isQuery), `a database query in ${names.join(', ')}`).toBe(true);
    expect(names).toContain('send notifications-dispatch');
    expect(names).toContain('process notifications-dispatch');
    expect(names).toContain('send notifications-send');
    expect(names).toContain('process notifications-send');
    expect(names).toContain('smtp send');
    // Each job's span is the child of the span that queued it: the chain reaches the request.
    const byId = new Map(trace.map((s) => [s.spanContext().spanId, s]));
    const smtp = trace.find((s) => s.name === 'smtp send')!;
    expect(ancestors(smtp, byId).map((s) => s.name)).toEqual(
      expect.arrayContaining(['process notifications-send', 'process notifications-dispatch', request.name]),
    );
    // No address in any span; the request's path without a query string.
    expect(JSON.stringify(trace.map((s) => s.attributes))).not.toContain(reader.login);
    expect(request.attributes['url.path']).toBe(CATALOG_CHANGES_PATH);

    const after = await eventually(async () => {
      const now = await scrapeMetrics(t.app, TOKEN);
      const sent = (m: string) => metricValue(m, 'trackwell_emails_sent_total', { kind: 'notification' });
      expect(sent(now) - sent(before)).toBe(1);
      return now;
    });
    const requests = (m: string) =>
      metricValue(m, 'trackwell_http_requests_total', {
        method: 'POST',
        route: CATALOG_CHANGES_PATH,
        status: '200',
      });
    expect(requests(after) - requests(before)).toBe(1);
  }, 40_000);
});

function isQuery(span: ReadableSpan): boolean {
  const system = span.attributes['db.system.name'] ?? span.attributes['db.system'];
  return system === 'postgresql' && span.kind === SpanKind.CLIENT;
}
