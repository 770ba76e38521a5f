import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTenantByCode, findTenantByHost, getTenantAsset } from '../src/repositories/tenants.ts';
import { DEMO_TENANT_DEFINITIONS, DEMO_TENANTS, getDemoCatalogue, seedDemo } from '../src/seed/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

// The demo seed on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL). One database for the file:
// the tests run in order and each builds on the seed the first one wrote.

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

type Counts = Record<'publishers' | 'committees' | 'industry_areas' | 'standards' | 'work_items', number>;

async function countsPerTenant(): Promise<Map<string, Counts>> {
  const { rows } = await db.handle.query<Counts & { code: string }>(
    `SELECT t.code,
       (SELECT count(*)::int FROM publishers p WHERE p.tenant_id = t.id) AS publishers,
       (SELECT count(*)::int FROM committees c WHERE c.tenant_id = t.id) AS committees,
       (SELECT count(*)::int FROM industry_areas a WHERE a.tenant_id = t.id) AS industry_areas,
       (SELECT count(*)::int FROM standards s WHERE s.tenant_id = t.id) AS standards,
       (SELECT count(*)::int FROM work_items w WHERE w.tenant_id = t.id) AS work_items
     FROM tenants t ORDER BY t.code`,
  );
  return new Map(rows.map(({ code, ...counts }) => [code, counts]));
}

const idsSnapshot = async () =>
  (
    await db.handle.query<{ ids: string }>(
      `SELECT (SELECT string_agg(id::text, ',' ORDER BY id) FROM tenants) || '|' ||
              (SELECT md5(string_agg(id::text || tenant_id::text || asset_id, ',' ORDER BY id)) FROM standards) || '|' ||
              (SELECT md5(string_agg(id::text || tenant_id::text || work_item_number, ',' ORDER BY id)) FROM work_items) AS ids`,
    )
  ).rows[0]!.ids;

/** Every index of the schema with its definition, as the migrations made it. */
const indexDefinitions = async () =>
  (
    await db.handle.query<{ d: string }>(
      `SELECT indexname || ': ' || indexdef AS d FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`,
    )
  ).rows.map((r) => r.d);

