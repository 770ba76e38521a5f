import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogCsv, parseStsXml } from '../src/catalog-import/index.ts';
import {
  applyCatalogImport,
  type DatabaseHandle,
  dryRunCatalogImport,
  findStandard,
  upsertTenant,
} from '../src/index.ts';
import {
  buildTenantDefinition,
  createTestDatabase,
  EVERY_MATCHING_RULE,
  type TestDatabase,
} from '../src/testing.ts';

/**
 * Amendments and corrigenda belong to their base standard: an STS file whose dated reference names a
 * supplement, a catalogue CSV row whose designation does, is stored linked to its base (by content code) when
 * the store or the file holds the base; else a note on the row, nothing linked.
 */

const amendment = (dated: string) => `<standards><std-meta>
  <std-ident><originator>ISO</originator><doc-number>13849</doc-number><part-number>1</part-number>
    <edition>1</edition><suppl-type>Amd</suppl-type><suppl-number>1</suppl-number></std-ident>
  <std-ref type="dated">${dated}</std-ref>
  <title-wrap xml:lang="en"><full>Safety of machinery — Amendment 1</full></title-wrap>
  <release-date iso-8601-date="2021-03-02"/><comm-ref>ISO/TC 199</comm-ref>
</std-meta></standards>`;

const HEAD =
  'content_code,asset_id,designation,title,publisher_code,committee_designation,status,edition,published_on';
const BASE =
  'ISO 13849-1,iso-13849-1-2015,ISO 13849-1:2015,Safety of machinery,ISO,ISO/TC 199,active,2015,2015-12-01';

