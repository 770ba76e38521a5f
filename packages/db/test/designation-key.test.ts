import { randomUUID } from 'node:crypto';
import { parseDesignation } from '@trackwell/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlExecutor } from '../src/client.ts';
import { findStandardByDesignation } from '../src/repositories/catalog.ts';
import { searchCatalogue } from '../src/repositories/catalogue-search.ts';
import { findStandardsByDesignationKeys } from '../src/repositories/list-import.ts';
import { upsertTenant } from '../src/repositories/tenants.ts';
import { buildTenantDefinition, createTestDatabase, type TestDatabase } from '../src/testing.ts';

/**
 * The designation rule in the database: `designation_key()` (migration 0031) must be the key contracts'
 * `parseDesignation` gives, or a query misses its standard; and the search box, the resolver's lookup and
 * the list import find every written form of a designation, the exact one first, from the key's index.
 * On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const CATALOGUE: Array<[designation: string, status: string, title: string]> = [
  ['ISO 22337:2020', 'active', 'Soil quality'],
  ['ISO 22337:2015', 'historical', 'Soil quality'],
  ['ISO 2233:2001', 'active', 'Packaging conditioning'],
  ['D6385-22', 'active', 'Acid number of asphalt'],
  ['D6385-19', 'historical', 'Acid number of asphalt'],
  ['A6385-20', 'active', 'Steel castings'],
  ['D638-22', 'active', 'Tensile Properties of Plastics'],
  ['13849-1:2006-11', 'active', 'Safety of machinery, control systems'],
  ['ISO 13849-1:2006-11', 'active', 'Safety of machinery, control systems'],
  ['DIN EN ISO 13849-1:2008-12', 'active', 'Safety of machinery, control systems'],
  ['ISO 13849-2:2012', 'active', 'Safety of machinery, validation'],
  ['D1234-19', 'active', 'Two active editions'],
  ['D1234-23', 'active', 'Two active editions'],
];

describe('designation_key() in SQL is the key of contracts', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.drop();
  });

  const sqlKeys = async (texts: string[]) =>
    (
      await t.handle.query<{ key: string | null }>(
        'SELECT designation_key(d) AS key FROM unnest($1::text[]) WITH ORDINALITY AS x(d, n) ORDER BY n',
        [texts],
      )
    ).rows.map((r) => r.key);
  const tsKeys = (texts: string[]) => texts.map((d) => parseDesignation(d)?.key ?? null);

  it('for catalogue designations and the ways people write them', async () => {
    const texts = [
      ...CATALOGUE.map(([d]) => d),
      'ISO 22337',
      'iso22337:2020',
      'D 6385',
      'ASTM D6385-22',
      'DIN EN ISO 13849-1',
      'BS EN ISO 13849-1',
      '  d 6385 - 22 ',
      'D6385\u201322',
      'D6385\u221222',
      'ISO\u00a022337 :\u20032020',
      'ISO 22337:2020 (en)',
      '\uff24\uff25638',
      'C150/C150M-22',
      'E8/E8M-16a',
      'A36-19e1',
      'ISO 10993-10',
      'EN 10025-10',
      'DIN 1025-2014',
      'ISO/IEC 27001:2022',
      'WK12345',
      'Plastics',
      '',
      '=HYPERLINK("D6385")',
      'ISO 22337 '.repeat(9),
      'D6385'.padEnd(10_000, 'x'),
    ];
    expect(await sqlKeys(texts)).toEqual(tsKeys(texts));
  });

  it('for any text of designation characters', async () => {
    const texts = fc.sample(
      fc.string({ unit: fc.constantFrom(...'AbDIsoN9 0-:/é.()\u2013\u00a0E2'.split('')), maxLength: 24 }),
      300,
    );
    expect(await sqlKeys(texts)).toEqual(tsKeys(texts));
  });
});

describe('every written form finds its standard, the exact designation first', () => {
  let t: TestDatabase;
  let tenant: string;
  let other: string;
  const user = randomUUID();

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.handle;
    tenant = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    other = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    await db.query(
      `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'T', 'U')`,
      [user, tenant, `${user}@example.test`],
    );
    for (const id of [tenant, other]) {
      await db.query(`INSERT INTO publishers (tenant_id, code, name) VALUES ($1, 'P1', 'Pub one')`, [id]);
      await db.query(
        `INSERT INTO committees (tenant_id, designation, title, publisher_code) VALUES ($1, 'C1', 'Com', 'P1')`,
        [id],
      );
    }
    const insert = `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
                      committee_designation, status, edition, published_on)
                    VALUES ($1, $2, 'C-' || $2, $3, $4, 'P1', 'C1', $5, '2020', '2020-01-01')`;
    for (const [i, [designation, status, title]] of CATALOGUE.entries())
      await db.query(insert, [tenant, `s${i}`, designation, title, status]);
    await db.query(insert, [other, 'x1', 'D6385-22', 'Another store', 'active']);
    // Enough other standards that reading the table would cost more than its indexes.
    await db.query(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
         committee_designation, status, edition, published_on)
       SELECT $1, 'f' || i, 'F-' || i, 'F' || i || '-20', 'Filler ' || i, 'P1', 'C1', 'active', '2020', '2020-01-01'
         FROM generate_series(1, 3000) AS i`,
      [tenant],
    );
    await db.query('ANALYZE standards');
  });
  afterAll(async () => {
    await t?.drop();
  });

  const search = async (q: string, db: SqlExecutor = t.handle) =>
    (await searchCatalogue(db, tenant, user, { q, limit: 10 })).map((h) => h.displayDesignation);

  it.each([
    ['ISO 22337', 'ISO 22337:2020', ['ISO 22337:2015']],
    ['iso22337:2020', 'ISO 22337:2020', ['ISO 22337:2015']],
    ['ISO 22337:2015', 'ISO 22337:2015', ['ISO 22337:2020']],
    ['D 6385', 'D6385-22', ['D6385-19']],
    ['ASTM D6385-22', 'D6385-22', ['D6385-19']],
    ['d6385-19', 'D6385-19', ['D6385-22']],
    ['DIN EN ISO 13849-1', 'DIN EN ISO 13849-1:2008-12', ['ISO 13849-1:2006-11', '13849-1:2006-11']],
    ['ISO 13849-1', 'ISO 13849-1:2006-11', ['DIN EN ISO 13849-1:2008-12', '13849-1:2006-11']],
    ['13849-1:2006-11', '13849-1:2006-11', ['ISO 13849-1:2006-11', 'DIN EN ISO 13849-1:2008-12']],
    ['D638', 'D638-22', ['D6385-22']],
    ['D638-2', 'D638-22', []],
    ['D638 tensile', 'D638-22', []],
  ])('search %j: %s first, also %j', async (q, first, also) => {
    const hits = await search(q);
    expect(hits[0]).toBe(first);
    expect(hits).toEqual(expect.arrayContaining(also));
    expect(hits).not.toContain('A6385-20');
  });

  it("search keeps to the caller's store and to the title words typed after the designation", async () => {
    expect(await search('D6385-22')).toEqual(['D6385-22', 'D6385-19']);
    expect(await search('D638 asphalt')).toEqual(['D6385-22', 'D6385-19']);
    expect(await searchCatalogue(t.handle, other, user, { q: 'ISO 22337', limit: 10 })).toEqual([]);
  });

  it('search finds nothing, and does not fail, for no designation or hostile text', async () => {
    for (const q of ['\u0000', 'D6385'.padEnd(10_000, 'x'), "'; DROP TABLE standards", '%_\\', '(en)'])
      expect(await search(q)).toEqual([]);
  });

  it('search reads the designation branch from indexes, never the whole table', async () => {
    const seen: Array<[string, readonly unknown[]]> = [];
    const recording: SqlExecutor = {
      query: (sql, params) => {
        seen.push([sql, params ?? []]);
        return t.handle.query(sql, params);
      },
    };
    await search('ASTM D6385', recording);
    await search('DIN EN ISO 13849', recording);
    const branch = seen.filter(([sql]) => sql.includes('designation_key(designation) ~>=~'));
    expect(branch).toHaveLength(2);
    for (const [sql, params] of branch) {
      const plan = (await t.handle.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('standards_designation_key_idx');
      expect(plan).not.toMatch(/Seq Scan on standards/);
    }
  });

  it.each([
    ['ISO 22337', 'ISO 22337:2020'],
    ['iso22337:2020', 'ISO 22337:2020'],
    ['D 6385', 'D6385-22'],
    ['ASTM D6385-22', 'D6385-22'],
    ['ASTM D6385-19', 'D6385-19'],
    ['DIN EN ISO 13849-1', 'DIN EN ISO 13849-1:2008-12'],
    ['ISO 13849-1', 'ISO 13849-1:2006-11'],
  ])('the resolver and publisher lookup: %j means %s', async (text, designation) => {
    const match = await findStandardByDesignation(t.handle, tenant, text);
    expect(match).toMatchObject({ outcome: 'matched', standard: { designation } });
  });

  it('the lookup says when a designation names several standards equally, and finds nothing in bad input', async () => {
    const both = await findStandardByDesignation(t.handle, tenant, 'ASTM D1234');
    expect(both).toMatchObject({
      outcome: 'ambiguous',
      candidates: [{ designation: 'D1234-19' }, { designation: 'D1234-23' }],
    });
    for (const text of ['\u0000', 'ISO 99999', 'D6385'.padEnd(10_000, 'x'), ''])
      expect(await findStandardByDesignation(t.handle, tenant, text)).toEqual({ outcome: 'not_found' });
    expect(await findStandardByDesignation(t.handle, other, 'ISO 22337')).toEqual({ outcome: 'not_found' });
  });

  it("the list import reads every edition and adoption of a cell's key", async () => {
    const keys = ['ISO 22337', 'D 6385', 'DIN EN ISO 13849-1'].map((d) => parseDesignation(d)!.key);
    const found = await findStandardsByDesignationKeys(t.handle, tenant, user, keys);
    expect(found.map((c) => c.designation).sort()).toEqual([
      '13849-1:2006-11',
      'D6385-19',
      'D6385-22',
      'DIN EN ISO 13849-1:2008-12',
      'ISO 13849-1:2006-11',
      'ISO 22337:2015',
      'ISO 22337:2020',
    ]);
  });
});
