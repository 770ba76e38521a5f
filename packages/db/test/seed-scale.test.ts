import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  benchUserId,
  benchUserLogin,
  DEMO_TENANT_DEFINITIONS,
  seedDemo,
  seedScale,
} from '../src/seed/index.ts';
import { CONTENT_TRACKINGS_PER_USER } from '../src/seed/scale.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

// The scale seed with a small N, on a demo-seeded database of its own.

let db: TestDatabase;
const awwa = DEMO_TENANT_DEFINITIONS.find((t) => t.definition.code === 'awwa')!;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.handle);
}); // the configuration's hook limit: seeding the demo on PGlite beside the journeys took over a minute

afterAll(async () => {
  await db?.drop();
});

async function counts(tenantId: string) {
  const { rows } = await db.handle.query<{ users: number; content: number; source: number; kinds: number }>(
    `SELECT (SELECT count(*)::int FROM users WHERE tenant_id = $1) AS users,
            (SELECT count(*)::int FROM content_trackings WHERE tenant_id = $1) AS content,
            (SELECT count(*)::int FROM source_trackings WHERE tenant_id = $1) AS source,
            (SELECT count(DISTINCT tracking_type)::int FROM source_trackings WHERE tenant_id = $1) AS kinds`,
    [tenantId],
  );
  return rows[0]!;
}

describe('seedScale', () => {
  it('adds N users with ~10 tracked standards each and some source trackings', async () => {
    const result = await seedScale(db.handle, { users: 50, tenantCode: 'awwa', batchSize: 20 });
    expect(result.users).toEqual({ requested: 50, inserted: 50 });
    expect(result.contentTrackings).toBe(50 * CONTENT_TRACKINGS_PER_USER);
    expect(result.sourceTrackings).toBeGreaterThan(0);
    expect(await counts(awwa.id)).toEqual({
      users: 50,
      content: 500,
      source: result.sourceTrackings,
      kinds: 4, // committees, industry areas, publishers and the work-item switch
    });
  }, 60_000);

  it('gives users deterministic ids and logins that the code can compute', async () => {
    const { rows } = await db.handle.query<{ id: string; login: string }>(
      'SELECT id, login FROM users WHERE tenant_id = $1 AND login = $2',
      [awwa.id, benchUserLogin(7)],
    );
    expect(rows).toEqual([{ id: benchUserId(awwa.id, 7), login: 'bench-user-000007@example.test' }]);
    expect(benchUserId(awwa.id, 7)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('tracks only standards, committees, areas and publishers of the same tenant', async () => {
    const { rows } = await db.handle.query<{ n: number }>(
      `SELECT (SELECT count(*)::int FROM content_trackings ct JOIN standards s ON s.id = ct.standard_id
                WHERE ct.tenant_id = $1 AND s.tenant_id <> ct.tenant_id)
            + (SELECT count(*)::int FROM source_trackings st WHERE st.tenant_id = $1 AND (
                (st.tracking_type = 'COMMITTEE' AND NOT EXISTS
                  (SELECT 1 FROM committees c WHERE c.tenant_id = st.tenant_id AND c.designation = st.value))
             OR (st.tracking_type = 'INDUSTRYAREA' AND NOT EXISTS
                  (SELECT 1 FROM industry_areas a WHERE a.tenant_id = st.tenant_id AND a.marketing_code = st.value))
             OR (st.tracking_type = 'PUBLISHERS' AND NOT EXISTS
                  (SELECT 1 FROM publishers p WHERE p.tenant_id = st.tenant_id AND p.code = st.value))
             OR (st.tracking_type = 'WORKITEM' AND st.value NOT IN ('true', 'false')))) AS n`,
      [awwa.id],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('is idempotent per user range: the same N adds nothing, a larger N only the difference', async () => {
    const before = await counts(awwa.id);
    const again = await seedScale(db.handle, { users: 50, tenantCode: 'awwa', batchSize: 20 });
    expect(again).toMatchObject({
      users: { requested: 50, inserted: 0 },
      contentTrackings: 0,
      sourceTrackings: 0,
    });
    expect(await counts(awwa.id)).toEqual(before);

    const progress: number[] = [];
    const more = await seedScale(db.handle, {
      users: 60,
      tenantCode: 'awwa',
      batchSize: 20,
      onProgress: (p) => progress.push(p.done),
    });
    expect(more.users.inserted).toBe(10);
    expect(more.contentTrackings).toBe(100);
    expect(progress).toEqual([20, 40, 60]);
    expect((await counts(awwa.id)).users).toBe(60);
  }, 60_000);

  it('leaves other tenants alone and defaults to the platform tenant', async () => {
    const trackwell = DEMO_TENANT_DEFINITIONS.find((t) => t.definition.code === 'trackwell')!;
    expect((await counts(trackwell.id)).users).toBe(0);
    await seedScale(db.handle, { users: 3 });
    expect(await counts(trackwell.id)).toMatchObject({ users: 3, content: 30 });
    expect((await counts(awwa.id)).users).toBe(60);
  }, 60_000);

  it('explains what to do when the tenant does not exist', async () => {
    await expect(seedScale(db.handle, { users: 1, tenantCode: 'nope' })).rejects.toThrow(
      /no tenant "nope".*db:seed/,
    );
    await expect(seedScale(db.handle, { users: -1 })).rejects.toThrow(/whole number/);
  });
});
