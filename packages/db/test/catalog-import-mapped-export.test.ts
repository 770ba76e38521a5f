import type { ImportRowOf, ParsedCatalogImport } from '@trackwell/contracts';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { parseCatalogCsv, parseCatalogXlsx } from '../src/catalog-import/index.ts';
import { dryRunCatalogImport } from '../src/index.ts';
import { ISO_EXPORT, ISO_MAPPING, useStoreDatabase } from './store-database.ts';

/**
 * A real catalogue export written by others — ISO's open data (./fixtures/csv/public/SOURCES.md) — read
 * through the mapping its header suggests, end to end through the dry run; the same columns as an Excel
 * workbook; hostile workbooks (not a ZIP, no workbook, a zip bomb, too many rows) refused with the reason.
 */

const standardsOf = (parsed: ParsedCatalogImport) =>
  parsed.rows.flatMap((r) => (r.value.kind === 'standard' ? [r.value as ImportRowOf<'standard'>] : []));

describe("ISO's open data export through the mapping", () => {
  const store = useStoreDatabase();

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
      store.db,
      store.tenantId,
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
