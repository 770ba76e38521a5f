import { CATALOG_CHANGES_PATH } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import {
  addNotificationUser,
  buildNotificationCatalogue,
  eventually,
  trackSource,
} from '../support/notifications-fixtures.ts';
import { metricValue, scrapeMetrics } from './metrics-scrape.ts';

const TOKEN = 'metrics-token-for-the-gauges';
const DISPATCH = { queue: 'notifications-dispatch' };

/**
 * The figures a scrape reads from the database (queues, digests, the pool) and the 5xx counter, moved by
 * what they measure: jobs that wait while no worker runs, a digest left pending, a request that fails.
 */
describe('the gauges and the error counter of /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN, SMTP_SINK_PORT: '0' });
  });
  afterAll(() => t?.close());

  async function storeWithReader() {
    const { tenant, host } = await t.createTenant();
    const { apiKey } = await buildNotificationCatalogue(t.app.db, tenant.id);
    const reader = await addNotificationUser(t.app.db, tenant.id);
    await trackSource(t.app.db, tenant.id, reader.id, 'COMMITTEE', 'D20');
    const change = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: CATALOG_CHANGES_PATH,
        headers: { host, authorization: `Bearer ${apiKey}` },
        payload: { events: [{ id, type: 'withdrawal', standard: { contentCode: 'D638-CC' } }] },
      });
    return { tenant, reader, change };
  }

  it('queue depth and oldest age show the jobs waiting while no worker runs, and fall to 0 once it ran them', async () => {
    const { change } = await storeWithReader();
    expect((await change('gauge-1')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const waiting = await scrapeMetrics(t.app, TOKEN);
    expect(metricValue(waiting, 'trackwell_job_queue_depth', DISPATCH)).toBeGreaterThanOrEqual(1);
    expect(metricValue(waiting, 'trackwell_job_queue_oldest_age_seconds', DISPATCH)).toBeGreaterThanOrEqual(
      1,
    );
    const sent = (m: string) => metricValue(m, 'trackwell_emails_sent_total', { kind: 'notification' });

    await t.app.notifications.startWorker();
    await eventually(async () => {
      const now = await scrapeMetrics(t.app, TOKEN);
      expect(metricValue(now, 'trackwell_job_queue_depth', DISPATCH)).toBe(0);
      expect(metricValue(now, 'trackwell_job_queue_oldest_age_seconds', DISPATCH)).toBe(0);
      // The series stays, at 0, once its queue has been seen.
      expect(now).toMatch(/^trackwell_job_queue_depth\{queue="notifications-dispatch"\} 0$/m);
      expect(sent(now) - sent(waiting)).toBe(1);
    }, 40_000);
  }, 60_000);

  it('digest lag is the age of the oldest digest still to send, 0 once it is sent', async () => {
    const { tenant, reader } = await storeWithReader();
    const [{ id }] = (
      await t.app.db.query<{ id: string }>(
        `INSERT INTO notification_digests (tenant_id, user_id, period, created_at)
         VALUES ($1, $2, 'daily:2026-11-26T08', now() - interval '90 seconds') RETURNING id::text`,
        [tenant.id, reader.id],
      )
    ).rows as [{ id: string }];
    const lag = metricValue(await scrapeMetrics(t.app, TOKEN), 'trackwell_digest_lag_seconds');
    expect(lag).toBeGreaterThanOrEqual(90);
    expect(lag).toBeLessThan(3_600);
    await t.app.db.query(`UPDATE notification_digests SET status = 'sent', sent_at = now() WHERE id = $1`, [
      id,
    ]);
    expect(metricValue(await scrapeMetrics(t.app, TOKEN), 'trackwell_digest_lag_seconds')).toBe(0);
  });

  it('the pool gauge shows PostgreSQL’s connections (none on PGlite)', async () => {
    const text = await scrapeMetrics(t.app, TOKEN);
    const total = metricValue(text, 'trackwell_db_pool_connections', { state: 'total' });
    if (t.app.db.driver.engine === 'postgres') {
      expect(total).toBeGreaterThanOrEqual(1);
      const idle = metricValue(text, 'trackwell_db_pool_connections', { state: 'idle' });
      expect(idle).toBeLessThanOrEqual(total);
      expect(text).toMatch(/^trackwell_db_pool_connections\{state="waiting"\} \d+$/m);
    } else {
      expect(text).not.toMatch(/^trackwell_db_pool_connections\{/m);
    }
  });

  it('a request that fails with a 5xx is counted as an error of its route pattern', async () => {
    const { change } = await storeWithReader();
    const before = await scrapeMetrics(t.app, TOKEN);
    // A real fault: the table the change is written to is gone for a moment (this test's own database).
    await t.app.db.query('ALTER TABLE catalog_events RENAME TO catalog_events_away');
    let failed: Awaited<ReturnType<typeof change>>;
    try {
      failed = await change('gauge-5xx');
    } finally {
      await t.app.db.query('ALTER TABLE catalog_events_away RENAME TO catalog_events');
    }
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const after = await scrapeMetrics(t.app, TOKEN);
    const errors = (m: string) =>
      metricValue(m, 'trackwell_http_request_errors_total', { method: 'POST', route: CATALOG_CHANGES_PATH });
    expect(errors(after) - errors(before)).toBe(1);
    const answered = (m: string) =>
      metricValue(m, 'trackwell_http_requests_total', {
        method: 'POST',
        route: CATALOG_CHANGES_PATH,
        status: String(failed.statusCode),
      });
    expect(answered(after) - answered(before)).toBe(1);
    // The same route answering 200 again adds no error.
    expect((await change('gauge-after')).statusCode).toBe(200);
    expect(errors(await scrapeMetrics(t.app, TOKEN))).toBe(errors(after));
  });
});
