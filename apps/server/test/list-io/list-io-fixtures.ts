import type { SqlExecutor } from '@trackwell/db';

/**
 * The list import's acceptance case: a catalogue and a 200-row messy spreadsheet whose report is known exactly.
 * Catalogue: M1-22 … M50-22 and a few real-looking designations with several editions.
 */
export const LIST_CATALOGUE: Array<[assetId: string, designation: string, status: string, edition: string]> =
  [
    ...Array.from(
      { length: 50 },
      (_, i) => [`m${i + 1}-22`, `M${i + 1}-22`, 'active', '2022'] as [string, string, string, string],
    ),
    ['d638-14', 'D638-14', 'historical', '2014'],
    ['d638-22', 'D638-22', 'active', '2022'],
    ['iso-9001-2008', 'ISO 9001:2008', 'withdrawn', '2008'],
    ['iso-9001-2015', 'ISO 9001:2015', 'active', '2015'],
    ['d790-17', 'D790-17', 'active', '2017'],
    ['d790-23', 'D790-23', 'active', '2023'],
    ['iso-10993-10', 'ISO 10993-10:2021', 'active', '2021'],
    ['c150-22', 'C150/C150M-22', 'active', '2022'],
  ];

export async function insertListCatalogue(db: SqlExecutor, tenantId: string): Promise<void> {
  await db.query(
    `INSERT INTO publishers (tenant_id, code, name) VALUES ($1, 'LP', 'List Publisher') ON CONFLICT DO NOTHING`,
    [tenantId],
  );
  await db.query(
    `INSERT INTO committees (tenant_id, designation, title, publisher_code) VALUES ($1, 'L01', 'Lists', 'LP')
     ON CONFLICT DO NOTHING`,
    [tenantId],
  );
  await db.query(
    `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
       committee_designation, status, edition, published_on)
     SELECT $1, a, 'LP-' || a, d, 'Title of ' || d, 'LP', 'L01', s, e, (e || '-01-15')::date
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS x(a, d, s, e)`,
    [tenantId, ...[0, 1, 2, 3].map((i) => LIST_CATALOGUE.map((row) => row[i]))],
  );
}

const MESSY = [
  (n: number) => `M${n}-22`,
  (n: number) => `m ${n}`,
  (n: number) => `ASTM M${n}-2022`,
  (n: number) => ` M${n} - 22 `,
  (n: number) => `m${n}\u201322`,
];

/** The rows (designation cell in the second column) and the report they give when M1–M5 are tracked. */
export function messyListRows(): string[][] {
  const rows: string[][] = [];
  const add = (designation: string) => rows.push([`Row ${rows.length + 1}, "quoted"`, designation, 'note']);
  for (let n = 1; n <= 50; n++) add(MESSY[n % MESSY.length]!(n)); // 50: 45 matched + 5 already tracked
  for (const d of ['ASTM D638-14', 'd638-22', 'ISO 9001', 'iso 9001:2008', 'ISO 10993-10', 'C150/C150M-22'])
    add(d); // 6 matched
  add('D790'); // ambiguous
  add('ASTM D 790'); // ambiguous
  for (let i = 0; i < 10; i++) add('M6-22'); // 10 duplicates
  for (let i = 0; i < 20; i++) add(''); // 20 empty
  const hostile = [
    '=HYPERLINK("http://evil.example","click")',
    '\u0000NUL\u0000',
    'x'.repeat(10_000),
    'Plastics',
    '+1-22',
    '@SUM(1)',
    'M51-22',
    'D6380',
  ];
  for (const h of hostile) add(h);
  for (let n = 0; rows.length < 200; n++) add(`Z${n}-19`); // not found, up to 200
  return rows;
}

export const MESSY_TOTALS = {
  rows: 200,
  matched: 51,
  alreadyTracked: 5,
  ambiguous: 2,
  duplicates: 10,
  empty: 20,
  notFound: 200 - 50 - 6 - 2 - 10 - 20,
};

const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
export const toCsv = (header: string[], rows: string[][]) =>
  `\ufeff${[header, ...rows].map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`;
export const MESSY_HEADER = ['Title', 'Standard no.', 'Notes'];
