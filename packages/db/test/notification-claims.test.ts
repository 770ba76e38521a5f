import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyCatalogEvent,
  claimPendingNotifications,
  type DatabaseHandle,
  listPendingDeliveryIds,
  markDeliveriesSent,
  releaseNotificationClaims,
  upsertTenant,
} from '../src/index.ts';
import { buildTenantDefinition, createTestDatabase, type TestDatabase } from '../src/testing.ts';

/**
 * A sender told to stop (its worker drains on SIGTERM) gives back the recipients it claimed and did not
 * e-mail: the job's retry on another worker claims them at once, not after the claim's seconds; a row
 * already sent stays sent.
 */
describe('releasing claimed notifications', () => {
  let pg: TestDatabase;
  let db: DatabaseHandle;
  let ids: number[];

  beforeAll(async () => {
    pg = await createTestDatabase();
    db = pg.handle;
    const tenant = await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()));
    const t = tenant.id;
    await db.query(`INSERT INTO publishers VALUES ($1, 'PUB1', 'First Publisher')`, [t]);
    await db.query(`INSERT INTO committees VALUES ($1, 'D20', 'Plastics', 'PUB1')`, [t]);
    await db.query(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
         committee_designation, status, edition, published_on)
       VALUES ($1, 'D638', 'D638-CC', 'D638-14', 'Tensile', 'PUB1', 'D20', 'active', '2014', '2014-12-15')`,
      [t],
    );
    for (let i = 0; i < 4; i++) {
      const user = randomUUID();
      await db.query(
        `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'Ada', 'L')`,
        [user, t, `${user}@example.com`],
      );
      await db.query(
        `INSERT INTO source_trackings (tenant_id, user_id, application_code, tracking_type, value)
         VALUES ($1, $2, 'TRACKER', 'COMMITTEE', 'D20')`,
        [t, user],
      );
    }
    const applied = await applyCatalogEvent(
      db,
      t,
      { id: 'claims-1', type: 'editorial_change', standard: { contentCode: 'D638-CC' }, note: 'x' },
      {
        source: 'api',
        rules: { standard: true, committee: true, industryArea: true, publisher: true, workItem: true },
      },
    );
    ids = await listPendingDeliveryIds(db, applied.eventId!);
  });
  afterAll(() => pg?.drop());

  it('gives back the unsent rows of a claim at once and leaves a sent one sent', async () => {
    expect(ids).toHaveLength(4);
    const claimed = await claimPendingNotifications(db, ids, 600);
    expect(claimed.rows).toHaveLength(4);
    expect(claimed.until!.getTime()).toBeGreaterThan(Date.now() + 590_000);
    expect(await claimPendingNotifications(db, ids, 600)).toEqual({ rows: [], until: null }); // held
    await markDeliveriesSent(db, [{ id: ids[0]!, messageId: '<sent@x>' }]);
    await releaseNotificationClaims(db, ids, claimed.until);
    const again = await claimPendingNotifications(db, ids, 600);
    expect(again.rows.map((n) => n.id).sort()).toEqual(ids.slice(1).sort());
    await releaseNotificationClaims(db, [], again.until); // nothing to give back: no statement
    await releaseNotificationClaims(db, ids, again.until);
  });

  it('gives back only rows still under its own claim: one another sender has claimed since stays claimed', async () => {
    const first = await claimPendingNotifications(db, ids, 1);
    expect(first.rows.length).toBeGreaterThan(0);
    const taken = first.rows.map((n) => n.id);
    // The first claim has ended; a second sender claims the same rows.
    await db.query(
      `UPDATE notification_deliveries SET claimed_until = now() - interval '1 second' WHERE id = ANY($1)`,
      [taken],
    );
    const second = await claimPendingNotifications(db, taken, 600);
    expect(second.rows.map((n) => n.id).sort()).toEqual([...taken].sort());
    await releaseNotificationClaims(db, taken, first.until); // the late first sender gives back its leftovers
    expect(await claimPendingNotifications(db, taken, 600)).toEqual({ rows: [], until: null }); // still the second's
    await releaseNotificationClaims(db, taken, second.until);
    expect((await claimPendingNotifications(db, taken, 600)).rows).toHaveLength(taken.length);
  });
});
