import { CATALOG_IMPORT_KINDS, catalogImportRow, IMPORT_LIMITS, quickImportRow } from '@trackwell/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS, LIST_FIELDS } from '../src/catalog-import/rows.ts';

// The quick check of import rows against the schema it stands in for (fast-check, fixed seed): whatever it
// accepts, the schema accepts with the same value (fields, order, trimming); plainly valid rows take it.

const SEED = 20261126;

const piece = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udc00',
  '😀',
  '\r',
  '\n',
  '\t',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u200e',
  '\u061c',
  '\ufeff',
  '\u00a0',
  ' ',
  ';',
  '"',
  'a',
  'Z',
  'é',
  '0',
  '-',
  'active',
  'withdrawn',
  'in_ballot',
  '2024-02-29',
  '2023-02-29',
  '2024-13-01',
  '2024-04-31',
);
const text = fc.array(piece, { maxLength: 8 }).map((p) => p.join(''));
const long = (n: number) =>
  fc
    .tuple(fc.constantFrom(' ', 'x', ''), fc.constantFrom(' ', 'y', ''))
    .map(([a, b]) => `${a}${'c'.repeat(n)}${b}`);
/** Values that pass for some field: most rows are valid but for one cell or none. */
const good = fc.constantFrom(
  'ATMS',
  ' D20 ',
  'active',
  'historical',
  'in_ballot',
  'published',
  '2024-02-29',
  '2025-01-31',
  'Title with é and 😀',
);
const cell = fc.oneof(
  { arbitrary: good, weight: 40 },
  text,
  long(IMPORT_LIMITS.code - 1),
  long(IMPORT_LIMITS.code),
  long(IMPORT_LIMITS.text - 1),
  long(IMPORT_LIMITS.text),
  fc.constant(undefined),
  fc.integer(),
);
const list = fc.oneof(
  { arbitrary: fc.array(good, { maxLength: 3 }), weight: 10 },
  fc.array(fc.oneof(good, text, long(IMPORT_LIMITS.code - 1)), { maxLength: IMPORT_LIMITS.list + 2 }),
  fc.constant(undefined),
  text,
);
const kind = fc.constantFrom(...CATALOG_IMPORT_KINDS, 'Standard', '__proto__', 'toString');

const rawRow = kind.chain((k) => {
  const fields = Object.hasOwn(IMPORT_FIELDS, k)
    ? IMPORT_FIELDS[k as keyof typeof IMPORT_FIELDS]
    : IMPORT_FIELDS.standard;
  return fc
    .tuple(...fields.map((f) => (LIST_FIELDS.has(f) ? list : cell)))
    .map((values) => Object.fromEntries([['kind', k], ...fields.map((f, i) => [f, values[i]])]));
});

/** A valid row of each kind, with cells padded by spaces, and lists. */
const VALID = [
  { kind: 'publisher', code: ' ATMS ', name: 'ATMS Standards' },
  { kind: 'industry_area', marketingCode: 'PLAST', codeName: 'Plastics & Polymers' },
  { kind: 'committee', designation: 'D20', title: 'Plastics', publisherCode: 'ATMS', extra: 'ignored' },
  {
    kind: 'standard',
    contentCode: 'ATMS D638',
    assetId: 'd638-22',
    designation: 'D638-22',
    title: ' Standard Test Method for Tensile Properties of Plastics — 😀 ',
    publisherCode: 'ATMS',
    committeeDesignation: 'D20',
    status: 'historical',
    edition: '2022',
    publishedOn: '2024-02-29',
    industryAreas: ['PLAST', ' TEST '],
    icsCodes: [],
  },
  {
    kind: 'standard',
    ...{ contentCode: 'A', assetId: 'a', designation: 'A', title: 'A', publisherCode: 'P' },
  },
  {
    kind: 'work_item',
    workItemNumber: 'WK1',
    title: 'New test',
    committeeDesignation: 'D20',
    status: 'in_ballot',
    createdOn: '2025-01-31',
  },
];

describe('the quick check of import rows', () => {
  it('never accepts what the schema refuses, and answers what the schema answers', () => {
    let accepted = 0;
    fc.assert(
      fc.property(rawRow, (raw) => {
        const quick = quickImportRow(raw);
        if (quick === undefined) return;
        accepted++;
        const parsed = catalogImportRow.safeParse(raw);
        expect(parsed.success).toBe(true);
        expect(JSON.stringify(quick)).toBe(JSON.stringify(parsed.data));
      }),
      { seed: SEED, numRuns: 20_000 },
    );
    expect(accepted).toBeGreaterThan(1_000);
  });

  it('takes plainly valid rows (the common case), with the same value as the schema', () => {
    for (const raw of VALID) {
      const parsed = catalogImportRow.safeParse(raw);
      const quick = quickImportRow(raw);
      if (!parsed.success) expect(quick).toBeUndefined();
      else expect(JSON.stringify(quick)).toBe(JSON.stringify(parsed.data));
    }
    expect(VALID.filter((raw) => quickImportRow(raw)).length).toBe(5);
  });
});
