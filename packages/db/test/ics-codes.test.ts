import { randomUUID } from 'node:crypto';
import type { ParsedCatalogImport } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogCsv, parseStsXml } from '../src/catalog-import/index.ts';
import {
  applyCatalogImport,
  type DatabaseHandle,
  findStandard,
  listIcsAreaMapping,
  listNotificationDeliveries,
  replaceIcsAreaMapping,
  searchCatalogue,
  unknownIndustryAreas,
  upsertTenant,
} from '../src/index.ts';
import {
  buildTenantDefinition,
  createTestDatabase,
  EVERY_MATCHING_RULE,
  type TestDatabase,
} from '../src/testing.ts';
import { fixtureBytes as fixture, ISO_EXPORT, ISO_MAPPING } from './store-database.ts';

/**
 * ICS codes of real catalogues (the DIN EN ISO 13849-1 STS file, ISO's open data export: fixtures/*\/public)
 * kept per standard, found by the catalogue search by a code or its beginning, and mapped by the store to
 * its industry areas, so that the area's trackers hear of a change to a standard under a mapped prefix.
 */

const DIN_13849 = fixture('sts/public/DIN_EN_ISO_13849-1_2008-12_en_TBX.metadata.xml');

const AREAS_CSV = 'marketing_code,code_name\r\nMACH,Machinery safety\r\nPLAS,Plastics\r\n';

const apply = (db: DatabaseHandle, tenantId: string, parsed: ParsedCatalogImport) =>
  applyCatalogImport(db, tenantId, parsed, { rules: EVERY_MATCHING_RULE, skipBadRows: true });

