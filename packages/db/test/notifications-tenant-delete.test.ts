import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCatalogEvent, createCatalogApiKey, type DatabaseHandle, upsertTenant } from '../src/index.ts';
import { buildTenantDefinition, createTestDatabase, type TestDatabase, testEngine } from '../src/testing.ts';

/**
 * Deleting a tenant removes everything it owns (migration 0006: standard_industry_areas → industry_areas
 * cascades; before it, the delete failed), and leaves other tenants alone.
 */

async function buildTenantWithData(db: DatabaseHandle) {
  const tenant = await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()));
  const t = tenant.id;
  await db.query(`INSERT INTO publishers VALUES ($1, 'PUB1', 'First Publisher')`, [t]);
  await db.query(`INSERT INTO committees VALUES ($1, 'D20', 'Plastics', 'PUB1')`, [t]);
  await db.query(`INSERT INTO industry_areas VALUES ($1, 'PLAS', 'Plastics')`, [t]);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
       committee_designation, status, edition, published_on)
     VALUES ($1, 'D638', 'D638-CC', 'D638-14', 'Tensile Properties', 'PUB1', 'D20', 'active', '2014', '2014-12-15')
     RETURNING id`,
    [t],
  );
  await db.query(`INSERT INTO standard_industry_areas VALUES ($1, $2, 'PLAS')`, [t, rows[0]!.id]);
  await db.query(
    `INSERT INTO work_items (tenant_id, work_item_number, title, committee_designation, status, created_on)
     VALUES ($1, 'WK1', 'Revision', 'D20', 'proposed', '2024-01-01')`,
    [t],
  );
  const userId = randomUUID();
  await db.query(
    `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'Ada', 'Lovelace')`,
    [userId, t, `${userId}@example.com`],
  );
  await db.query(
    `INSERT INTO source_trackings (tenant_id, user_id, application_code, tracking_type, value)
     VALUES ($1, $2, 'TRACKER', 'INDUSTRYAREA', 'PLAS')`,
    [t, userId],
  );
  await createCatalogApiKey(db, t, 'test');
  const applied = await applyCatalogEvent(
    db,
    t,
    { id: 'ev-1', type: 'withdrawal', standard: { contentCode: 'D638-CC' } },
    {
      source: 'api',
      rules: { standard: true, committee: true, industryArea: true, publisher: false, workItem: true },
    },
  );
  expect(applied.result.recipients).toBe(1);
  return t;
}

const countFor = async (db: DatabaseHandle, table: string, tenantId: string) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = $1`, [tenantId]))
    .rows[0]!.n;

describe(`deleting a tenant on ${testEngine()}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('removes its catalogue (standards in industry areas), users, trackings and notifications; other tenants stay', async () => {
    const doomed = await buildTenantWithData(t.handle);
    const kept = await buildTenantWithData(t.handle);
    await t.handle.query('DELETE FROM tenants WHERE id = $1', [doomed]);
    const tables = [
      'standards',
      'standard_industry_areas',
      'industry_areas',
      'committees',
      'work_items',
      'users',
      'source_trackings',
      'catalog_events',
      'notification_deliveries',
      'catalog_api_keys',
    ];
    for (const table of tables) {
      expect(await countFor(t.handle, table, doomed), table).toBe(0);
      expect(await countFor(t.handle, table, kept), table).toBeGreaterThan(0);
    }
  });
});
