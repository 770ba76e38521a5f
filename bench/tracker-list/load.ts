/**
 * One autocannon run in its own process (so the load generator does not share the event loop of the server
 * it measures). Reads a JSON job from the file named by argv[2], prints one JSON line of figures. Requests
 * that name a `shape` also get p50/p99 per shape, timed here from sending to the whole answer (each
 * connection has one request in flight).
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

interface Job {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Requests to rotate through: path and headers (host, authorization). */
  requests: Array<{ path: string; headers: Record<string, string>; shape?: string }>;
}

interface Sent {
  shape?: string | undefined;
  sentAt?: number;
}

const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Job;
let next = 0;
const byShape = new Map<string, number[]>();
let firstFailure: string | undefined;
const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.durationSeconds,
  requests: [
    {
      setupRequest: (request, context: Sent) => {
        const r = job.requests[next++ % job.requests.length]!;
        context.shape = r.shape;
        context.sentAt = performance.now();
        return { ...request, method: 'GET', path: r.path, headers: r.headers };
      },
      ...(job.requests.some((r) => r.shape) && {
        onResponse: (status: number, body: string, context: Sent) => {
          if (status >= 300) firstFailure ??= `${status} ${body.slice(0, 200)}`;
          if (context.shape === undefined || context.sentAt === undefined) return;
          const list = byShape.get(context.shape) ?? [];
          list.push(performance.now() - context.sentAt);
          byShape.set(context.shape, list);
        },
      }),
    },
  ],
});
process.stdout.write(
  `${JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    firstFailure,
    shapes: Object.fromEntries(
      [...byShape].map(([shape, times]) => {
        const sorted = times.sort((a, b) => a - b);
        return [shape, { p50: percentile(sorted, 50), p99: percentile(sorted, 99), requests: sorted.length }];
      }),
    ),
  })}\n`,
);
