import {
  type CatalogColumnMapping,
  catalogColumnMapping,
  type MappedColumn,
  suggestColumnMapping,
} from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import {
  dateOfAnyPrecision,
  listOf,
  mapRecord,
  referenceParts,
  stageCode,
} from '../src/catalog-import/index.ts';
import { ISO_HEADERS } from './store-database.ts';

/**
 * The column mapping of catalogue exports written by others (catalog-import/column-mapping.ts and contracts
 * catalog-column-mapping.ts): each derivation as a table, one record mapped, the schema's refusals and the
 * suggestions for ISO's open data header (./fixtures/csv/public/SOURCES.md). Whole files:
 * catalog-import-mapped-export.test.ts.
 */

describe('derivations', () => {
  it.each([
    ['ISO 13849-1:2015', 'ISO 13849-1:2015', 'ISO 13849-1', 'ISO', 'iso-13849-1-2015'],
    ['ISO/IEC 10918-5:2013', 'ISO/IEC 10918-5:2013', 'ISO/IEC 10918-5', 'ISO', 'iso-iec-10918-5-2013'],
    ['ISO/TR 7035-2:2024', 'ISO/TR 7035-2:2024', 'ISO/TR 7035-2', 'ISO', 'iso-tr-7035-2-2024'],
    // An amendment keeps the edition it amends in its content code: it is that edition's amendment.
    [
      'ISO/IEC 19566-7:2022/Amd 1:2025',
      'ISO/IEC 19566-7:2022/Amd 1:2025',
      'ISO/IEC 19566-7:2022/Amd 1',
      'ISO',
      'iso-iec-19566-7-2022-amd-1-2025',
    ],
    [
      'DIN EN ISO 13849-1:2008-12',
      'DIN EN ISO 13849-1:2008-12',
      'DIN EN ISO 13849-1',
      'DIN',
      'din-en-iso-13849-1-2008-12',
    ],
    ['  ASTM D638-14 ', 'ASTM D638-14', 'ASTM D638-14', 'ASTM', 'astm-d638-14'],
  ])(
    'reference %j → designation, content code, publisher, page id',
    (reference, designation, contentCode, publisherCode, assetId) => {
      expect(referenceParts(reference)).toEqual({ designation, contentCode, publisherCode, assetId });
    },
  );

  it.each([
    ['60.60', '60.60'],
    ['6060', '60.60'],
    ['9599', '95.99'],
    [' 90.93 ', '90.93'],
    ['606', undefined],
    ['published', undefined],
  ])('stage %j → %j', (text, code) => {
    expect(stageCode(text)).toBe(code);
  });

  it.each([
    ['2006', { date: '2006-01-01', precision: 'year' }],
    ['2006-11', { date: '2006-11-01', precision: 'month' }],
    ['2006-11-30', { date: '2006-11-30', precision: 'day' }],
    ['2015-09-22T00:00:00Z', { date: '2015-09-22', precision: 'day' }],
    ['2015-09-22 00:00', { date: '2015-09-22', precision: 'day' }],
    ['2006-02-30', undefined],
    ['22/09/2015', undefined],
  ])('date %j → %j', (text, expected) => {
    expect(dateOfAnyPrecision(text)).toEqual(expected);
  });

  it.each([
    ['13.110;25.160', undefined, ['13.110', '25.160']],
    ['13.110 | 25.160', '|', ['13.110', '25.160']],
    ["['03.120.10','03.100.70']", undefined, ['03.120.10', '03.100.70']],
    ['["35.040.30"]', undefined, ['35.040.30']],
    ['[]', undefined, []],
    [' ; ', undefined, []],
  ])('list %j (separator %j) → %j', (cell, separator, expected) => {
    expect(listOf(cell, separator)).toEqual(expected);
  });
});