describe('seedDemo', () => {
  it('writes the five demo tenants, each with the whole catalogue', async () => {
    const indexes = await indexDefinitions();
    const result = await seedDemo(db.handle);
    // A first seed builds the catalogue's indexes after its rows: each is back, defined as before.
    expect(await indexDefinitions()).toEqual(indexes);
    expect(result.tenants.map((t) => [t.code, t.catalogue])).toEqual(
      DEMO_TENANTS.map((t) => [t.code, 'inserted']),
    );
    const counts = await countsPerTenant();
    expect([...counts.keys()].sort()).toEqual(DEMO_TENANTS.map((t) => t.code).sort());
    for (const [code, c] of counts) {
      expect(c.publishers, code).toBeGreaterThanOrEqual(5);
      expect(c, code).toMatchObject({ committees: 60, industry_areas: 30, standards: 3000, work_items: 300 });
    }
  }, 60_000);

  it('keeps the fixed tenant ids, hosts and logos', async () => {
    for (const { id, definition } of DEMO_TENANT_DEFINITIONS) {
      const tenant = await findTenantByCode(db.handle, definition.code);
      expect(tenant?.id).toBe(id);
      for (const host of definition.hosts)
        expect((await findTenantByHost(db.handle, host))?.code).toBe(definition.code);
      const logo = await getTenantAsset(db.handle, id, 'logo.svg');
      expect(logo?.contentType).toBe('image/svg+xml');
      expect(new TextDecoder().decode(logo?.body)).toBe(definition.logoSvg);
    }
  });

  it('writes the catalogue as generated, industry areas included', async () => {
    const expected = getDemoCatalogue().standards[0]!;
    const tenantId = DEMO_TENANT_DEFINITIONS[1]!.id;
    const { rows } = await db.handle.query<Record<string, unknown>>(
      `SELECT s.asset_id, s.content_code, s.designation, s.title, s.publisher_code, s.committee_designation, s.status,
              s.edition, s.published_on, array_agg(sia.marketing_code ORDER BY sia.marketing_code) AS areas
         FROM standards s JOIN standard_industry_areas sia ON sia.tenant_id = s.tenant_id AND sia.standard_id = s.id
        WHERE s.tenant_id = $1 AND s.asset_id = $2
        GROUP BY s.id`,
      [tenantId, expected.assetId],
    );
    expect(rows[0]).toEqual({
      asset_id: expected.assetId,
      content_code: expected.contentCode,
      designation: expected.designation,
      title: expected.title,
      publisher_code: expected.publisherCode,
      committee_designation: expected.committeeDesignation,
      status: expected.status,
      edition: expected.edition,
      published_on: expected.publishedOn,
      areas: [...expected.industryAreas].sort(),
    });
    const links = await db.handle.query<{ n: number; min: number; max: number }>(
      `SELECT count(*)::int AS n, min(c)::int AS min, max(c)::int AS max FROM (
         SELECT count(sia.marketing_code) AS c FROM standards s
           LEFT JOIN standard_industry_areas sia ON sia.tenant_id = s.tenant_id AND sia.standard_id = s.id
          WHERE s.tenant_id = $1 GROUP BY s.id) per_standard`,
      [tenantId],
    );
    expect(links.rows[0]).toEqual({ n: 3000, min: 1, max: 3 });
  });

  it('is referentially sound: every standard, committee and work item points at rows of its own tenant', async () => {
    const { rows } = await db.handle.query<{ problem: string; n: number }>(
      `SELECT 'standard without committee' AS problem, count(*)::int AS n FROM standards s
         WHERE NOT EXISTS (SELECT 1 FROM committees c WHERE c.tenant_id = s.tenant_id AND c.designation = s.committee_designation)
       UNION ALL
       SELECT 'standard without publisher', count(*)::int FROM standards s
         WHERE NOT EXISTS (SELECT 1 FROM publishers p WHERE p.tenant_id = s.tenant_id AND p.code = s.publisher_code)
       UNION ALL
       SELECT 'standard publisher differs from its committee''s', count(*)::int FROM standards s
         JOIN committees c ON c.tenant_id = s.tenant_id AND c.designation = s.committee_designation
         WHERE c.publisher_code <> s.publisher_code
       UNION ALL
       SELECT 'committee without publisher', count(*)::int FROM committees c
         WHERE NOT EXISTS (SELECT 1 FROM publishers p WHERE p.tenant_id = c.tenant_id AND p.code = c.publisher_code)
       UNION ALL
       SELECT 'industry link across tenants', count(*)::int FROM standard_industry_areas sia
         JOIN standards s ON s.id = sia.standard_id WHERE s.tenant_id <> sia.tenant_id
       UNION ALL
       SELECT 'work item without committee', count(*)::int FROM work_items w
         WHERE NOT EXISTS (SELECT 1 FROM committees c WHERE c.tenant_id = w.tenant_id AND c.designation = w.committee_designation)`,
    );
    expect(rows.filter((r) => r.n > 0)).toEqual([]);
  });

  it('is idempotent: a second run changes and duplicates nothing', async () => {
    const before = await countsPerTenant();
    const ids = await idsSnapshot();
    const result = await seedDemo(db.handle);
    expect(result.tenants.every((t) => t.catalogue === 'present')).toBe(true);
    expect(await countsPerTenant()).toEqual(before);
    expect(await idsSnapshot()).toBe(ids);
  }, 60_000);

  it('brings an edited tenant back to its definition in code, and completes a partial catalogue', async () => {
    const pacific = DEMO_TENANT_DEFINITIONS.find((t) => t.definition.code === 'pacific')!;
    await db.handle.query(
      `UPDATE tenants SET config = jsonb_set(config, '{tenantName}', '"Edited"') WHERE id = $1`,
      [pacific.id],
    );
    await db.handle.query(`DELETE FROM work_items WHERE tenant_id = $1 AND work_item_number = $2`, [
      pacific.id,
      getDemoCatalogue().workItems[0]!.workItemNumber,
    ]);
    const result = await seedDemo(db.handle);
    expect(result.tenants.find((t) => t.code === 'pacific')?.catalogue).toBe('inserted');
    expect((await findTenantByCode(db.handle, 'pacific'))?.config.tenantName).toBe(
      pacific.definition.config.tenantName,
    );
    expect((await countsPerTenant()).get('pacific')).toMatchObject({ standards: 3000, work_items: 300 });
  }, 60_000);
});
