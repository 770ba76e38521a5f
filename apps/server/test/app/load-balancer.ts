import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { call } from './multi-process-harness.ts';

/**
 * A tiny round-robin load balancer (an HTTP proxy) for the rolling-upgrade test, as a real one works: it asks every
 * backend's /readyz every 100 ms and sends a request only to a backend whose last answer was 200 and is
 * fresh (younger than FRESH_MS, well under the drain's grace: a backend that began draining is skipped
 * long before it stops accepting connections). It never retries a request: a failure is counted (and
 * answered 502). The servers' own calls to the public origin (the JWKS of the store's issuer) pass through
 * it too.
 */

const POLL_MS = 100;
const FRESH_MS = 600;

interface Backend {
  name: string;
  port: number;
  readyAt: number;
  removed: boolean;
}

export interface Outcome {
  what: string;
  backend: string;
  status: number;
  error?: string;
}

export interface LoadBalancer {
  /** The port it listens on (127.0.0.1): every public URL of the deployment names it. */
  readonly port: number;
  add(name: string, port: number): void;
  remove(name: string): void;
  /** Every request it forwarded, with the backend's status (0 and `error` when no answer came). */
  readonly outcomes: Outcome[];
  /** How many requests each backend answered. */
  servedBy(name: string): number;
  close(): Promise<void>;
}

/** Listens on `port` and forwards each request, body and answer streamed, to the next ready backend. */
export async function startLoadBalancer(port: number): Promise<LoadBalancer> {
  const backends: Backend[] = [];
  const outcomes: Outcome[] = [];
  let next = 0;
  let stopped = false;
  const poll = async (b: Backend) => {
    while (!stopped && !b.removed) {
      const asked = Date.now();
      const res = await call(b.port, 'GET', '/readyz', {}).catch(() => undefined);
      if (res?.status === 200) b.readyAt = asked; // the time of asking: the answer may have come late
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };
  const pick = async (): Promise<Backend> => {
    for (;;) {
      const ready = backends.filter((b) => !b.removed && Date.now() - b.readyAt < FRESH_MS);
      if (ready.length > 0) return ready[next++ % ready.length]!;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const b = await pick();
    const what = `${req.method} ${req.url?.split('?')[0]}`;
    const upstream = httpRequest(
      { host: '127.0.0.1', port: b.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        outcomes.push({ what, backend: b.name, status: answer.statusCode ?? 0 });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      outcomes.push({ what, backend: b.name, status: 0, error: error.message });
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  };
  const server = createServer((req, res) => void forward(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    add(name, backendPort) {
      const b = { name, port: backendPort, readyAt: 0, removed: false };
      backends.push(b);
      void poll(b);
    },
    remove(name) {
      for (const b of backends) if (b.name === name) b.removed = true;
    },
    outcomes,
    servedBy: (name) => outcomes.filter((o) => o.backend === name).length,
    async close() {
      stopped = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
