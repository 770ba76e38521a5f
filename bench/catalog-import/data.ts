import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { CatalogImportRow, ImportRowOf } from '@trackwell/contracts';
import { columnName, csvLine, IMPORT_FIELDS } from '@trackwell/db/catalog-import';

/**
 * The benchmark's catalogue: 5 publishers, 30 industry areas, 60 committees (one setup file each) and N
 * standards as one CSV file written row by row, deterministic (a counter, not a random source).
 */

export const PUBLISHERS = ['ATMS', 'PQCI', 'IEWS', 'NFSA', 'GBCA'];
const WORDS = [
  'Tensile',
  'Plastics',
  'Flash',
  'Point',
  'Steel',
  'Water',
  'Sampling',
  'Fire',
  'Concrete',
  'Cement',
  'Asphalt',
  'Rubber',
  'Textile',
  'Paper',
  'Glass',
  'Wood',
  'Copper',
  'Noise',
  'Soil',
  'Fuel',
  'Oil',
  'Paint',
];
const KINDS = [
  'Standard Test Method for',
  'Standard Specification for',
  'Standard Guide for',
  'Standard Practice for',
];

export const areaCode = (i: number) => `AREA${String(i).padStart(2, '0')}`;
export const committeeCode = (i: number) => `C${String(i).padStart(2, '0')}`;

export function setupRows(): CatalogImportRow[] {
  return [
    ...PUBLISHERS.map((code): CatalogImportRow => ({ kind: 'publisher', code, name: `${code} Standards` })),
    ...Array.from(
      { length: 30 },
      (_, i): CatalogImportRow => ({
        kind: 'industry_area',
        marketingCode: areaCode(i),
        codeName: `Area ${i}`,
      }),
    ),
    ...Array.from(
      { length: 60 },
      (_, i): CatalogImportRow => ({
        kind: 'committee',
        designation: committeeCode(i),
        title: `Committee on ${WORDS[i % WORDS.length]}`,
        publisherCode: PUBLISHERS[i % PUBLISHERS.length]!,
      }),
    ),
  ];
}

export function standardRow(i: number, edition = 2022): CatalogImportRow {
  const word = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length];
  return {
    kind: 'standard',
    contentCode: `STD-${i}`,
    assetId: `s${i}-${edition % 100}`,
    designation: `S${i}-${edition % 100}`,
    title: `${KINDS[i % KINDS.length]} ${word(1)} ${word(2)} of ${word(3)} (${i})`,
    publisherCode: PUBLISHERS[i % PUBLISHERS.length]!,
    committeeDesignation: committeeCode(i % 60),
    status: i % 17 === 0 ? 'withdrawn' : 'active',
    edition: String(edition),
    publishedPrecision: 'day',
    titles: {},
    publishedOn: `${edition}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    industryAreas: [areaCode(i % 30), areaCode((i + 7) % 30)],
    icsCodes: [`${10 + (i % 80)}.${String(i % 200).padStart(3, '0')}`],
    replaces: [],
  };
}

/** The columns of the import's standards CSV, in its order (the COPY references take the same ones). */
export const STANDARD_COLUMNS: readonly string[] = IMPORT_FIELDS.standard.map(columnName);

/** The `standards` table's own columns that the import's CSV fills, in the COPY reference's file order. */
export const STANDARDS_TABLE_COLUMNS = [
  'tenant_id',
  'content_code',
  'asset_id',
  'designation',
  'title',
  'publisher_code',
  'committee_designation',
  'status',
  'edition',
  'published_on',
  'ics_codes',
] as const;

const quoted = (cell: string) => `"${cell.replaceAll('"', '""')}"`;

/**
 * Writes the same N standards as `writeStandardsCsv`, as rows of the `standards` table of `tenantId` (its
 * columns, ICS codes as an array literal), for `COPY standards FROM STDIN (FORMAT csv)`.
 */
export async function writeStandardsTableCsv(path: string, rows: number, tenantId: string) {
  const out = createWriteStream(path);
  for (let i = 0; i < rows; i++) {
    const s = standardRow(i) as ImportRowOf<'standard'>;
    const cells = [
      tenantId,
      s.contentCode,
      s.assetId,
      s.designation,
      s.title,
      s.publisherCode,
      s.committeeDesignation ?? '',
      s.status,
      s.edition,
      s.publishedOn,
      `{${s.icsCodes.map((c) => `"${c}"`).join(',')}}`,
    ];
    if (!out.write(`${cells.map(quoted).join(',')}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Writes N standards to `path` as the import's CSV (every cell quoted), streaming. */
export async function writeStandardsCsv(path: string, rows: number, editionOf = (_i: number) => 2022) {
  const out = createWriteStream(path);
  out.write(`${STANDARD_COLUMNS.join(',')}\r\n`);
  for (let i = 0; i < rows; i++) {
    if (!out.write(`${csvLine('standard', standardRow(i, editionOf(i)))}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
