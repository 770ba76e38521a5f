import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Trackwell's Prometheus metrics, one registry per process (what the modules count: e-mails, webhook
 * attempts; what a scrape reads: queues, digests, the pool; what each request adds). Labels are bounded on
 * purpose: a route's pattern (never its URL), a method, a status code, a queue's name, an outcome; no store
 * (stores are created at run time, so a store label would grow without bound), no person.
 * The names are listed in docs/configuration.md ("Observability").
 */
export const metricsRegistry = new Registry();
const registers = [metricsRegistry];

export const httpRequests = new Counter({
  name: 'trackwell_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpErrors = new Counter({
  name: 'trackwell_http_request_errors_total',
  help: 'HTTP requests answered with a 5xx status, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  registers,
});

export const httpDuration = new Histogram({
  name: 'trackwell_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const emailsSent = new Counter({
  name: 'trackwell_emails_sent_total',
  help: 'E-mails the SMTP server accepted: notification (changes, digests, reports) or account (codes, links)',
  labelNames: ['kind'] as const,
  registers,
});

export const emailsFailed = new Counter({
  name: 'trackwell_emails_failed_total',
  help: 'E-mails the SMTP server refused or could not be reached for (a notification may be retried)',
  labelNames: ['kind'] as const,
  registers,
});

export const webhookAttempts = new Counter({
  name: 'trackwell_webhook_attempts_total',
  help: 'Webhook delivery attempts by outcome: delivered, retry (another attempt is due) or failed',
  labelNames: ['outcome'] as const,
  registers,
});

export const queueDepth = new Gauge({
  name: 'trackwell_job_queue_depth',
  help: 'Jobs waiting to run (created or waiting for a retry), per queue',
  labelNames: ['queue'] as const,
  registers,
});

export const queueOldestAge = new Gauge({
  name: 'trackwell_job_queue_oldest_age_seconds',
  help: 'Age of the oldest job waiting to run, per queue (0 when none waits)',
  labelNames: ['queue'] as const,
  registers,
});

export const digestLag = new Gauge({
  name: 'trackwell_digest_lag_seconds',
  help: 'How long the oldest digest still to send has waited (0 when none waits)',
  registers,
});

export const dbPool = new Gauge({
  name: 'trackwell_db_pool_connections',
  help: 'PostgreSQL pool connections by state: total, idle, waiting (clients waiting for one); PGlite: none',
  labelNames: ['state'] as const,
  registers,
});

let defaultsCollected = false;

/** Node's own figures (event loop, heap, CPU), once per process, when metrics are served. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'trackwell_' });
}
