import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCatalogue } from '../src/repositories/catalogue-search.ts';
import { upsertTenant } from '../src/repositories/tenants.ts';
import { createContentTracking, setContentTrackingOff } from '../src/repositories/tracker.ts';
import { buildTenantDefinition, createTestDatabase, type TestDatabase } from '../src/testing.ts';

/**
 * The catalogue search ranks the best first however many standards match (each branch keeps
 * only its best rows, so the rule must hold when far more than the limit match), and marks the caller's
 * trackings. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('searchCatalogue: ranking with many matches, and the tracked mark', () => {
  let t: TestDatabase;
  let tenantA: string;
  let tenantB: string;
  const userA = randomUUID();
  const userA2 = randomUUID();
  const userB = randomUUID();

  const FILLERS = 40; // active titles with the word in the middle, longer than every named one below
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
      await db.query(
        `INSERT INTO publishers (tenant_id, code, name) VALUES ($1, 'P1', 'Pub one'), ($1, 'P2', 'Pub two')`,
        [tenant],
      );
      await db.query(
        `INSERT INTO committees (tenant_id, designation, title, publisher_code) VALUES ($1, 'C1', 'Com', 'P1')`,
        [tenant],
      );
    }
    const add = (
      tenant: string,
      designation: string,
      title: string,
      { status = 'active', publisher = 'P1' } = {},
    ) =>
      db.query(
        `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
           committee_designation, status, edition, published_on)
         VALUES ($1, lower($2), 'C-' || $2, $2, $3, $4, 'C1', $5, '2024', '2024-01-01')`,
        [tenant, designation, title, publisher, status],
      );
    // Many matches for "corrosion", none of them beating the named ones below.
    await db.query(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
         committee_designation, status, edition, published_on)
       SELECT $1, 'f' || i, 'F-' || i, 'F' || i, 'Standard Guide for Measuring Corrosion of Metals, part ' || i,
              'P1', 'C1', 'active', '2024', '2024-01-01'
         FROM generate_series(1, $2::int) AS i`,
      [tenantA, FILLERS],
    );
    await add(tenantA, 'A1', 'Corrosion Testing');
    await add(tenantA, 'A2', 'Corrosion Testing, Old Edition', { status: 'withdrawn' });
    await add(tenantA, 'A3', 'Corrosion Tests of Steel Pipe');
    await add(tenantA, 'A4', 'Metal Corrosion');
    await add(tenantA, 'A5', 'Old Corrosion', { status: 'withdrawn' });
    await add(tenantA, 'A6', 'Atmospheric Corrosion of Zinc', { publisher: 'P2' });
    // Designations: the exact one first, then the shortest.
    await add(tenantA, 'D6380-21', 'Asphalt Roll Roofing');
    await add(tenantA, 'D638-22', 'Tensile Properties of Plastics');
    await add(tenantA, 'D60-10', 'Drums');
    await add(tenantA, 'D6', 'Paints');
    await add(tenantA, 'E100', 'Methods referring to D6 and others');
    // Two words: the phrase first, then the title starting with the first word.
    await add(tenantA, 'S1', 'Pipe Made of Steel');
    await add(tenantA, 'S2', 'Steel Tubes and Pipe');
    await add(tenantA, 'S3', 'Seamless Steel Pipe for High-Temperature Service');
    await add(tenantA, 'S4', 'Welded Steel Pipe');
    await add(tenantA, 'P1', 'Pipeline Welding');
    // A short prefix matching eight words of the same title (one index entry per word).
    await add(tenantA, 'Q1', 'A Quick Quiet Quilt Quota Quote Quartz Quarry Quay');
    await add(tenantA, 'Q2', 'A Quick Quiet Quilt Quota Quote Quartz Quarry Quay Quest');
    await add(tenantB, 'B1', 'Corrosion Testing in another store');
    await db.exec('ANALYZE standards');
  });
  afterAll(() => t.drop());

  const designations = async (q: string, limit = 10, publisher?: string, user = userA) =>
    (await searchCatalogue(t.handle, tenantA, user, { q, limit, publisher })).map(
      (h) => h.displayDesignation,
    );

  it('one word matching far more than the limit: titles starting with it, active, then shorter first', async () => {
    expect(await designations('corrosion')).toEqual([
      'A1', // starts with the word, active, shortest
      'A3', // starts with the word, active
      'A2', // starts with the word, withdrawn
      'A4', // contains it, active, shortest
      'A6',
      ...Array.from({ length: 5 }, (_, i) => `F${i + 1}`), // active fillers, equal length, by designation
    ]);
    // "Old Corrosion" (withdrawn) comes after every active title, however many there are.
    const all = await designations('corrosion', 50);
    expect(all).toHaveLength(5 + FILLERS + 1);
    expect(all.at(-1)).toBe('A5');
  });

  it('a designation prefix: the exact designation, then the shortest, then title matches', async () => {
    expect(await designations('D6')).toEqual(['D6', 'D60-10', 'D638-22', 'D6380-21', 'E100']);
    expect(await designations('d638')).toEqual(['D638-22', 'D6380-21']);
  });

  it('two words: the phrase first, then the title starting with the first word, then the others', async () => {
    // Phrase (shorter first): S4, A3 "Corrosion Tests of Steel Pipe", S3; then S2 starts with "steel".
    expect(await designations('steel pipe')).toEqual(['S4', 'A3', 'S3', 'S2', 'S1']);
  });

  it('one word counts the longer words it begins too ("pipe" finds "Pipeline"), in one ranking', async () => {
    // Titles starting with it (shorter first), then the others: active, shorter first.
    expect(await designations('pipe')).toEqual(['P1', 'S1', 'S4', 'S2', 'A3', 'S3']);
  });

  it('filters by publisher before choosing the best rows', async () => {
    expect(await designations('corrosion', 2, 'P2')).toEqual(['A6']);
  });

  it('honours the limit and finds nothing for a word no title has', async () => {
    expect(await designations('corrosion', 3)).toEqual(['A1', 'A3', 'A2']);
    expect(await designations('zzzz')).toEqual([]);
  });

  it('a short prefix matching many words of the same titles still gives distinct standards, all of them', async () => {
    expect(await designations('qu', 2)).toEqual(['Q1', 'Q2']);
    expect(await designations('quartz', 5)).toEqual(['Q1', 'Q2']);
  });

  it("marks the caller's trackings only (switched off or not), in this tenant only", async () => {
    await createContentTracking(t.handle, tenantA, userA, { assetId: 'a3' });
    const off = await createContentTracking(t.handle, tenantA, userA, { assetId: 'a4' });
    await setContentTrackingOff(t.handle, tenantA, userA, [off!.row.id], true);
    await createContentTracking(t.handle, tenantA, userA2, { assetId: 'a1' });
    const tracked = async (user: string) =>
      (await searchCatalogue(t.handle, tenantA, user, { q: 'corrosion', limit: 5 }))
        .filter((h) => h.tracked)
        .map((h) => h.displayDesignation);
    expect(await tracked(userA)).toEqual(['A3', 'A4']);
    expect(await tracked(userA2)).toEqual(['A1']);
    // A user of another tenant sees another catalogue, and no one's marks from this one.
    const other = await searchCatalogue(t.handle, tenantB, userB, { q: 'corrosion', limit: 5 });
    expect(other.map((h) => [h.displayDesignation, h.tracked])).toEqual([['B1', false]]);
  });

  it('a designation with title words: every standard of the range that has the words, past its first hundred', async () => {
    // 180 designations go on from "K7": the first 150 in designation (and key) order are without the word, the
    // last 30 have it; K7 itself has it too.
    await t.handle.query(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
         committee_designation, status, edition, published_on)
       SELECT $1, 'kx' || i, 'KX-' || i, 'K7' || CASE WHEN i < 150 THEN 10000 + i ELSE 20000 + i END,
              CASE WHEN i < 150 THEN 'Roof Tiles' ELSE 'Sheet Membrane' END,
              'P1', 'C1', 'active', '2024', '2024-01-01'
         FROM generate_series(0, 179) AS i`,
      [tenantA],
    );
    await t.handle.query(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
         committee_designation, status, edition, published_on)
       VALUES ($1, 'k7', 'K-7', 'K7', 'Membrane Roofing', 'P1', 'C1', 'active', '2024', '2024-01-01')`,
      [tenantA],
    );
    const hits = await designations('K7 membrane', 40);
    expect(hits[0]).toBe('K7');
    expect(hits.slice(1).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `K7${20150 + i}`));
    await t.handle.query(`DELETE FROM standards WHERE tenant_id = $1 AND designation LIKE 'K7%'`, [tenantA]);
  });

  it('a designation being typed: the shortest designations that go on from it, however many come before them A–Z', async () => {
    // 150 long designations that sort before the short ones, by key and as written.
    await t.handle.query(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
         committee_designation, status, edition, published_on)
       SELECT $1::uuid, 'mx' || i, 'MX-' || i, 'M' || (60000 + i), 'Long Designation', 'P1', 'C1', 'active',
              '2024', date '2024-01-01'
         FROM generate_series(0, 149) AS i
       UNION ALL
       SELECT $1::uuid, 'my' || i, 'MY-' || i, 'M6' || i, 'Short Designation', 'P1', 'C1', 'active', '2024',
              date '2024-01-01'
         FROM generate_series(1, 5) AS i`,
      [tenantA],
    );
    expect(await designations('M6', 5)).toEqual(['M61', 'M62', 'M63', 'M64', 'M65']);
    expect(await designations('M6 short', 3)).toEqual(['M61', 'M62', 'M63']);
    await t.handle.query(`DELETE FROM standards WHERE tenant_id = $1 AND designation LIKE 'M6%'`, [tenantA]);
  });

  it('follows changes to the catalogue: a new status, a new title, a deleted standard', async () => {
    const db = t.handle;
    await db.query(`UPDATE standards SET status = 'active' WHERE tenant_id = $1 AND designation = 'A5'`, [
      tenantA,
    ]);
    await db.query(
      `UPDATE standards SET title = 'Rust Testing' WHERE tenant_id = $1 AND designation = 'A1'`,
      [tenantA],
    );
    await db.query(`DELETE FROM standards WHERE tenant_id = $1 AND designation = 'A3'`, [tenantA]);
    // "Old Corrosion" is now the shortest active title with the word; A1 no longer has it; A3 is gone.
    expect(await designations('corrosion', 4)).toEqual(['A2', 'A5', 'A4', 'A6']);
    expect(await designations('rust')).toEqual(['A1']);
  });
});
