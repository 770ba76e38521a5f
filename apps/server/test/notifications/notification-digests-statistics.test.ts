import type { CatalogEvent } from '@trackwell/contracts';
import { createDueDigests, DIGEST_STATISTICS_AFTER } from '@trackwell/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import { buildNotificationCatalogue } from '../support/notifications-fixtures.ts';

/**
 * Digests at scale: a build of many digests refreshes the planner's statistics of the digest tables in
 * the same run, so the claims that follow are planned for what is there (bench/digest: 100,000 users went at
 * ~20 digests/s on the statistics of before the build, ~330/s after). pg_stats is what ANALYZE records;
 * PGlite has no autovacuum to do it instead, and PostgreSQL's comes a minute or more later.
 */
describe('a large digest build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SMTP_SINK_PORT: '0' });
  });
  afterAll(() => t?.close());

  /** The share of the changes without a digest, as the planner's statistics have it (undefined: none yet). */
  const withoutDigest = async () =>
    (
      await t.app.db.query<{ f: number }>(
        `SELECT null_frac AS f FROM pg_stats WHERE tablename = 'notification_deliveries' AND attname = 'digest_id'`,
      )
    ).rows[0]?.f;
  const pendingDigests = async () =>
    (
      await t.app.db.query<{ vals: string | null }>(
        `SELECT most_common_vals::text AS vals FROM pg_stats
          WHERE tablename = 'notification_digests' AND attname = 'status'`,
      )
    ).rows[0]?.vals;

  it(`of ${DIGEST_STATISTICS_AFTER.toLocaleString('en')} digests refreshes the statistics of the digest tables`, async () => {
    const { tenant } = await t.createTenant();
    const db = t.app.db;
    await buildNotificationCatalogue(db, tenant.id);
    await db.query(
      `INSERT INTO users (id, tenant_id, login, first_name, last_name)
       SELECT gen_random_uuid(), $1, 'scale-' || g || '@example.com', 'User', 'N' || g
         FROM generate_series(1, $2) g`,
      [tenant.id, DIGEST_STATISTICS_AFTER],
    );
    await db.query(
      `INSERT INTO source_trackings (tenant_id, user_id, application_code, tracking_type, value)
       SELECT $1, id, 'TRACKER', 'COMMITTEE', 'D20' FROM users WHERE tenant_id = $1`,
      [tenant.id],
    );
    // Daily at 08:00 UTC, chosen in 2099: never due on the real clock.
    await db.query(
      `INSERT INTO notification_schedules (tenant_id, user_id, frequency, hour, weekday, time_zone, updated_at)
       SELECT $1, id, 'daily', 8, 1, 'UTC', '2099-01-14T14:00:00Z' FROM users WHERE tenant_id = $1`,
      [tenant.id],
    );
    await t.app.notifications.publish(
      tenant.id,
      [{ id: 'scale-1', type: 'amendment', standard: { assetId: 'D638' } } as CatalogEvent],
      'api',
    );
    // Before: no statistics of the changes' digest ids, or ones taken before any change had a digest.
    expect([undefined, 1]).toContain(await withoutDigest());
    expect(await createDueDigests(db, new Date('2099-01-15T08:00:00Z'))).toBeGreaterThanOrEqual(
      DIGEST_STATISTICS_AFTER,
    );
    // After: every change of the build has its digest, and the digests are known to be pending.
    expect(await withoutDigest()).toBe(0);
    expect(await pendingDigests()).toContain('pending');
  });
});
