import { catalogColumnMapping, suggestColumnMapping } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { parseCatalogCsv, serializeCatalogCsv } from '../src/catalog-import/index.ts';
import { applyCatalogImport, dryRunCatalogImport, standardForecast } from '../src/index.ts';
import { EVERY_MATCHING_RULE } from '../src/testing.ts';
import { useStoreDatabase } from './store-database.ts';

/**
 * A catalogue CSV's confirmation date (`confirmed_on`, or a mapped column such as "Confirmed"): kept with the
 * standard at the precision the file gives, the review forecast counts from it and says so, the same file
 * again changes nothing, a file without the column keeps the stored date, and a later date is a change.
 */
const HEADER =
  'content_code,asset_id,designation,title,publisher_code,committee_designation,status,edition,published_on';
const PUBLISHERS = 'code,name\r\nISO,International Organization for Standardization\r\n';
const COMMITTEES = 'designation,title,publisher_code\r\nISO/TC 199,Safety of machinery,ISO\r\n';
const standards = (confirmed?: string) =>
  [
    confirmed === undefined ? HEADER : `${HEADER},confirmed_on`,
    `ISO 13849-1,iso-13849-1-2015,ISO 13849-1:2015,Safety-related parts of control systems,ISO,ISO/TC 199,active,3,2015-12-01${confirmed === undefined ? '' : `,${confirmed}`}`,
  ].join('\r\n');

async function parsed(...files: string[]) {
  const all = await Promise.all(files.map((f) => parseCatalogCsv(f)));
  let n = 0;
  return {
    rows: all.flatMap((p) => p.rows.map((r) => ({ ...r, row: ++n }))),
    errors: all.flatMap((p) => p.errors),
    complete: all.every((p) => p.complete),
  };
}

describe('a confirmation date read from a catalogue CSV', () => {
  const store = useStoreDatabase();

  it('is kept at its precision, and the forecast counts from it with the confirmation as its basis', async () => {
    const file = await parsed(PUBLISHERS, COMMITTEES, standards('2021-03'));
    expect(file.errors).toEqual([]);
    expect(file.rows.at(-1)?.value).toMatchObject({ confirmedOn: '2021-03-01', confirmedPrecision: 'month' });
    expect(
      (await applyCatalogImport(store.db, store.tenantId, file, { rules: EVERY_MATCHING_RULE })).outcome,
    ).toBe('applied');
    expect(await standardForecast(store.db, store.tenantId, 'iso-13849-1-2015')).toEqual({
      dueOn: '2026-03',
      kind: 'systematic-review',
      rule: 'ISO',
      basis: 'confirmation',
      from: '2021-03',
    });
    // The CSV written back says the month, not its first day.
    expect(serializeCatalogCsv('standard', [file.rows.at(-1)!.value])).toContain('"2021-03"');
  });

  it('the same file again is unchanged; a file without the column keeps the stored date', async () => {
    const again = await dryRunCatalogImport(store.db, store.tenantId, await parsed(standards('2021-03')));
    expect(again.totals).toMatchObject({ changed: 0, unchanged: 1 });
    const without = await parsed(standards());
    expect((await dryRunCatalogImport(store.db, store.tenantId, without)).totals).toMatchObject({
      changed: 0,
    });
    await applyCatalogImport(store.db, store.tenantId, without, { rules: EVERY_MATCHING_RULE });
    expect((await standardForecast(store.db, store.tenantId, 'iso-13849-1-2015'))?.basis).toBe(
      'confirmation',
    );
  });

  it('a later confirmation is a change the dry run names, and moves the forecast', async () => {
    const later = await parsed(standards('2024-06-30'));
    const plan = await dryRunCatalogImport(store.db, store.tenantId, later);
    expect(plan.rows[0]).toMatchObject({
      outcome: 'changed',
      changes: [
        { field: 'confirmed_on', from: '2021-03-01', to: '2024-06-30' },
        { field: 'confirmed_precision', from: 'month', to: 'day' },
      ],
    });
    await applyCatalogImport(store.db, store.tenantId, later, { rules: EVERY_MATCHING_RULE });
    expect(await standardForecast(store.db, store.tenantId, 'iso-13849-1-2015')).toMatchObject({
      dueOn: '2029-06-30',
      basis: 'confirmation',
      from: '2024-06-30',
    });
  });

  it('a cell that is no date is refused, naming its column', async () => {
    const bad = await parseCatalogCsv(standards('last spring'));
    expect(bad.rows).toEqual([]);
    expect(bad.errors).toEqual([{ row: 2, field: 'confirmed_on', reason: expect.any(String) }]);
  });

  it('another body\'s export: a "Confirmed" column is suggested as the confirmation date and read', async () => {
    const csv = [
      'reference,title.en,publicationDate,currentStage,Confirmed',
      'ISO 18074:2015,Textiles — Identification of some animal fibres,2015-11-19,9093,2020',
      'ISO 18381:2013,Space data — Lossless image compression,2013-05-29,9060,no',
    ].join('\r\n');
    const columns = suggestColumnMapping(csv.split('\r\n')[0]!.split(','));
    expect(columns).toContainEqual({ header: 'Confirmed', field: 'confirmedOn' });
    const read = await parseCatalogCsv(csv, { mapping: catalogColumnMapping.parse({ columns }) });
    const standard = read.rows.find((r) => r.value.kind === 'standard')?.value;
    expect(standard).toMatchObject({
      designation: 'ISO 18074:2015',
      confirmedOn: '2020-01-01',
      confirmedPrecision: 'year',
    });
    expect(read.errors).toEqual([{ row: 3, field: 'Confirmed', reason: expect.any(String) }]);
  });
});
