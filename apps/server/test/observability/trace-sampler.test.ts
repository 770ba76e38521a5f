import { context, ROOT_CONTEXT, SpanKind, TraceFlags, trace } from '@opentelemetry/api';
import * as sdk from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.ts';
import { buildSampler } from '../../src/observability/tracing.ts';

const { RECORD_AND_SAMPLED, NOT_RECORD } = sdk.SamplingDecision;
const TRACE_LOW = '00000000000000000000000000000001'; // a trace id a small ratio keeps
const TRACE_HIGH = 'ffffffff000000000000000000000000'; // one no ratio below 1 keeps

/** The decision for a new span of `traceId`, under a parent whose sampled flag is `parent` (none: a root). */
function decide(
  name: Parameters<typeof buildSampler>[1]['name'],
  ratio: number,
  traceId: string,
  parent?: boolean,
) {
  const sampler = buildSampler(sdk, { name, ratio });
  const ctx =
    parent === undefined
      ? ROOT_CONTEXT
      : trace.setSpanContext(context.active(), {
          traceId,
          spanId: '0000000000000001',
          traceFlags: parent ? TraceFlags.SAMPLED : TraceFlags.NONE,
          isRemote: true,
        });
  return sampler.shouldSample(ctx, traceId, 'POST /x', SpanKind.SERVER, {}, []).decision;
}

describe('which traces are kept (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG)', () => {
  it('keeps every trace by default, and follows a caller’s decision', () => {
    const env = parseEnv({});
    expect(env.OTEL_TRACES_SAMPLER).toBe('parentbased_always_on');
    expect(env.OTEL_TRACES_SAMPLER_ARG).toBe(1);
    expect(decide('parentbased_always_on', 1, TRACE_HIGH)).toBe(RECORD_AND_SAMPLED);
    expect(decide('parentbased_always_on', 1, TRACE_HIGH, false)).toBe(NOT_RECORD);
    expect(decide('parentbased_always_on', 1, TRACE_HIGH, true)).toBe(RECORD_AND_SAMPLED);
  });

  it('always_on and always_off ignore the caller', () => {
    expect(decide('always_on', 1, TRACE_HIGH, false)).toBe(RECORD_AND_SAMPLED);
    expect(decide('always_off', 1, TRACE_LOW, true)).toBe(NOT_RECORD);
  });

  it('a ratio keeps the traces whose id falls below it; parent-based, a sampled caller is kept whatever the ratio', () => {
    expect(decide('traceidratio', 0.1, TRACE_LOW)).toBe(RECORD_AND_SAMPLED);
    expect(decide('traceidratio', 0.1, TRACE_HIGH)).toBe(NOT_RECORD);
    expect(decide('traceidratio', 0, TRACE_LOW)).toBe(NOT_RECORD);
    expect(decide('parentbased_traceidratio', 0, TRACE_LOW, true)).toBe(RECORD_AND_SAMPLED);
    expect(decide('parentbased_traceidratio', 0.1, TRACE_HIGH)).toBe(NOT_RECORD);
    expect(decide('parentbased_always_off', 1, TRACE_LOW)).toBe(NOT_RECORD);
    expect(decide('parentbased_always_off', 1, TRACE_LOW, true)).toBe(RECORD_AND_SAMPLED);
  });

  it('refuses an unknown sampler or a ratio outside 0..1, naming the setting', () => {
    expect(() => parseEnv({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/OTEL_TRACES_SAMPLER/);
    expect(() => parseEnv({ OTEL_TRACES_SAMPLER_ARG: '1.5' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => parseEnv({ OTEL_TRACES_SAMPLER_ARG: 'half' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(parseEnv({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' })).toMatchObject({
      OTEL_TRACES_SAMPLER: 'traceidratio',
      OTEL_TRACES_SAMPLER_ARG: 0.25,
    });
  });
});
