import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The Prometheus text of the main port's `/metrics`, with the token. */
export async function scrapeMetrics(app: FastifyInstance, token: string): Promise<string> {
  const r = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(r.statusCode).toBe(200);
  return r.body;
}

/** One series' value (0 when the series is not there yet), labels matched exactly. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = (m[2] ?? '').split(',').filter(Boolean).sort().join(',');
    if (got === wanted) return Number(m[3]);
  }
  return 0;
}
