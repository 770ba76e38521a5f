import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenMetrics } from '../../src/observability/metrics-routes.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import { addNotificationUser } from '../support/notifications-fixtures.ts';
import { metricValue, scrapeMetrics } from './metrics-scrape.ts';

const TOKEN = 'a-metrics-token-of-some-length';

describe('/metrics on the main port behind METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t?.close());

  it('answers 401 without the token or with another, on any host, and 200 with it', async () => {
    const { host } = await t.createTenant();
    for (const headers of [{}, { authorization: 'Bearer not-the-token' }, { authorization: TOKEN }]) {
      for (const h of [{ host }, {}]) {
        const r = await t.app.inject({ method: 'GET', url: '/metrics', headers: { ...h, ...headers } });
        expect(r.statusCode).toBe(401);
        expect(r.headers['www-authenticate']).toBe('Bearer');
        expect(r.json()).toEqual({
          status: '401',
          error: 'unauthorized',
          message: 'A valid metrics token is required.',
        });
        expect(r.body).not.toContain('trackwell_');
      }
    }
    const ok = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { host, authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers['cache-control']).toBe('no-store');
    for (const name of [
      'trackwell_http_requests_total',
      'trackwell_http_request_duration_seconds',
      'trackwell_emails_sent_total',
      'trackwell_webhook_attempts_total',
      'trackwell_digest_lag_seconds',
      'trackwell_process_cpu_seconds_total',
    ])
      expect(ok.body).toContain(`# TYPE ${name} `);
  });

  it('counts requests by route pattern (never the URL), errors apart; no store, address or query in the output', async () => {
    const { tenant, host } = await t.createTenant();
    const reader = await addNotificationUser(t.app.db, tenant.id, {
      login: `reader-${tenant.code}@example.com`,
    });
    const before = await scrapeMetrics(t.app, TOKEN);
    const query = `?to=${encodeURIComponent(reader.login)}`;
    // The portal's page for any path: counted under its pattern `/*`, not under the path asked for.
    const page = await t.app.inject({
      method: 'GET',
      url: `/no-such-page-${tenant.code}${query}`,
      headers: { host },
    });
    const health = await t.app.inject({ method: 'GET', url: `/healthz${query}`, headers: { host } });
    expect(health.statusCode).toBe(200);
    // No route at all for this method: `unmatched`.
    const miss = await t.app.inject({
      method: 'DELETE',
      url: `/no-such-${tenant.code}${query}`,
      headers: { host },
    });
    expect(miss.statusCode).toBe(404);
    const after = await scrapeMetrics(t.app, TOKEN);

    const count = (m: string, labels: Record<string, string>) =>
      metricValue(m, 'trackwell_http_requests_total', labels);
    for (const labels of [
      { method: 'GET', route: '/healthz', status: '200' },
      { method: 'GET', route: '/*', status: String(page.statusCode) },
      { method: 'DELETE', route: 'unmatched', status: '404' },
    ])
      expect(count(after, labels) - count(before, labels), JSON.stringify(labels)).toBe(1);
    for (const personal of [reader.login, encodeURIComponent(reader.login), host, tenant.code, tenant.id])
      expect(after).not.toContain(personal);
  });

  it('reads the digests’ lag from the database at scrape time: the oldest digest still to send', async () => {
    const { tenant } = await t.createTenant();
    const reader = await addNotificationUser(t.app.db, tenant.id);
    await t.app.db.query(
      `INSERT INTO notification_digests (tenant_id, user_id, period, created_at)
       VALUES ($1, $2, 'daily:lag-test', now() - interval '300 seconds')`,
      [tenant.id, reader.id],
    );
    const lag = metricValue(await scrapeMetrics(t.app, TOKEN), 'trackwell_digest_lag_seconds');
    expect(lag).toBeGreaterThanOrEqual(299);
    expect(lag).toBeLessThan(400);
    await t.app.db.query(`UPDATE notification_digests SET status = 'sent' WHERE tenant_id = $1`, [tenant.id]);
    expect(metricValue(await scrapeMetrics(t.app, TOKEN), 'trackwell_digest_lag_seconds')).toBeLessThan(299);
  });

  it('is not served without a token or port: 404 whatever the header', async () => {
    const plain = await buildTestApp();
    try {
      const r = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ status: '404', error: 'not_found' });
    } finally {
      await plain.close();
    }
  });
});

describe('/metrics on its own port (METRICS_PORT)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1', METRICS_TOKEN: TOKEN });
    const address = await listenMetrics(t.app);
    url = `http://127.0.0.1:${address!.port}`;
  });
  afterAll(() => t?.close());

  it('is not served on a store’s host, even with the token', async () => {
    const { host } = await t.createTenant();
    const r = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { host, authorization: `Bearer ${TOKEN}` },
    });
    expect(r.statusCode).toBe(404);
    expect(r.body).not.toContain('trackwell_');
  });

  it('serves /metrics there with the token (401 without), and nothing else', async () => {
    const without = await fetch(`${url}/metrics`);
    expect(without.status).toBe(401);
    expect(await without.text()).not.toContain('trackwell_');
    const wrong = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const ok = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('# TYPE trackwell_job_queue_depth gauge');
    const other = await fetch(`${url}/healthz`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(other.status).toBe(404);
    const post = await fetch(`${url}/metrics`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(post.status).toBe(404);
  });

  it('without METRICS_TOKEN, the port itself is the protection: 200 with no header', async () => {
    const open = await buildTestApp({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' });
    try {
      const address = await listenMetrics(open.app);
      const r = await fetch(`http://127.0.0.1:${address!.port}/metrics`);
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('trackwell_http_requests_total');
    } finally {
      await open.close();
    }
  });
});
