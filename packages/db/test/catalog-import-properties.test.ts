import { CATALOG_IMPORT_KINDS, type CatalogImportRow, isUnsafeString } from '@trackwell/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  columnName,
  IMPORT_FIELDS,
  parseCatalogCsv,
  parseStsXml,
  serializeCatalogCsv,
} from '../src/catalog-import/index.ts';
import { testEngine } from '../src/testing.ts';

// Property-based tests of the import parsers (fast-check, fixed seed): hostile input never throws and
// never yields an unsafe value; a written CSV reads back as the same rows.

const SEED = 20261125;

/** Characters that break naive CSV and XML handling, and some that PostgreSQL or a page cannot take. */
const hostileChar = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udc00',
  '"',
  ',',
  ';',
  '\r',
  '\n',
  '\t',
  '\u202e',
  '\u2028',
  '\ufeff',
  ' ',
  'a',
  'é',
  '😀',
  '<',
  '&',
  '&amp;',
  ']]>',
  '<!DOCTYPE',
  '<std-meta>',
  '</std-meta>',
  '&lol;',
  '\\',
  "'",
);
const hostileString = fc.oneof(
  fc.array(hostileChar, { maxLength: 40 }).map((a) => a.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant('x'.repeat(70_000)),
);

const checkSafe = (parsed: Awaited<ReturnType<typeof parseCatalogCsv>>) => {
  for (const { value } of parsed.rows)
    for (const cell of Object.values(value).flat()) expect(isUnsafeString(String(cell))).toBe(false);
  for (const e of parsed.errors) expect(e.row).toBeGreaterThanOrEqual(0);
};

// The parsers alone, no database: run once, in the PGlite run, not again beside PostgreSQL.
describe.runIf(testEngine() === 'pglite')('catalogue import parsers, property-based', () => {
  it('random hostile cells under any header never throw and never yield an unsafe value', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CATALOG_IMPORT_KINDS),
        fc.array(fc.array(hostileString, { minLength: 1, maxLength: 12 }), { maxLength: 6 }),
        async (kind, records) => {
          const header = IMPORT_FIELDS[kind].map(columnName).join(',');
          const body = records.map((cells) => cells.join(',')).join('\r\n');
          checkSafe(await parseCatalogCsv(`${header}\r\n${body}`));
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('random hostile text as an STS document never throws', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostileString, { maxLength: 10 }), async (parts) => {
        const xml = `<standard><front><std-meta>${parts.join('<comm-ref>')}</std-meta></front></standard>`;
        const parsed = await parseStsXml(xml);
        for (const { value } of parsed.rows)
          for (const cell of Object.values(value).flat()) expect(isUnsafeString(String(cell))).toBe(false);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  /** A valid cell: trimmed single-line text with commas, quotes and non-ASCII (a list code has no ";"). */
  const cellChar = fc.constantFrom(
    'a',
    'Z',
    '9',
    ' ',
    ',',
    '"',
    "'",
    'é',
    'ß',
    '—',
    '😀',
    '&',
    '<',
    '.',
    '-',
  );
  const cell = (max: number, { list = false } = {}) =>
    fc
      .array(list ? cellChar : fc.oneof(cellChar, fc.constant(';')), { minLength: 1, maxLength: max })
      .map((a) => a.join('').trim())
      .filter((s) => s.length > 0);
  const date = fc
    .date({ min: new Date('1950-01-01'), max: new Date('2049-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const standard = fc.record({
    kind: fc.constant('standard' as const),
    contentCode: cell(20),
    assetId: cell(20),
    designation: cell(20),
    title: cell(60),
    publisherCode: cell(8),
    committeeDesignation: cell(8),
    status: fc.constantFrom('active' as const, 'withdrawn' as const, 'historical' as const),
    edition: cell(6),
    publishedOn: date,
    // The CSV's columns carry one title and full dates: the schema's defaults, as parsing gives them.
    publishedPrecision: fc.constant('day' as const),
    titles: fc.constant({}),
    industryAreas: fc.array(cell(8, { list: true }), { maxLength: 3 }),
    icsCodes: fc.array(cell(10, { list: true }), { maxLength: 3 }),
    replaces: fc.array(cell(10, { list: true }), { maxLength: 2 }),
  });

  it('parse(serialize(rows)) gives the rows back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(standard, { maxLength: 20 }), async (rows) => {
        const parsed = await parseCatalogCsv(serializeCatalogCsv('standard', rows as CatalogImportRow[]));
        expect(parsed.errors).toEqual([]);
        expect(parsed.rows.map((r) => r.value)).toEqual(rows);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});
