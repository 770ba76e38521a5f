import type { ImportRowOf } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogCsv, serializeCatalogCsv } from '../src/catalog-import/index.ts';
import {
  applyCatalogImport,
  type DatabaseHandle,
  dryRunCatalogImport,
  type ImportProgress,
  upsertTenant,
} from '../src/index.ts';
import {
  buildTenantDefinition,
  createTestDatabase,
  EVERY_MATCHING_RULE,
  type TestDatabase,
  testEngine,
} from '../src/testing.ts';

/**
 * An import larger than one chunk: the plan judges the rows a few at a time (`planChunk`) and the apply
 * writes them a few per transaction (`batchSize`), yet the policy is the file's: one bad row anywhere
 * refuses all of it, a key twice is caught across chunks, and a good file writes every row with its events.
 */

const RULES = EVERY_MATCHING_RULE;
const CHUNKS = { planChunk: 6, batchSize: 4 };
const COUNT = 25;

const SETUP = [
  'kind,code,name,marketing_code,code_name,designation,title,publisher_code',
  'publisher,ATMS,Allied Testing,,,,,',
  'industry_area,,,PLAST,Plastics,,,',
  'committee,,,,,D20,Plastics,ATMS',
].join('\n');

type Standard = ImportRowOf<'standard'>;

const standard = (i: number, change: Partial<Standard> = {}): Standard => ({
  kind: 'standard',
  contentCode: `ATMS S${i}`,
  assetId: `s${i}`,
  designation: `S${i}-20`,
  title: `Standard number ${i}`,
  publisherCode: 'ATMS',
  committeeDesignation: 'D20',
  status: 'active',
  edition: '2020',
  publishedOn: '2020-01-01',
  publishedPrecision: 'day',
  titles: {},
  industryAreas: ['PLAST'],
  icsCodes: [],
  replaces: [],
  ...change,
});

const csvOf = (rows: Standard[]) => parseCatalogCsv(serializeCatalogCsv('standard', rows));
const standards = (change: (i: number) => Partial<Standard> = () => ({})) =>
  Array.from({ length: COUNT }, (_, i) => standard(i, change(i)));

