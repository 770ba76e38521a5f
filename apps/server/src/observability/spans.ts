import type * as OTel from '@opentelemetry/api';
import type { Attributes, Context } from '@opentelemetry/api';

/**
 * Spans of our own, where no instrumentation exists (pg-boss jobs, the SMTP hand-over, PGlite queries), and
 * the W3C `traceparent` a job carries from the request (or job) that queued it to the worker that runs it, so
 * one trace goes from a publisher's change to the SMTP hand-over of its e-mails. With tracing off (the
 * default) every helper is a test and a direct call: no span object, no context switch, and this module loads
 * nothing of OpenTelemetry (tracing.ts loads the API and hands it here; its ES module build was 102 of the
 * 1,479 modules a start loaded).
 */

let otel: typeof OTel | undefined;

/** Set by tracing.ts when tracing starts (the API it loaded) and stops (undefined). */
export function setTracingOn(api: typeof OTel | undefined): void {
  otel = api;
}

/** A span's kind, by its name in the API (its `SpanKind`, read once tracing is on). */
type Kind = keyof typeof OTel.SpanKind;

/** Whether a span is active here (tracing on): our own spans of queries are made only under one. */
export const insideSpan = (): boolean => otel?.trace.getSpan(otel.context.active()) !== undefined;

/** Runs `fn` in a span named `name` (a child of the active one, or of `parent`); `fn` itself when off. */
export function inSpan<T>(
  name: string,
  options: { kind?: Kind; attributes?: Attributes; parent?: Context },
  fn: () => Promise<T>,
): Promise<T> {
  const api = otel;
  if (!api) return fn();
  const parent = options.parent ?? api.context.active();
  const spanOptions = {
    kind: api.SpanKind[options.kind ?? 'INTERNAL'],
    attributes: options.attributes ?? {},
  };
  return api.trace.getTracer('trackwell').startActiveSpan(name, spanOptions, parent, async (span) => {
    try {
      return await fn();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Runs `fn` outside any trace: for what starts there but lives on (pg-boss's pollers, started by the first
 * request that queues a job), whose timers would otherwise stay in that request's trace for good.
 */
export const outsideTrace = <T>(fn: () => T): T => (otel ? otel.context.with(otel.ROOT_CONTEXT, fn) : fn());

/** The active span's W3C traceparent (what a job carries), or undefined when nothing is traced here. */
export function currentTraceparent(): string | undefined {
  if (!otel) return undefined;
  const carrier: Record<string, string> = {};
  otel.propagation.inject(otel.context.active(), carrier);
  return carrier.traceparent;
}

const messaging = (queue: string, operation: 'send' | 'process'): Attributes => ({
  'messaging.system': 'pg-boss',
  'messaging.destination.name': queue,
  'messaging.operation.type': operation,
});

/** The producer's span around queueing jobs: the jobs written inside it carry its traceparent. */
export const inJobSendSpan = <T>(queue: string, fn: () => Promise<T>): Promise<T> =>
  inSpan(`send ${queue}`, { kind: 'PRODUCER', attributes: messaging(queue, 'send') }, fn);

/**
 * A worker's span around one job: a child of the span that queued it (its `traceparent`), or a new trace
 * for a job queued outside any (the sweep, a CLI). Never a child of whatever the poller's context holds.
 */
export function inJobSpan<T>(queue: string, traceparent: unknown, fn: () => Promise<T>): Promise<T> {
  if (!otel) return fn();
  const root = otel.ROOT_CONTEXT;
  const parent = typeof traceparent === 'string' ? otel.propagation.extract(root, { traceparent }) : root;
  return inSpan(
    `process ${queue}`,
    { kind: 'CONSUMER', attributes: messaging(queue, 'process'), parent },
    fn,
  );
}

/** The SMTP hand-over of one message (no address in the span: personal data stays out of traces). */
export const inSmtpSpan = <T>(kind: 'notification' | 'account', fn: () => Promise<T>): Promise<T> =>
  inSpan('smtp send', { kind: 'CLIENT', attributes: { 'trackwell.mail.kind': kind } }, fn);

/** The trace id of the active span (log lines carry it), or undefined. */
export function activeTraceId(): string | undefined {
  return otel?.trace.getSpan(otel.context.active())?.spanContext().traceId;
}
