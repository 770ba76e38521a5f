import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import type { Sampler, TracerProvider } from '@opentelemetry/sdk-trace';
import { loadPgDriver } from '@trackwell/db';
import type { FastifyPluginCallback } from 'fastify';
import type { TraceSamplerName } from '../config/env.ts';
import { setTracingOn } from './spans.ts';

/**
 * OpenTelemetry tracing, started once per process and only when asked for (OTEL_EXPORTER_OTLP_ENDPOINT, or a
 * test's exporter): the SDK is imported here on demand, so a process without it loads, patches and starts
 * nothing. What it traces:
 * - HTTP requests: @fastify/otel, a SERVER span per request named by its route pattern (it also reads an
 *   incoming `traceparent`, and works under `inject`); the query string is left out (signed links carry tokens);
 * - outgoing requests: @opentelemetry/instrumentation-http (webhooks, node:http) and -undici (fetch);
 * - PostgreSQL queries: @opentelemetry/instrumentation-pg; PGlite queries, pg-boss jobs and the SMTP
 *   hand-over: spans of our own (spans.ts, traced-database.ts).
 * The module instrumentations patch the prototypes of the modules already loaded (node:http, pg, pg-pool)
 * instead of hooking `require`: the server is ES modules, and this works whatever was imported first.
 */

export interface TracingOptions {
  serviceName: string;
  /** OTLP/HTTP collector (OTEL_EXPORTER_OTLP_ENDPOINT); the exporter reads the other OTEL_EXPORTER_OTLP_*. */
  endpoint?: string | undefined;
  /** Tests: every span goes here as it ends (instead of OTLP). */
  exporter?: import('@opentelemetry/sdk-trace').SpanExporter;
  /** Which traces are kept (OTEL_TRACES_SAMPLER and its ratio); default: all. */
  sampler?: { name: TraceSamplerName; ratio: number } | undefined;
}

interface Running {
  provider: TracerProvider;
  fastifyPlugin: FastifyPluginCallback;
  unpatch: () => void;
}

let running: Running | undefined;

/** Starts tracing when an endpoint or an exporter is given; true when tracing is on. Idempotent. */
export async function startTracing(options: TracingOptions): Promise<boolean> {
  if (running) return true;
  if (!options.endpoint && !options.exporter) return false;
  const api = await import('@opentelemetry/api');
  const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
  const { W3CTraceContextPropagator } = await import('@opentelemetry/core');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const sdk = await import('@opentelemetry/sdk-trace');
  const exporter =
    options.exporter ?? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    sampler: buildSampler(sdk, options.sampler ?? { name: 'parentbased_always_on', ratio: 1 }),
    spanProcessors: [
      options.exporter ? new sdk.SimpleSpanProcessor({ exporter }) : new sdk.BatchSpanProcessor({ exporter }),
    ],
  });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);
  const unpatch = await patchModules(provider);
  const fastifyPlugin = await fastifyInstrumentation(provider);
  running = { provider, fastifyPlugin, unpatch };
  setTracingOn(api);
  return true;
}

/** The sampler OTEL_TRACES_SAMPLER names (the SDK's own classes; this SDK does not read the variable itself). */
export function buildSampler(
  sdk: typeof import('@opentelemetry/sdk-trace'),
  { name, ratio }: { name: TraceSamplerName; ratio: number },
): Sampler {
  const root = {
    always_on: () => new sdk.AlwaysOnSampler(),
    always_off: () => new sdk.AlwaysOffSampler(),
    traceidratio: () => new sdk.TraceIdRatioBasedSampler(ratio),
  };
  if (name === 'always_on' || name === 'always_off' || name === 'traceidratio') return root[name]();
  const kind = name.slice('parentbased_'.length) as keyof typeof root;
  return new sdk.ParentBasedSampler({ root: root[kind]() });
}

/** The Fastify plugin of the request spans, when tracing is on (registered first, before any route). */
export const tracingPlugin = (): FastifyPluginCallback | undefined => running?.fastifyPlugin;

/** Ends tracing: the spans still buffered are exported, the patches removed, the globals reset. */
export async function stopTracing(): Promise<void> {
  if (!running) return;
  const { provider, unpatch } = running;
  running = undefined;
  setTracingOn(undefined);
  unpatch();
  await provider.shutdown();
  const api = await import('@opentelemetry/api');
  api.trace.disable();
  api.context.disable();
  api.propagation.disable();
}

/** node:http/https (outgoing only), pg and pg-pool, patched in place; undici through its diagnostics channels. */
async function patchModules(provider: TracerProvider): Promise<() => void> {
  const { HttpInstrumentation } = await import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg');
  const { UndiciInstrumentation } = await import('@opentelemetry/instrumentation-undici');
  const httpInstrumentation = new HttpInstrumentation({
    enabled: false, // no require hook: patched below
    disableIncomingRequestInstrumentation: true, // @fastify/otel makes the request's span
    requireParentforOutgoingSpans: true,
  });
  // Only queries made for a request or a job: pg-boss's and the caches' polling would bury them otherwise.
  const pg = new PgInstrumentation({ enabled: false, requireParentSpan: true });
  const undici = new UndiciInstrumentation({ requireParentforSpans: true });
  for (const i of [httpInstrumentation, pg, undici]) i.setTracerProvider(provider);

  // The very module objects the server's imports see: node's own, and pg as @trackwell/db loads it (its
  // Pool extends pg-pool's, whose prototype is the one to patch).
  const pgDriver = await loadPgDriver();
  const targets: Record<string, () => unknown> = {
    http: () => http,
    https: () => https,
    pg: () => pgDriver,
    'pg-pool': () => Object.getPrototypeOf(pgDriver.Pool),
  };
  const patched: Array<() => void> = [];
  for (const instrumentation of [httpInstrumentation, pg]) {
    for (const definition of instrumentation.getModuleDefinitions()) {
      const load = targets[definition.name];
      if (!load || !definition.patch) continue;
      const exports = load();
      definition.patch(exports);
      patched.push(() => definition.unpatch?.(exports));
    }
  }
  syncBuiltinESMExports(); // `import { request } from 'node:http'` sees the patched function
  return () => {
    for (const undo of patched) undo();
    syncBuiltinESMExports();
    undici.disable();
  };
}

/** @fastify/otel: one span per request (no span per hook), without the query string. */
async function fastifyInstrumentation(provider: TracerProvider): Promise<FastifyPluginCallback> {
  const { FastifyOtelInstrumentation } = await import('@fastify/otel');
  const instrumentation = new FastifyOtelInstrumentation({
    instrumentHooks: false,
    requestHook: (span, request) => {
      span.setAttribute('url.path', request.url.split('?')[0] ?? '/');
      span.updateName(`${request.method} ${request.routeOptions.url ?? 'unmatched'}`);
    },
  });
  instrumentation.setTracerProvider(provider);
  return instrumentation.plugin() as FastifyPluginCallback;
}