describe('ICS codes of imported standards', () => {
  let test: TestDatabase;
  let db: DatabaseHandle;
  let tenantId: string;
  let otherTenantId: string;
  let userId: string;

  const search = (q: string) =>
    searchCatalogue(db, tenantId, userId, { q, limit: 20 }).then((hits) =>
      hits.map((h) => h.displayDesignation),
    );

  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.handle;
    tenantId = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    otherTenantId = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    userId = randomUUID();
    await db.query(
      `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'Ada', 'Lovelace')`,
      [userId, tenantId, `${userId}@example.com`],
    );
    for (const t of [tenantId, otherTenantId]) {
      expect((await apply(db, t, await parseCatalogCsv(AREAS_CSV))).outcome).toBe('applied');
      expect((await apply(db, t, await parseStsXml(DIN_13849))).outcome).toBe('applied');
    }
    const iso = await apply(db, tenantId, await parseCatalogCsv(ISO_EXPORT, { mapping: ISO_MAPPING }));
    expect(iso.outcome).toBe('applied');
  }, 60_000);
  afterAll(() => test?.drop());

  it('keeps the codes an STS file and a mapped CSV export give', async () => {
    const din = await findStandard(db, tenantId, { contentCode: 'DIN EN ISO 13849-1' });
    expect(din?.icsCodes).toEqual(['13.110']);
    const iso = await findStandard(db, tenantId, { contentCode: 'ISO 6123-2' });
    expect(iso?.icsCodes).toEqual(['83.140.99']);
    const { rows } = await db.query<{ code: string; n: number }>(
      `SELECT code, count(*)::int AS n FROM standard_ics_codes WHERE tenant_id = $1 GROUP BY code ORDER BY code`,
      [tenantId],
    );
    expect(rows).toContainEqual({ code: '13.110', n: 2 });
    expect(rows).toContainEqual({ code: '35.040.30', n: 1 });
  });

  it('finds standards by an ICS code or its beginning, the exact code first', async () => {
    expect(await search('13.110')).toEqual(['DIN EN ISO 13849-1:2008-12', 'EN ISO 13849-1:2008-06']);
    expect(await search('83.140.99')).toEqual(['ISO 6123-2:1983']);
    expect(await search('83.14')).toEqual(['ISO 6123-2:1983']);
    expect(await search('35.040')).toEqual(['ISO/IEC 10918-5:2013']);
    expect(await search('99.999')).toEqual([]);
    // Another store's catalogue holds the same codes: never among this store's hits.
    const other = await searchCatalogue(db, otherTenantId, randomUUID(), { q: '83.140', limit: 20 });
    expect(other).toEqual([]);
  });

  it('ranks an exact designation match before the ICS matches, and a code before the codes under it', async () => {
    for (const file of [
      'code,name\r\nNUM,Numbered Standards\r\n',
      'designation,title,publisher_code\r\nN1,Guards,NUM\r\n',
    ])
      expect((await apply(db, tenantId, await parseCatalogCsv(file))).outcome).toBe('applied');
    const parsed = await parseCatalogCsv(
      [
        'content_code,asset_id,designation,title,publisher_code,committee_designation,status,edition,published_on,ics_codes',
        'NUM 1,num-1,13.110,Guards,NUM,N1,active,1,2020-01-01,13.110.99',
        'NUM 2,num-2,X 2,Light curtains,NUM,N1,active,1,2020-01-01,13.110.10',
        'NUM 3,num-3,A 3,Old guards,NUM,N1,withdrawn,1,2010-01-01,13.110',
        '',
      ].join('\r\n'),
    );
    expect(parsed.errors).toEqual([]);
    expect((await apply(db, tenantId, parsed)).outcome).toBe('applied');
    expect(await search('13.110')).toEqual([
      '13.110',
      'DIN EN ISO 13849-1:2008-12',
      'EN ISO 13849-1:2008-06',
      'A 3',
      'X 2',
    ]);
  });

  it('maps an ICS prefix to an industry area: the standards under it belong to the area', async () => {
    expect(await unknownIndustryAreas(db, tenantId, ['MACH', 'NOPE'])).toEqual(['NOPE']);
    const saved = await db.transaction((tx) =>
      replaceIcsAreaMapping(tx, tenantId, [
        { prefix: '13.110', area: 'MACH' },
        { prefix: '83', area: 'PLAS' },
      ]),
    );
    expect(saved).toEqual([
      { prefix: '13.110', area: 'MACH' },
      { prefix: '83', area: 'PLAS' },
    ]);
    expect((await findStandard(db, tenantId, { contentCode: 'DIN EN ISO 13849-1' }))?.industryAreas).toEqual([
      'Machinery safety',
    ]);
    expect((await findStandard(db, tenantId, { contentCode: 'ISO 6123-2' }))?.industryAreas).toEqual([
      'Plastics',
    ]);
    // A field does not cover a code that only starts with the same digits.
    expect((await findStandard(db, tenantId, { contentCode: 'ISO 18381' }))?.industryAreas).toEqual([]);
    // The other store has no mapping: its copy of the standard belongs to no area.
    expect(
      (await findStandard(db, otherTenantId, { contentCode: 'DIN EN ISO 13849-1' }))?.industryAreas,
    ).toEqual([]);
    expect(await listIcsAreaMapping(db, otherTenantId)).toEqual([]);
  });

  it('tells a tracker of the area about a new edition of a standard under a mapped prefix', async () => {
    const tracker = randomUUID();
    await db.query(
      `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'Grace', 'Hopper')`,
      [tracker, tenantId, `${tracker}@example.com`],
    );
    await db.query(
      `INSERT INTO source_trackings (tenant_id, user_id, application_code, tracking_type, value)
       VALUES ($1, $2, 'TRACKER', 'INDUSTRYAREA', 'MACH')`,
      [tenantId, tracker],
    );
    const parsed = await parseStsXml(DIN_13849);
    const din = parsed.rows.find((r) => r.value.kind === 'standard')!.value as { edition: string };
    din.edition = '2015-06';
    const run = await apply(db, tenantId, parsed);
    expect(run.events.map((e) => [e.kind, e.recipients])).toEqual([['new_edition', 1]]);
    const deliveries = await listNotificationDeliveries(db, tenantId, { userId: tracker });
    expect(deliveries.map((d) => [d.kind, d.reasons])).toEqual([
      ['new_edition', [{ type: 'INDUSTRYAREA', value: 'MACH' }]],
    ]);
  });

  it('drops the area when the mapping no longer names the prefix', async () => {
    await db.transaction((tx) => replaceIcsAreaMapping(tx, tenantId, [{ prefix: '83', area: 'PLAS' }]));
    expect((await findStandard(db, tenantId, { contentCode: 'DIN EN ISO 13849-1' }))?.industryAreas).toEqual(
      [],
    );
  });
});
