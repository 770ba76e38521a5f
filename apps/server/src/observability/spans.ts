import {
  type Attributes,
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

/**
 * Spans of our own, where no instrumentation exists (pg-boss jobs, the SMTP hand-over, PGlite queries), and
 * the W3C `traceparent` a job carries from the request (or job) that queued it to the worker that runs it, so
 * one trace goes from a publisher's change to the SMTP hand-over of its e-mails. With tracing off (the
 * default) every helper is a flag test and a direct call: no span object, no context switch.
 */

let on = false;

/** Set by tracing.ts when tracing starts and stops. */
export function setTracingOn(value: boolean): void {
  on = value;
}

const tracer = () => trace.getTracer('trackwell');

/** Whether a span is active here (tracing on): our own spans of queries are made only under one. */
export const insideSpan = (): boolean => on && trace.getSpan(context.active()) !== undefined;

/** Runs `fn` in a span named `name` (a child of the active one, or of `parent`); `fn` itself when off. */
export function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  fn: () => Promise<T>,
): Promise<T> {
  if (!on) return fn();
  const parent = options.parent ?? context.active();
  const spanOptions = { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes ?? {} };
  return tracer().startActiveSpan(name, spanOptions, parent, async (span) => {
    try {
      return await fn();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
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
export const outsideTrace = <T>(fn: () => T): T => (on ? context.with(ROOT_CONTEXT, fn) : fn());

/** The active span's W3C traceparent (what a job carries), or undefined when nothing is traced here. */
export function currentTraceparent(): string | undefined {
  if (!on) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

const messaging = (queue: string, operation: 'send' | 'process'): Attributes => ({
  'messaging.system': 'pg-boss',
  'messaging.destination.name': queue,
  'messaging.operation.type': operation,
});

/** The producer's span around queueing jobs: the jobs written inside it carry its traceparent. */
export const inJobSendSpan = <T>(queue: string, fn: () => Promise<T>): Promise<T> =>
  inSpan(`send ${queue}`, { kind: SpanKind.PRODUCER, attributes: messaging(queue, 'send') }, fn);

/**
 * A worker's span around one job: a child of the span that queued it (its `traceparent`), or a new trace
 * for a job queued outside any (the sweep, a CLI). Never a child of whatever the poller's context holds.
 */
export function inJobSpan<T>(queue: string, traceparent: unknown, fn: () => Promise<T>): Promise<T> {
  if (!on) return fn();
  const parent =
    typeof traceparent === 'string' ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
  return inSpan(
    `process ${queue}`,
    { kind: SpanKind.CONSUMER, attributes: messaging(queue, 'process'), parent },
    fn,
  );
}

/** The SMTP hand-over of one message (no address in the span: personal data stays out of traces). */
export const inSmtpSpan = <T>(kind: 'notification' | 'account', fn: () => Promise<T>): Promise<T> =>
  inSpan('smtp send', { kind: SpanKind.CLIENT, attributes: { 'trackwell.mail.kind': kind } }, fn);

/** The trace id of the active span (log lines carry it), or undefined. */
export function activeTraceId(): string | undefined {
  if (!on) return undefined;
  const span = trace.getSpan(context.active());
  return span?.spanContext().traceId;
}
