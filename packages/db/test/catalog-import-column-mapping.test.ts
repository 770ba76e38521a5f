import { readFileSync } from 'node:fs';
import {
  type CatalogColumnMapping,
  catalogColumnMapping,
  type ImportRowOf,
  type MappedColumn,
  type ParsedCatalogImport,
  suggestColumnMapping,
} from '@trackwell/contracts';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import {
  type DatabaseHandle,
  dateOfAnyPrecision,
  dryRunCatalogImport,
  listOf,
  mapRecord,
  parseCatalogCsv,
  parseCatalogXlsx,
  referenceParts,
  stageCode,
  upsertTenant,
} from '../src/index.ts';
import { buildTenantDefinition, createTestDatabase, type TestDatabase } from '../src/testing.ts';

/**
 * Catalogue exports written by others, read through a column mapping (catalog-import/column-mapping.ts):
 * the derivations one by one, ISO's open data export (./fixtures/csv/public/SOURCES.md) end to end through
 * the dry run, and the same columns as an Excel workbook, hostile workbooks included.
 */

const ISO_EXPORT = readFileSync(
  new URL('./fixtures/csv/public/iso-deliverables-metadata.csv', import.meta.url),
  'utf8',
);
const ISO_HEADERS = ISO_EXPORT.slice(0, ISO_EXPORT.indexOf('\r\n')).split(',');

