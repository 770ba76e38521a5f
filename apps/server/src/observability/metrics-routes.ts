import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DatabaseHandle, digestLagSeconds, jobQueueFigures } from '@trackwell/db';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env.ts';
import { notFound, unauthorized } from '../http/errors.ts';
import {
  collectProcessMetrics,
  dbPool,
  digestLag,
  httpDuration,
  httpErrors,
  httpRequests,
  metricsRegistry,
  queueDepth,
  queueOldestAge,
} from './metrics.ts';

/**
 * Where Prometheus scrapes `/metrics`: on its own port (METRICS_PORT, never a store's host), or on the main
 * port behind a bearer token (METRICS_TOKEN). Neither set: not served (404). The main port's `/metrics`
 * answers 404 whenever METRICS_PORT is set, token or not, so the figures never show on a store's host.
 */

/** Whether this process serves metrics at all (then requests are counted). */
export const metricsServed = (env: Env): boolean =>
  env.METRICS_PORT !== undefined || env.METRICS_TOKEN !== undefined;

/** A bearer token equal to METRICS_TOKEN (compared in constant time); true when no token is configured. */
export function metricsTokenAccepted(env: Env, authorization: string | undefined): boolean {
  if (env.METRICS_TOKEN === undefined) return true;
  const given = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
  if (!given) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(env.METRICS_TOKEN));
}

/** The requests' counters and latency, by route pattern (`unmatched` for a path no route has). */
export function countRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    httpRequests.inc({ method, route, status: String(reply.statusCode) });
    if (reply.statusCode >= 500) httpErrors.inc({ method, route });
    httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
  });
}

const servers = new WeakMap<FastifyInstance, Server>();

/**
 * `GET /metrics` on the main port (served with METRICS_TOKEN and no METRICS_PORT only), and the closing of
 * the METRICS_PORT server with the app. On the root instance, before it is ready.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { env } = app;
  if (env.METRICS_TOKEN !== undefined && env.METRICS_PORT === undefined) collectProcessMetrics();
  app.get('/metrics', { schema: { hide: true }, config: { otel: false } }, async (request, reply) => {
    if (env.METRICS_TOKEN === undefined || env.METRICS_PORT !== undefined) throw notFound();
    if (!metricsTokenAccepted(env, request.headers.authorization)) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized('A valid metrics token is required.');
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metricsRegistry.contentType)
      .send(await scrape(app.db, app.log));
  });
  app.addHook('onClose', async () => {
    const server = servers.get(app);
    if (!server) return;
    servers.delete(app);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections(); // a scraper's keep-alive connection must not hold the close
    });
  });
}

/** Starts the METRICS_PORT server (`/metrics` only, with the token when METRICS_TOKEN is set); closed with the app. */
export async function listenMetrics(app: FastifyInstance): Promise<AddressInfo | undefined> {
  const { env } = app;
  if (env.METRICS_PORT === undefined) return undefined;
  collectProcessMetrics();
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') return answer(response, 404, 'Not found.\n');
    if (!metricsTokenAccepted(env, request.headers.authorization)) {
      response.setHeader('www-authenticate', 'Bearer');
      return answer(response, 401, 'A valid metrics token is required.\n');
    }
    scrape(app.db, app.log).then(
      (text) => answer(response, 200, text, metricsRegistry.contentType),
      () => answer(response, 500, 'The metrics could not be read.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.METRICS_PORT, env.METRICS_HOST ?? env.HOST, resolve);
  });
  servers.set(app, server);
  return server.address() as AddressInfo;
}

function answer(response: import('node:http').ServerResponse, status: number, body: string, type?: string) {
  response.writeHead(status, {
    'content-type': type ?? 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(body);
}

const seenQueues = new Set<string>();

/** The figures read at scrape time (queues, digests, pool), then the whole registry as text. */
async function scrape(db: DatabaseHandle, log: { warn(o: object, m: string): void }): Promise<string> {
  try {
    const queues = await jobQueueFigures(db);
    for (const q of queues) seenQueues.add(q.queue);
    for (const name of seenQueues) {
      const q = queues.find((f) => f.queue === name);
      queueDepth.set({ queue: name }, q?.waiting ?? 0);
      queueOldestAge.set({ queue: name }, q?.oldestAgeSeconds ?? 0);
    }
    digestLag.set(await digestLagSeconds(db));
  } catch (err) {
    log.warn({ err }, 'metrics: the database figures could not be read'); // the others are still served
  }
  if (db.driver.engine === 'postgres') {
    const { pool } = db.driver;
    dbPool.set({ state: 'total' }, pool.totalCount);
    dbPool.set({ state: 'idle' }, pool.idleCount);
    dbPool.set({ state: 'waiting' }, pool.waitingCount);
  }
  return metricsRegistry.metrics();
}
