import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogueQuery } from '../src/repositories/catalogue-search.ts';
import { upsertTenant } from '../src/repositories/tenants.ts';
import {
  createContentTracking,
  deleteContentTrackings,
  isUnsubscribed,
  listContentTrackings,
  listSourceTrackings,
  setContentTrackingOff,
  setSourceTrackings,
  unsubscribeUser,
} from '../src/repositories/tracker.ts';
import { buildTenantDefinition, createTestDatabase, type TestDatabase } from '../src/testing.ts';

/** The tracker repositories: every change is scoped to (tenant, user), all or nothing. */
describe('tracker repositories', () => {
  let t: TestDatabase;
  let tenantA: string;
  let tenantB: string;
  const userA = randomUUID();
  const userA2 = randomUUID();
  const userB = randomUUID();
  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.handle;
    tenantA = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    tenantB = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    for (const [tenant, user] of [
      [tenantA, userA],
      [tenantA, userA2],
      [tenantB, userB],
    ] as const) {
      await db.query(
        `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'T', 'U')`,
        [user, tenant, `${user}@example.test`],
      );
    }
    for (const tenant of [tenantA, tenantB]) {
      await db.query(`INSERT INTO publishers (tenant_id, code, name) VALUES ($1, 'P1', 'Pub')`, [tenant]);
      await db.query(
        `INSERT INTO committees (tenant_id, designation, title, publisher_code) VALUES ($1, 'C1', 'Com', 'P1')`,
        [tenant],
      );
      await db.query(
        `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code, committee_designation, status, edition, published_on)
         SELECT $1, 'a' || i, 'c' || i, 'D' || i, 'Title ' || i, 'P1', 'C1', 'active', '2024', '2024-01-01' FROM generate_series(1, 3) i`,
        [tenant],
      );
    }
  });
  afterAll(() => t.drop());
  const rowsOf = async (tenant: string, user: string) =>
    (
      await t.handle.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM content_trackings WHERE tenant_id = $1 AND user_id = $2',
        [tenant, user],
      )
    ).rows[0]!.n;

  it('creates a tracking whose row another request deleted between the insert and the read back', async () => {
    const db = t.handle;
    await createContentTracking(db, tenantA, userA2, { assetId: 'a2' });
    // The insert finds the tracking and does nothing; before the read back a concurrent removal commits.
    let deleted = false;
    const racing: typeof db = {
      ...db,
      query: async (sql: string, params?: unknown[]) => {
        if (!deleted && /^\s*SELECT/.test(sql) && sql.includes('content_trackings')) {
          deleted = true;
          await db.query('DELETE FROM content_trackings WHERE tenant_id = $1 AND user_id = $2', [
            tenantA,
            userA2,
          ]);
        }
        return db.query(sql, params as never);
      },
    } as typeof db;
    const result = await createContentTracking(racing, tenantA, userA2, { assetId: 'a2' });
    expect(deleted).toBe(true);
    expect(result).toMatchObject({ created: true });
    expect(await rowsOf(tenantA, userA2)).toBe(1);
    await db.query('DELETE FROM content_trackings WHERE tenant_id = $1 AND user_id = $2', [tenantA, userA2]);
  });

  it('migration 0003 created the unsubscribe table and the title search index', async () => {
    const { rows } = await t.handle.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'standards' AND indexname = 'standards_title_search_idx'`,
    );
    expect(rows).toHaveLength(1);
    expect(await isUnsubscribed(t.handle, tenantA, userA)).toBe(false);
  });

  it('creates one row per standard, lists newest first, and pages past the end with the total', async () => {
    const first = await createContentTracking(t.handle, tenantA, userA, { assetId: 'a1' });
    const again = await createContentTracking(t.handle, tenantA, userA, { contentCode: 'c1' });
    expect(first?.created).toBe(true);
    expect(again).toMatchObject({ created: false, row: { id: first!.row.id } });
    expect(await createContentTracking(t.handle, tenantB, userB, { assetId: 'nope' })).toBeUndefined();
    await createContentTracking(t.handle, tenantA, userA, { assetId: 'a2' });
    const page = await listContentTrackings(t.handle, tenantA, userA, { pageIndex: 1, pageSize: 10 });
    expect(page.totalElements).toBe(2);
    expect(page.rows.map((r) => r.content.assetId)).toEqual(['a2', 'a1']);
    expect(await listContentTrackings(t.handle, tenantA, userA, { pageIndex: 5, pageSize: 1 })).toEqual({
      rows: [],
      totalElements: 2,
    });
  });

  it("changes or deletes nothing when any id is not the user's, in this tenant", async () => {
    const mine = (await createContentTracking(t.handle, tenantA, userA, { assetId: 'a3' }))!.row.id;
    const theirs = (await createContentTracking(t.handle, tenantA, userA2, { assetId: 'a3' }))!.row.id;
    const otherTenant = (await createContentTracking(t.handle, tenantB, userB, { assetId: 'a3' }))!.row.id;
    expect(await setContentTrackingOff(t.handle, tenantA, userA, [mine, theirs], true)).toEqual({
      ok: false,
      notFound: [theirs],
    });
    expect(await deleteContentTrackings(t.handle, tenantB, userA, [mine])).toEqual({
      ok: false,
      notFound: [mine],
    });
    expect(await deleteContentTrackings(t.handle, tenantA, userA, [otherTenant])).toMatchObject({
      ok: false,
    });
    const { rows } = await t.handle.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM content_trackings WHERE tracking_off',
    );
    expect(rows[0]!.n).toBe(0);
    expect(await setContentTrackingOff(t.handle, tenantA, userA, [mine], true)).toEqual({
      ok: true,
      value: [{ contentTrackingId: mine, contentTrackingOff: true }],
    });
  });

  it('sets sources as sets, and unsubscribing clears them and is lifted by tracking again', async () => {
    await t.handle.transaction((tx) =>
      setSourceTrackings(tx, tenantA, userA, 'TRACKER', [
        { trackingType: 'COMMITTEE', data: ['C1', 'C1'] },
        { trackingType: 'WORKITEM', data: ['true'] },
      ]),
    );
    expect(await listSourceTrackings(t.handle, tenantA, userA)).toEqual({
      COMMITTEE: ['C1'],
      INDUSTRYAREA: [],
      PUBLISHERS: [],
      WORKITEM: ['true'],
    });
    expect(await listSourceTrackings(t.handle, tenantB, userA)).toMatchObject({ COMMITTEE: [] });
    expect(await t.handle.transaction((tx) => unsubscribeUser(tx, tenantA, userA, ['TRACKER', 'PUB']))).toBe(
      2,
    );
    expect(await isUnsubscribed(t.handle, tenantA, userA, 'PUB')).toBe(true);
    expect(await isUnsubscribed(t.handle, tenantB, userA, 'PUB')).toBe(false);
    await t.handle.transaction((tx) =>
      setSourceTrackings(tx, tenantA, userA, 'TRACKER', [{ trackingType: 'COMMITTEE', data: ['C1'] }]),
    );
    expect(await isUnsubscribed(t.handle, tenantA, userA, 'TRACKER')).toBe(false);
    expect(await isUnsubscribed(t.handle, tenantA, userA, 'PUB')).toBe(true);
  });

  it('parses a search into the designation it starts with, a designation prefix and title words', () => {
    expect(parseCatalogueQuery('d638-22 Tensile  plastics')).toEqual({
      designation: { publisherWords: ['D'], key: 'D638', year: 2022, full: 'D63822' },
      prefix: 'D638-22',
      words: ['d638', '22', 'tensile', 'plastics'],
      rest: ['tensile', 'plastics'],
    });
    expect(parseCatalogueQuery('DIN EN ISO 13849-1 : 2008 safety')).toMatchObject({
      designation: { publisherWords: ['DIN', 'EN', 'ISO'], key: '138491', year: 2008 },
      prefix: 'DIN EN ISO 13849-1 : 2008',
      rest: ['safety'],
    });
    expect(parseCatalogueQuery("'; DROP TABLE")).toMatchObject({ prefix: '', words: ['drop', 'table'] });
  });
});
