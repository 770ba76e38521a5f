import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { UNSUBSCRIBE_PATH } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorForLog } from '../../src/observability/log-context.ts';
import { startTracing, stopTracing } from '../../src/observability/tracing.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

type Line = Record<string, unknown> & { msg?: string };

describe('a request’s log lines: request id, store and trace id; no client address, no query string', () => {
  const exporter = new InMemorySpanExporter();
  const raw: string[] = [];
  const lines: Line[] = [];
  const stream = {
    write: (line: string) => {
      raw.push(line);
      lines.push(JSON.parse(line) as Line);
    },
  };
  let t: TestApp;
  beforeAll(async () => {
    await startTracing({ serviceName: 'trackwell-test', exporter });
    t = await buildTestApp({ LOG_LEVEL: 'debug' }, { logger: { level: 'debug', stream } });
  });
  afterAll(async () => {
    await t?.close();
    await stopTracing(); // the module graph is shared with the next files of this worker
  });

  it('binds requestId, tenant and traceId to the lines logged once the store is known', async () => {
    const { tenant, host } = await t.createTenant();
    exporter.reset();
    lines.length = 0;
    const secret = 'signed-token-value';
    // The unsubscribe page: its query carries a signed token (this one is not valid: the page says so).
    const r = await t.app.inject({
      method: 'GET',
      url: `${UNSUBSCRIBE_PATH}?t=${secret}`,
      headers: { host, 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '198.51.100.7',
    });
    expect(r.statusCode).toBe(400);
    const traceId = exporter
      .getFinishedSpans()
      .find((s) => s.attributes['http.route'] === UNSUBSCRIBE_PATH)
      ?.spanContext().traceId;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    const requestLines = lines.filter((l) => l.requestId !== undefined);
    const incoming = requestLines.find((l) => l.msg === 'incoming request')!;
    const completed = requestLines.find((l) => l.msg === 'request completed')!;
    expect(incoming, 'Fastify logs "incoming request"').toBeDefined();
    expect(completed, 'and "request completed"').toBeDefined();
    expect(completed.requestId).toBe(incoming.requestId);
    // "incoming request" is written before any hook runs: the store and the trace are known from onRequest on.
    expect(completed).toMatchObject({ tenant: tenant.code, traceId });
    expect(incoming.req).toEqual({ method: 'GET', url: UNSUBSCRIBE_PATH, host, route: UNSUBSCRIBE_PATH });

    const text = JSON.stringify(lines);
    for (const personal of [secret, '198.51.100.7', '203.0.113.9', 'remoteAddress'])
      expect(text).not.toContain(personal);
  });

  it('logs an unknown host’s request without a store, and still with its trace', async () => {
    lines.length = 0;
    raw.length = 0;
    exporter.reset();
    await t.app.inject({ method: 'GET', url: UNSUBSCRIBE_PATH, headers: { host: 'nobody.test.localhost' } });
    const completed = lines.find((l) => l.msg === 'request completed')!;
    expect(completed.tenant).toBeUndefined();
    expect(completed.traceId).toBe(exporter.getFinishedSpans()[0]?.spanContext().traceId);
    // One traceId per line: the request's binding, not the mixin's as well.
    expect(raw.length).toBeGreaterThan(0);
    for (const line of raw) expect(line.split('"traceId"').length, line).toBeLessThanOrEqual(2);
  });
});

describe('an error in a log line', () => {
  it('keeps its type, code and cause, without the e-mail addresses an SMTP reply may quote', () => {
    const smtp = Object.assign(new Error('550 5.1.1 <bob.smith+x@mail.example.org>: no such mailbox'), {
      responseCode: 550,
      code: 'EENVELOPE',
    });
    smtp.stack = `${smtp.message}\n    at send (/srv/node_modules/@fastify/otel/index.js:1:1)`;
    const logged = errorForLog(new Error('could not send', { cause: smtp }));
    const text = JSON.stringify(logged);
    expect(text).not.toContain('bob.smith');
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'could not send',
      cause: { message: '550 5.1.1 <[address]>: no such mailbox', code: 'EENVELOPE', responseCode: 550 },
    });
    expect(text).toContain('node_modules/@fastify/otel/index.js'); // a path is not an address
  });
});