describe('mapRecord', () => {
  const columns: MappedColumn[] = [
    { header: 'reference', field: 'reference' },
    { header: 'title.en', field: 'titles', language: 'en' },
    { header: 'title.fr', field: 'titles', language: 'fr' },
    { header: 'publicationDate', field: 'publishedOn' },
    { header: 'currentStage', field: 'stage' },
    { header: 'icsCode', field: 'icsCodes' },
    { header: 'ownerCommittee', field: 'committeeDesignation' },
  ];
  const cellsOf = (values: Record<string, string>) =>
    new Map(columns.flatMap((c) => (values[c.header] ? [[c, values[c.header]!] as const] : [])));

  it('derives every field an ISO record lacks, and takes the English title as the title', () => {
    const mapped = mapRecord(
      columns,
      cellsOf({
        reference: 'ISO 9001:2015',
        'title.en': 'Quality management systems — Requirements',
        'title.fr': 'Systèmes de management de la qualité — Exigences',
        publicationDate: '2015-09',
        currentStage: '9092',
        icsCode: "['03.120.10']",
        ownerCommittee: 'ISO/TC 176/SC 2',
      }),
      2,
    );
    expect('raw' in mapped && mapped.raw).toMatchObject({
      kind: 'standard',
      contentCode: 'ISO 9001',
      assetId: 'iso-9001-2015',
      designation: 'ISO 9001:2015',
      title: 'Quality management systems — Requirements',
      titles: {
        en: 'Quality management systems — Requirements',
        fr: 'Systèmes de management de la qualité — Exigences',
      },
      publisherCode: 'ISO',
      committeeDesignation: 'ISO/TC 176/SC 2',
      status: 'active',
      edition: '2015',
      publishedOn: '2015-09-01',
      publishedPrecision: 'month',
      icsCodes: ['03.120.10'],
    });
  });

  it('leaves a project (stage before 60.60) out with a warning naming the stage column', () => {
    expect(mapRecord(columns, cellsOf({ reference: 'ISO/WD 0', currentStage: '2098' }), 5)).toEqual({
      skipped: {
        row: 5,
        field: 'currentStage',
        reason: 'stage 20.98 is a project, not a published standard: not imported',
      },
    });
  });

  it('refuses a stage that is no stage code', () => {
    expect(mapRecord(columns, cellsOf({ reference: 'ISO 1', currentStage: 'done' }), 3)).toEqual({
      errors: [{ row: 3, field: 'currentStage', reason: '"done" is not a stage code (00.00–95.99)' }],
    });
  });
});

describe('the mapping schema', () => {
  it('names the field a mapping gets wrong', () => {
    const result = catalogColumnMapping.safeParse({
      columns: [
        { header: 'ref', field: 'reference' },
        { header: 'Title', field: 'titles' },
        { header: 'ICS', field: 'edition', separator: ';' },
      ],
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['columns.1.language', 'field titles needs a language'],
        ['columns.2.separator', 'field edition is not a list'],
        ['columns', 'field status is not mapped (map a column to status or stage)'],
        ['columns', 'field publishedOn is not mapped (map a column to publishedOn)'],
      ]),
    );
  });

  it("suggests ISO's export columns by loose name, its id column with the replaces and replacedBy it names", () => {
    expect(suggestColumnMapping(ISO_HEADERS)).toEqual([
      { header: 'id', field: 'sourceId' },
      { header: 'reference', field: 'reference' },
      { header: 'title.en', field: 'titles', language: 'en' },
      { header: 'title.fr', field: 'titles', language: 'fr' },
      { header: 'publicationDate', field: 'publishedOn' },
      { header: 'edition', field: 'edition' },
      { header: 'icsCode', field: 'icsCodes' },
      { header: 'ownerCommittee', field: 'committeeDesignation' },
      { header: 'currentStage', field: 'stage' },
      { header: 'replaces', field: 'replaces' },
      { header: 'replacedBy', field: 'replacedBy' },
    ]);
  });

  it("suggests the catalogue CSV's own replaced_by and other spellings of the supersession columns", () => {
    expect(suggestColumnMapping(['Record ID', 'Supersedes', 'replaced_by', 'Superseded By'])).toEqual([
      { header: 'Record ID', field: 'sourceId' },
      { header: 'Supersedes', field: 'replaces' },
      { header: 'replaced_by', field: 'replacedBy' },
    ]);
  });

  it("puts the saved mapping's columns first, then loose matches for the rest", () => {
    const saved: CatalogColumnMapping = {
      columns: [
        { header: 'Norm', field: 'reference' },
        { header: 'gone', field: 'edition' },
      ],
    };
    expect(suggestColumnMapping(['Norm', 'Title', 'Date'], saved)).toEqual([
      { header: 'Norm', field: 'reference' },
      { header: 'Title', field: 'title' },
      { header: 'Date', field: 'publishedOn' },
    ]);
  });
});
