import type { ReadableSpan } from '@opentelemetry/sdk-trace';

/** The span's parents, nearest first, as far as they are in `byId` (span id → span). */
export function ancestors(span: ReadableSpan, byId: Map<string, ReadableSpan>): ReadableSpan[] {
  const chain: ReadableSpan[] = [];
  let parentId = span.parentSpanContext?.spanId;
  while (parentId && byId.has(parentId)) {
    const parent = byId.get(parentId)!;
    chain.push(parent);
    parentId = parent.parentSpanContext?.spanId;
  }
  return chain;
}