describe('catalogue import larger than one chunk', () => {
  let test: TestDatabase;
  let db: DatabaseHandle;
  let tenantId: string;

  const count = async (table: string) => {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = $1`,
      [tenantId],
    );
    return rows[0]!.n;
  };

  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.handle;
    tenantId = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    const setup = await applyCatalogImport(db, tenantId, await parseCatalogCsv(SETUP), { rules: RULES });
    expect(setup.outcome).toBe('applied');
  }, 60_000);
  afterAll(() => test?.drop());

  it('a bad row near the end, or a key twice in different chunks, refuses the whole file: nothing written', async () => {
    const late = standards((i) => (i === COUNT - 2 ? { committeeDesignation: 'Z99' } : {}));
    const refused = await applyCatalogImport(db, tenantId, await csvOf(late), { rules: RULES, ...CHUNKS });
    expect(refused.outcome).toBe('refused');
    expect(refused.totals).toEqual({ new: COUNT - 1, changed: 0, unchanged: 0, error: 1 });
    expect(refused.errors).toEqual([
      { row: COUNT, field: 'committee_designation', reason: 'no committee Z99' },
    ]);
    const twice = [...standards(), standard(1, { assetId: 'other' })];
    const dry = await dryRunCatalogImport(db, tenantId, await csvOf(twice), { planChunk: CHUNKS.planChunk });
    expect(dry.rows.at(-1)).toMatchObject({
      row: COUNT + 2,
      outcome: 'error',
      errors: [{ field: 'content_code', reason: 'ATMS S1 is also row 3' }],
    });
    expect(
      (await applyCatalogImport(db, tenantId, await csvOf(twice), { rules: RULES, ...CHUNKS })).outcome,
    ).toBe('refused');
    expect(await count('standards')).toBe(0);
    expect(await count('standard_industry_areas')).toBe(0);
    expect(await count('catalog_events')).toBe(0);
  });

  it('a good file writes every row, with progress to the end; changed rows in every chunk record their events', async () => {
    const progress: ImportProgress[] = [];
    const applied = await applyCatalogImport(db, tenantId, await csvOf(standards()), {
      rules: RULES,
      ...CHUNKS,
      onProgress: (p) => progress.push(p),
    });
    expect(applied).toMatchObject({ outcome: 'applied', totals: { new: COUNT }, errors: [], events: [] });
    expect(progress.map((p) => p.done)).toEqual([4, 8, 12, 16, 20, 24, 25]);
    expect(await count('standards')).toBe(COUNT);
    expect(await count('standard_industry_areas')).toBe(COUNT);

    // Every fifth standard gets a new edition; the last one is withdrawn, replaced by the first.
    const next = standards((i) =>
      i === COUNT - 1
        ? { status: 'withdrawn', replacedBy: 'ATMS S0' }
        : i % 5 === 0
          ? { edition: '2024', designation: `S${i}-24` }
          : {},
    );
    const dry = await dryRunCatalogImport(db, tenantId, await csvOf(next), { planChunk: CHUNKS.planChunk });
    expect(dry.totals).toEqual({ new: 0, changed: 6, unchanged: COUNT - 6, error: 0 });
    expect(dry.rows.at(-1)).toMatchObject({
      event: 'withdrawal',
      changes: [
        { field: 'status', from: 'active', to: 'withdrawn' },
        { field: 'replaced_by', from: null, to: 'S0-24' },
      ],
    });
    const changed = await applyCatalogImport(db, tenantId, await csvOf(next), { rules: RULES, ...CHUNKS });
    expect(changed.outcome).toBe('applied');
    expect(changed.totals).toEqual(dry.totals);
    const { rows: events } = await db.query<{ kind: string; key: string; successor: string | null }>(
      `SELECT kind, payload->>'key' AS key, change->'successor'->'to'->>'designation' AS successor
         FROM catalog_events WHERE tenant_id = $1`,
      [tenantId],
    );
    // On PostgreSQL two batches are written at once: the events' ids need not follow the file.
    const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : 1);
    expect(events.sort(byKey)).toEqual(
      [
        ...[0, 5, 10, 15, 20].map((i) => ({ kind: 'new_edition', key: `ATMS S${i}`, successor: null })),
        { kind: 'withdrawal', key: `ATMS S${COUNT - 1}`, successor: 'S0-24' },
      ].sort(byKey),
    );
    expect(changed.events.map((e) => e.kind).sort()).toEqual(events.map((e) => e.kind).sort());
    const { rows: editions } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM standards WHERE tenant_id = $1 AND edition = '2024'`,
      [tenantId],
    );
    expect(editions[0]!.n).toBe(5);
  });

  it('with the default batches, 1,200 standards are two batches written at once on PostgreSQL, one on PGlite', async () => {
    const big = (i: number, change: Partial<Standard> = {}) =>
      standard(i, { contentCode: `ATMS B${i}`, assetId: `b${i}`, designation: `B${i}-20`, ...change });
    const file = (change: (i: number) => Partial<Standard> = () => ({})) =>
      csvOf(Array.from({ length: 1_200 }, (_, i) => big(i, change(i))));
    const before = await count('standards');
    const progress: number[] = [];
    const applied = await applyCatalogImport(db, tenantId, await file(), {
      rules: RULES,
      onProgress: (p) => progress.push(p.done),
    });
    expect(applied).toMatchObject({ outcome: 'applied', totals: { new: 1_200 }, errors: [] });
    expect(progress).toEqual(testEngine() === 'postgres' ? [600, 1_200] : [1_200]);
    expect((await count('standards')) - before).toBe(1_200);
    // A new edition of every hundredth, in both halves: one event each, whichever batch wrote it.
    const changed = await applyCatalogImport(
      db,
      tenantId,
      await file((i) => (i % 100 === 0 ? { edition: '2024', designation: `B${i}-24` } : {})),
      { rules: RULES },
    );
    expect(changed.totals).toEqual({ new: 0, changed: 12, unchanged: 1_188, error: 0 });
    expect(changed.events.map((e) => e.kind)).toEqual(Array(12).fill('new_edition'));
  }, 60_000);
});
