/**
 * One autocannon run in its own process (so the load generator does not share the event loop of the server
 * it measures). Reads a JSON job from the file named by argv[2], prints one JSON line of figures.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

interface Job {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Requests to rotate through: path and headers (host, authorization). */
  requests: Array<{ path: string; headers: Record<string, string> }>;
}

const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Job;
let next = 0;
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.durationSeconds,
  requests: [
    {
      setupRequest: (request) => {
        const r = job.requests[next++ % job.requests.length]!;
        return { ...request, method: 'GET', path: r.path, headers: r.headers };
      },
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
  })}\n`,
);