const standardsOf = (parsed: ParsedCatalogImport) =>
  parsed.rows.flatMap((r) => (r.value.kind === 'standard' ? [r.value as ImportRowOf<'standard'>] : []));

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

  it("suggests ISO's export columns by loose name, never its numeric replacedBy ids", () => {
    expect(suggestColumnMapping(ISO_HEADERS)).toEqual([
      { header: 'reference', field: 'reference' },
      { header: 'title.en', field: 'titles', language: 'en' },
      { header: 'title.fr', field: 'titles', language: 'fr' },
      { header: 'publicationDate', field: 'publishedOn' },
      { header: 'edition', field: 'edition' },
      { header: 'icsCode', field: 'icsCodes' },
      { header: 'ownerCommittee', field: 'committeeDesignation' },
      { header: 'currentStage', field: 'stage' },
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

const ISO_MAPPING = catalogColumnMapping.parse({ columns: suggestColumnMapping(ISO_HEADERS) });

describe("ISO's open data export through the mapping", () => {
  let test: TestDatabase;
  let db: DatabaseHandle;
  let tenantId: string;

  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.handle;
    tenantId = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
  }, 60_000);
  afterAll(() => test?.drop());

  it('reads designations, titles per language, dates, ICS and the status from the stage', async () => {
    const parsed = await parseCatalogCsv(ISO_EXPORT, { mapping: ISO_MAPPING });
    expect(parsed.complete).toBe(true);
    const standards = standardsOf(parsed);
    expect(
      standards.map((s) => [s.designation, s.contentCode, s.status, s.publishedOn, s.edition, s.icsCodes]),
    ).toEqual([
      ['ISO 18381:2013', 'ISO 18381', 'active', '2013-05-29', '1', ['49.140']],
      ['ISO 6123-2:1983', 'ISO 6123-2', 'withdrawn', '1983-09-01', '1', ['83.140.99']],
      ['ISO/IEC 10918-5:2013', 'ISO/IEC 10918-5', 'active', '2013-04-26', '1', ['35.040.30']],
      ['ISO 18074:2015', 'ISO 18074', 'active', '2015-11-19', '1', ['59.080.01']],
    ]);
    expect(standards[3]).toMatchObject({
      title:
        'Textiles — Identification of some animal fibres by DNA analysis method — Cashmere, wool, yak and their blends',
      titles: {
        en: 'Textiles — Identification of some animal fibres by DNA analysis method — Cashmere, wool, yak and their blends',
        fr: "Textiles — Identification de certaines fibres animales par la méthode d'analyse de l'ADN — Cachemire, laine, yack et leurs mélanges",
      },
      committeeDesignation: 'ISO/TC 38',
      publisherCode: 'ISO',
      assetId: 'iso-18074-2015',
      publishedPrecision: 'day',
    });
    // The three records whose source left their titles out are refused, the title column named (a record
    // over several lines is numbered by its last, as every CSV error is).
    expect(parsed.errors).toEqual([
      { row: 9, field: 'title.en', reason: 'is required' },
      { row: 10, field: 'title.en', reason: 'is required' },
      { row: 15, field: 'title.en', reason: 'is required' },
    ]);
    // The publisher and committees the export names come as rows created only where the store lacks them.
    expect(parsed.rows.filter((r) => r.row === 0).map((r) => r.value)).toEqual([
      { kind: 'publisher', code: 'ISO', name: 'ISO', onlyIfNew: true },
      {
        kind: 'committee',
        designation: 'ISO/TC 20/SC 13',
        title: 'ISO/TC 20/SC 13',
        publisherCode: 'ISO',
        onlyIfNew: true,
      },
      {
        kind: 'committee',
        designation: 'ISO/TC 45',
        title: 'ISO/TC 45',
        publisherCode: 'ISO',
        onlyIfNew: true,
      },
      {
        kind: 'committee',
        designation: 'ISO/IEC JTC 1/SC 29',
        title: 'ISO/IEC JTC 1/SC 29',
        publisherCode: 'ISO',
        onlyIfNew: true,
      },
      {
        kind: 'committee',
        designation: 'ISO/TC 38',
        title: 'ISO/TC 38',
        publisherCode: 'ISO',
        onlyIfNew: true,
      },
    ]);
  });

  it('the dry run shows each mapped standard new, and the refused records with their column', async () => {
    const dry = await dryRunCatalogImport(
      db,
      tenantId,
      await parseCatalogCsv(ISO_EXPORT, { mapping: ISO_MAPPING }),
    );
    const standards = dry.rows.filter((r) => r.kind === 'standard');
    expect(standards.map((r) => [r.key, r.outcome])).toEqual([
      ['ISO 18381', 'new'],
      ['ISO 6123-2', 'new'],
      ['ISO/IEC 10918-5', 'new'],
      ['ISO 18074', 'new'],
    ]);
    expect(dry.totals.error).toBe(3);
    expect(dry.rows.filter((r) => r.outcome === 'error').flatMap((r) => r.errors ?? [])).toContainEqual({
      row: 9,
      field: 'title.en',
      reason: 'is required',
    });
  });

  it('a header without a mapped column is refused whole, naming the column', async () => {
    const parsed = await parseCatalogCsv('ref,title\r\nISO 1:2000,Units\r\n', { mapping: ISO_MAPPING });
    expect(parsed.complete).toBe(false);
    expect(parsed.rows).toEqual([]);
    expect(parsed.errors).toContainEqual({
      row: 0,
      field: 'reference',
      reason: 'missing column (mapped to reference)',
    });
  });
});

/** ISO's export as a workbook: the same header and cells, the date cells real dates. */
async function isoWorkbook(): Promise<Buffer> {
  const records = (await import('csv-parse/sync')).parse(ISO_EXPORT, {
    relax_column_count: true,
  }) as string[][];
  const [header, ...rows] = records;
  const dateColumn = header!.indexOf('publicationDate');
  const sheet = [
    header!.map((value) => ({ value, type: String })),
    ...rows.map((row) =>
      row.map((value, i) =>
        i === dateColumn && value
          ? { value: new Date(`${value}T00:00:00Z`), type: Date, format: 'yyyy-mm-dd' }
          : { value, type: String },
      ),
    ),
  ];
  return writeXlsxFile(sheet as never).toBuffer();
}

describe('an XLSX export', () => {
  it('reads the first sheet as the CSV is read: the same standards, dates as YYYY-MM-DD', async () => {
    const parsed = await parseCatalogXlsx(await isoWorkbook(), { mapping: ISO_MAPPING });
    expect(parsed.complete).toBe(true);
    const fromCsv = await parseCatalogCsv(ISO_EXPORT, { mapping: ISO_MAPPING });
    expect(standardsOf(parsed)).toEqual(standardsOf(fromCsv));
    // Row numbers are the sheet's: a cell's line break is read as a space, so a row is one line.
    expect(parsed.errors.map((e) => [e.row, e.field])).toEqual([
      [6, 'title.en'],
      [7, 'title.en'],
      [8, 'title.en'],
    ]);
  });

  it('refuses bytes that are not a workbook, with the reason', async () => {
    const parsed = await parseCatalogXlsx(Buffer.from('reference,title\nISO 1,Units\n'));
    expect(parsed).toMatchObject({ rows: [], complete: false });
    expect(parsed.errors[0]!.reason).toMatch(
      /^the workbook it is not an Excel workbook \(\.xlsx\): not a ZIP/,
    );
  });

  it('refuses a ZIP that holds no workbook', async () => {
    const parsed = await parseCatalogXlsx(Buffer.from(zipSync({ 'a.xml': new Uint8Array(10) })));
    expect(parsed.errors[0]!.reason).toMatch(/a ZIP without a workbook in it/);
  });

  it('refuses a zip bomb when its inflated bytes pass the limit, before the sheet is read', async () => {
    // 4 MiB of zeros deflate to a few KiB; the limit here is 1 MiB.
    const bomb = zipSync({ '[Content_Types].xml': new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    const parsed = await parseCatalogXlsx(Buffer.from(bomb), {}, { rows: 10, unpackedBytes: 1024 * 1024 });
    expect(parsed.complete).toBe(false);
    expect(parsed.errors[0]!.reason).toMatch(/unpacks to more than 1,048,576 bytes/);
  });

  it('refuses a sheet over the row limit', async () => {
    const parsed = await parseCatalogXlsx(
      await isoWorkbook(),
      { mapping: ISO_MAPPING },
      {
        rows: 3,
        unpackedBytes: 1024 * 1024,
      },
    );
    expect(parsed.errors[0]!.reason).toMatch(/more than 3 rows/);
  });
});