describe('catalogue import: amendments and corrigenda', () => {
  let test: TestDatabase;
  let db: DatabaseHandle;
  let t: string;
  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.handle;
    t = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    await db.query(`INSERT INTO publishers VALUES ($1, 'ISO', 'ISO')`, [t]);
    await db.query(`INSERT INTO committees VALUES ($1, 'ISO/TC 199', 'Safety of machinery', 'ISO')`, [t]);
  }, 60_000);
  afterAll(() => test?.drop());

  it('an STS amendment of a base the store lacks: a note, stored without a link', async () => {
    const parsed = await parseStsXml(amendment('ISO 13849-1:2015/Amd 1:2021'));
    expect(parsed.rows.find((r) => r.value.kind === 'standard')!.value).toMatchObject({
      contentCode: 'ISO 13849-1:2015/Amd 1',
      supplementOf: 'ISO 13849-1',
    });
    const dry = await dryRunCatalogImport(db, t, parsed);
    const row = dry.rows.find((r) => r.kind === 'standard')!;
    expect(row.links).toBeUndefined();
    expect(row.warnings).toContainEqual({
      row: 1,
      field: 'supplement_of',
      reason: 'amends ISO 13849-1, which is neither in the catalogue nor in this import: not linked',
    });
  });

  it("an amendment its std-ident names (suppl-type, -number, -version) beside its base's reference is its own standard", async () => {
    const sts = `<std-meta><std-ident><originator>ISO</originator><doc-number>13849</doc-number>
      <part-number>1</part-number><edition>1</edition><suppl-type>Amd</suppl-type><suppl-number>2</suppl-number>
      <suppl-version>2023</suppl-version></std-ident>
      <std-ref type="dated">ISO 13849-1:2015</std-ref><std-ref type="undated">ISO 13849-1</std-ref>
      <title-wrap xml:lang="en"><full>Amendment 2</full></title-wrap><release-date iso-8601-date="2023-01-01"/>
      <comm-ref>ISO/TC 199</comm-ref></std-meta>`;
    const parsed = await parseStsXml(sts);
    expect(parsed.rows.find((r) => r.value.kind === 'standard')!.value).toMatchObject({
      contentCode: 'ISO 13849-1:2015/Amd 2',
      designation: 'ISO 13849-1:2015/Amd 2:2023',
      supplementOf: 'ISO 13849-1',
    });
  });

  it('with its base in the store: linked, shown with the base; the same file again changes nothing', async () => {
    expect(
      (
        await applyCatalogImport(db, t, await parseCatalogCsv([HEAD, BASE].join('\n')), {
          rules: EVERY_MATCHING_RULE,
        })
      ).outcome,
    ).toBe('applied');
    const parsed = await parseStsXml(amendment('ISO 13849-1:2015/Amd 1:2021'));
    const dry = await dryRunCatalogImport(db, t, parsed);
    const row = dry.rows.find((r) => r.kind === 'standard')!;
    expect(row).toMatchObject({ outcome: 'new', links: { supplementOf: 'ISO 13849-1:2015' } });
    expect(row.warnings?.filter((w) => w.field === 'supplement_of') ?? []).toEqual([]);
    expect((await applyCatalogImport(db, t, parsed, { rules: EVERY_MATCHING_RULE })).events).toEqual([]);
    const base = await findStandard(db, t, { contentCode: 'ISO 13849-1' });
    expect(base!.supplements).toEqual([
      {
        designation: 'ISO 13849-1:2015/Amd 1:2021',
        assetId: 'iso-13849-1-2015-amd-1-2021',
        publishedOn: '2021-03-02',
        publishedPrecision: 'day',
      },
    ]);
    const amd = await findStandard(db, t, { contentCode: 'ISO 13849-1:2015/Amd 1' });
    expect(amd!.supplementOf).toEqual({
      contentCode: 'ISO 13849-1',
      designation: 'ISO 13849-1:2015',
      assetId: 'iso-13849-1-2015',
      currentEdition: true,
      amends: 'ISO 13849-1:2015',
    });
    const again = await dryRunCatalogImport(
      db,
      t,
      await parseStsXml(amendment('ISO 13849-1:2015/Amd 1:2021')),
    );
    expect(again.totals).toMatchObject({ new: 0, changed: 0, error: 0 });
  });

  it("a CSV corrigendum row is linked by its designation; CEN's consolidated '+A1' is an edition, no supplement", async () => {
    const cor =
      'ISO 13849-1:2015/Cor 1,iso-cor,ISO 13849-1:2015/Cor 1:2016,Corrigendum,ISO,ISO/TC 199,active,2016,2016-07-01';
    const cen = 'EN 1090-1,en-1090-1,EN 1090-1:2009+A1:2011,Steel,ISO,ISO/TC 199,active,2011,2011-01-01';
    const dry = await dryRunCatalogImport(db, t, await parseCatalogCsv([HEAD, cor, cen].join('\n')));
    expect(dry.rows.map((r) => [r.key, r.links ?? null])).toEqual([
      ['ISO 13849-1:2015/Cor 1', { supplementOf: 'ISO 13849-1:2015' }],
      ['EN 1090-1', null],
    ]);
  });

  it("after a new edition of the base, the base lists only the new edition's supplements; older ones still name it", async () => {
    const cor =
      'ISO 13849-1:2015/Cor 1,iso-13849-1-2015-cor-1-2016,ISO 13849-1:2015/Cor 1:2016,Corrigendum,ISO,ISO/TC 199,active,1,2016-07-01';
    const run = (...rows: string[]) =>
      parseCatalogCsv([HEAD, ...rows].join('\n')).then((p) =>
        applyCatalogImport(db, t, p, { rules: EVERY_MATCHING_RULE }),
      );
    expect((await run(cor)).outcome).toBe('applied');
    const before = await findStandard(db, t, { contentCode: 'ISO 13849-1' });
    expect(before!.supplements.map((x) => x.designation)).toEqual([
      'ISO 13849-1:2015/Cor 1:2016',
      'ISO 13849-1:2015/Amd 1:2021',
    ]);

    const edition2023 =
      'ISO 13849-1,iso-13849-1-2015,ISO 13849-1:2023,Safety of machinery,ISO,ISO/TC 199,active,2023,2023-06-01';
    const amd2025 =
      'ISO 13849-1:2023/Amd 1,iso-13849-1-2023-amd-1-2025,ISO 13849-1:2023/Amd 1:2025,Amendment 1,ISO,ISO/TC 199,active,1,2025-02-01';
    const applied = await run(edition2023);
    expect(applied.events.map((e) => e.kind)).toEqual(['new_edition']);
    expect((await findStandard(db, t, { contentCode: 'ISO 13849-1' }))!.supplements).toEqual([]);

    expect((await run(amd2025)).outcome).toBe('applied');
    const base = await findStandard(db, t, { contentCode: 'ISO 13849-1' });
    expect(base!.supplements).toEqual([
      {
        designation: 'ISO 13849-1:2023/Amd 1:2025',
        assetId: 'iso-13849-1-2023-amd-1-2025',
        publishedOn: '2025-02-01',
        publishedPrecision: 'day',
      },
    ]);
    // The 2015 edition's amendment is listed under that edition, and keeps its page, which names its base.
    expect(base!.earlierSupplements).toMatchObject([
      { designation: 'ISO 13849-1:2015/Cor 1:2016', amends: 'ISO 13849-1:2015' },
      { designation: 'ISO 13849-1:2015/Amd 1:2021', amends: 'ISO 13849-1:2015' },
    ]);
    const old = await findStandard(db, t, { contentCode: 'ISO 13849-1:2015/Amd 1' });
    expect(old!.supplementOf).toMatchObject({
      contentCode: 'ISO 13849-1',
      assetId: 'iso-13849-1-2015',
      currentEdition: false,
      amends: 'ISO 13849-1:2015',
    });
  });
});
