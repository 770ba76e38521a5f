import { randomUUID } from 'node:crypto';
import type { CatalogEvent } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyCatalogEvent,
  createCatalogApiKey,
  type DatabaseHandle,
  findCatalogApiKeyTenant,
  listNotificationDeliveries,
  type MatchingRules,
  upsertTenant,
} from '../src/index.ts';
import { buildTenantDefinition, createTestDatabase, type TestDatabase } from '../src/testing.ts';

const ALL: MatchingRules = {
  standard: true,
  committee: true,
  industryArea: true,
  publisher: true,
  workItem: true,
};

/** A tenant with one publisher, two committees, two areas and one standard (D638-14 in D20, area PLAS). */
async function buildCatalogue(db: DatabaseHandle) {
  const tenant = await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()));
  const t = tenant.id;
  await db.query(`INSERT INTO publishers VALUES ($1, 'PUB1', 'First Publisher')`, [t]);
  await db.query(
    `INSERT INTO committees VALUES ($1, 'D20', 'Plastics', 'PUB1'), ($1, 'E05', 'Fire Standards', 'PUB1')`,
    [t],
  );
  await db.query(`INSERT INTO industry_areas VALUES ($1, 'PLAS', 'Plastics'), ($1, 'FIRE', 'Fire safety')`, [
    t,
  ]);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
       committee_designation, status, edition, published_on)
     VALUES ($1, 'D638', 'D638-CC', 'D638-14', 'Tensile Properties of Plastics', 'PUB1', 'D20', 'active', '2014', '2014-12-15')
     RETURNING id`,
    [t],
  );
  const standardId = rows[0]!.id;
  await db.query(`INSERT INTO standard_industry_areas VALUES ($1, $2, 'PLAS')`, [t, standardId]);
  return { tenant, standardId };
}

async function addUser(db: DatabaseHandle, tenantId: string, login = `${randomUUID()}@example.com`) {
  const id = randomUUID();
  await db.query(
    `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'Ada', 'Lovelace')`,
    [id, tenantId, login],
  );
  return id;
}

const track = (db: DatabaseHandle, t: string, u: string, type: string, value: string) =>
  db.query(
    `INSERT INTO source_trackings (tenant_id, user_id, application_code, tracking_type, value) VALUES ($1, $2, 'TRACKER', $3, $4)`,
    [t, u, type, value],
  );

/**
 * The users of the matching test: one who tracks the standard, its committee and an industry area; one with
 * tracking off; one unsubscribed; a publisher's follower; one of another committee; one of another tenant.
 */
async function matchingCast(db: DatabaseHandle, tenantId: string, otherTenantId: string, standardId: number) {
  const three = await addUser(db, tenantId);
  await db.query(`INSERT INTO content_trackings (tenant_id, user_id, standard_id) VALUES ($1, $2, $3)`, [
    tenantId,
    three,
    standardId,
  ]);
  await track(db, tenantId, three, 'COMMITTEE', 'D20');
  await track(db, tenantId, three, 'INDUSTRYAREA', 'PLAS');
  const off = await addUser(db, tenantId); // tracks the standard with tracking off
  await db.query(
    `INSERT INTO content_trackings (tenant_id, user_id, standard_id, tracking_off) VALUES ($1, $2, $3, true)`,
    [tenantId, off, standardId],
  );
  const unsubscribed = await addUser(db, tenantId);
  await track(db, tenantId, unsubscribed, 'COMMITTEE', 'D20');
  await db.query(
    `INSERT INTO tracking_unsubscribes (tenant_id, user_id, application_code) VALUES ($1, $2, 'TRACKER')`,
    [tenantId, unsubscribed],
  );
  const publisherFan = await addUser(db, tenantId);
  await track(db, tenantId, publisherFan, 'PUBLISHERS', 'PUB1');
  const otherCommittee = await addUser(db, tenantId);
  await track(db, tenantId, otherCommittee, 'COMMITTEE', 'E05');
  const foreign = await addUser(db, otherTenantId); // same committee, other tenant
  await track(db, otherTenantId, foreign, 'COMMITTEE', 'D20');
  return { three, off, unsubscribed, publisherFan, otherCommittee, foreign };
}

describe('catalogue events and set-based matching', () => {
  let database: TestDatabase;
  let db: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle;
  });
  afterAll(() => database.drop());

  it('one row per user however many rules match, with every reason; other tenants and unsubscribed users get nothing', async () => {
    const { tenant, standardId } = await buildCatalogue(db);
    const other = await buildCatalogue(db);
    const { three } = await matchingCast(db, tenant.id, other.tenant.id, standardId);

    const event: CatalogEvent = {
      id: 'evt-1',
      type: 'new_edition',
      standard: { contentCode: 'D638-CC' },
      designation: 'D638-22',
      edition: '2022',
      publishedOn: '2022-06-01',
    };
    const applied = await applyCatalogEvent(db, tenant.id, event, {
      source: 'api',
      rules: { ...ALL, publisher: false },
    });
    expect(applied.result).toEqual({ id: 'evt-1', outcome: 'applied', recipients: 1 });
    const log = await listNotificationDeliveries(db, tenant.id, { publisherEventId: 'evt-1' });
    expect(log.map((d) => d.userId)).toEqual([three]);
    expect(log[0]!.reasons).toEqual(
      expect.arrayContaining([
        { type: 'STANDARD', value: 'D638-22' },
        { type: 'COMMITTEE', value: 'D20' },
        { type: 'INDUSTRYAREA', value: 'PLAS' },
      ]),
    );
    expect(log[0]!.reasons).toHaveLength(3);
    const { rows } = await db.query<{
      change: { standard: { oldDesignation: string; designation: string } };
    }>('SELECT change FROM catalog_events WHERE tenant_id = $1 AND publisher_event_id = $2', [
      tenant.id,
      'evt-1',
    ]);
    expect(rows[0]!.change.standard).toMatchObject({ oldDesignation: 'D638-14', designation: 'D638-22' });
    expect(await listNotificationDeliveries(db, other.tenant.id, {})).toEqual([]);

    // the same event id again: nothing applied twice
    const again = await applyCatalogEvent(
      db,
      tenant.id,
      { ...event, designation: 'D638-99' },
      { source: 'api', rules: ALL },
    );
    expect(again.result.outcome).toBe('duplicate');
    const s = await db.query<{ designation: string }>('SELECT designation FROM standards WHERE id = $1', [
      standardId,
    ]);
    expect(s.rows[0]!.designation).toBe('D638-22');

    // publisher tracking counts once the tenant allows it
    const withdrawal = await applyCatalogEvent(
      db,
      tenant.id,
      { id: 'evt-2', type: 'withdrawal', standard: { assetId: 'D638' } },
      { source: 'cli', rules: ALL },
    );
    expect(withdrawal.result).toMatchObject({ outcome: 'applied', recipients: 2 });
  });

  it('refuses unknown standards and work items without recording anything', async () => {
    const { tenant } = await buildCatalogue(db);
    const r = await applyCatalogEvent(
      db,
      tenant.id,
      { id: 'x1', type: 'amendment', standard: { contentCode: 'NOPE' } },
      { source: 'api', rules: ALL },
    );
    expect(r.result).toMatchObject({ outcome: 'rejected', error: 'unknown_standard' });
    const w = await applyCatalogEvent(
      db,
      tenant.id,
      { id: 'x2', type: 'work_item_status_change', workItemNumber: 'WK1', status: 'approved' },
      { source: 'api', rules: ALL },
    );
    expect(w.result).toMatchObject({ outcome: 'rejected', error: 'unknown_work_item' });
    const { rows } = await db.query('SELECT 1 FROM catalog_events WHERE tenant_id = $1', [tenant.id]);
    expect(rows).toHaveLength(0);
  });

  it('work-item events reach users with the work-item switch on, within their committees and areas', async () => {
    const { tenant } = await buildCatalogue(db);
    const byCommittee = await addUser(db, tenant.id);
    await track(db, tenant.id, byCommittee, 'WORKITEM', 'true');
    await track(db, tenant.id, byCommittee, 'COMMITTEE', 'D20');
    const byArea = await addUser(db, tenant.id);
    await track(db, tenant.id, byArea, 'WORKITEM', 'true');
    await track(db, tenant.id, byArea, 'INDUSTRYAREA', 'PLAS');
    const switchOff = await addUser(db, tenant.id);
    await track(db, tenant.id, switchOff, 'COMMITTEE', 'D20');
    const elsewhere = await addUser(db, tenant.id);
    await track(db, tenant.id, elsewhere, 'WORKITEM', 'true');
    await track(db, tenant.id, elsewhere, 'COMMITTEE', 'E05');

    const r = await applyCatalogEvent(
      db,
      tenant.id,
      {
        id: 'wi-1',
        type: 'new_work_item',
        workItem: {
          workItemNumber: 'WK81234',
          title: 'Revision of D638',
          committeeDesignation: 'D20',
          status: 'proposed',
          createdOn: '2026-01-10',
        },
      },
      { source: 'api', rules: ALL },
    );
    expect(r.result).toMatchObject({ outcome: 'applied', recipients: 2 });
    const log = await listNotificationDeliveries(db, tenant.id, { publisherEventId: 'wi-1' });
    expect(new Set(log.map((d) => d.userId))).toEqual(new Set([byCommittee, byArea]));
    const areaRow = log.find((d) => d.userId === byArea)!;
    expect(areaRow.reasons).toEqual(
      expect.arrayContaining([
        { type: 'WORKITEM', value: 'D20' },
        { type: 'INDUSTRYAREA', value: 'PLAS' },
      ]),
    );
    const status = await applyCatalogEvent(
      db,
      tenant.id,
      { id: 'wi-2', type: 'work_item_status_change', workItemNumber: 'WK81234', status: 'in_ballot' },
      { source: 'api', rules: ALL },
    );
    expect(status.result).toMatchObject({ outcome: 'applied', recipients: 2 });
  });

  it('publisher API keys are stored hashed and resolve to their tenant only', async () => {
    const { tenant } = await buildCatalogue(db);
    const key = await createCatalogApiKey(db, tenant.id, 'test');
    expect(await findCatalogApiKeyTenant(db, key)).toBe(tenant.id);
    expect(await findCatalogApiKeyTenant(db, `${key}x`)).toBeUndefined();
    const { rows } = await db.query<{ key_hash: string }>(
      'SELECT key_hash FROM catalog_api_keys WHERE tenant_id = $1',
      [tenant.id],
    );
    expect(rows[0]!.key_hash).not.toContain(key);
  });
});
