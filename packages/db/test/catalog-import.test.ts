import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  type CatalogImportRow,
  catalogImportRow,
  type NotificationChange,
  type ParsedCatalogImport,
} from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogCsv, parseStsXml } from '../src/catalog-import/index.ts';
import {
  applyCatalogImport,
  type DatabaseHandle,
  dryRunCatalogImport,
  findStandard,
  type ImportProgress,
  listCatalogImportRuns,
  upsertTenant,
} from '../src/index.ts';
import {
  buildTenantDefinition,
  createTestDatabase,
  EVERY_MATCHING_RULE,
  type TestDatabase,
} from '../src/testing.ts';

const RULES = EVERY_MATCHING_RULE;

const rows = (...values: Array<Record<string, unknown>>): ParsedCatalogImport => ({
  rows: values.map((v, i) => ({ row: i + 1, value: catalogImportRow.parse(v) as CatalogImportRow })),
  errors: [],
  complete: true,
});

const PUBLISHERS_CSV =
  'code,name\r\nATMS,"Allied Testing & Materials Society"\r\nPQCI,"Petroleum Quality, Intl"\r\n';
const AREAS_CSV = '\ufeffmarketing_code,code_name\nPLAST,Plastics & Polymers\nTEST,Testing\n';
const COMMITTEES_CSV =
  'Designation,Title,Publisher Code\nD20,Plastics,ATMS\nP02,"Petroleum ""fuels""",PQCI\n';
const STANDARDS_CSV = [
  'content_code,asset_id,designation,title,publisher_code,committee_designation,status,edition,published_on,industry_areas,ics_codes',
  'ATMS D638,d638-14,D638-14,"Tensile Properties of Plastics",ATMS,D20,active,2014,2014-12-15,PLAST;TEST,83.080.01',
  'ATMS D790,d790-17,D790-17,"Flexural Properties of Plastics",ATMS,D20,active,2017,2017-07-01,PLAST,',
  'PQCI P93,p93-20,P93-20,"Flash Point by Closed Cup",PQCI,P02,active,2020,2020-03-01,,',
].join('\n');
const WORK_ITEMS_CSV =
  'work_item_number,title,committee_designation,status,created_on\nWK81234,"Revision of D638",D20,proposed,2025-01-10\n';

async function parseAll(): Promise<ParsedCatalogImport> {
  const files = await Promise.all([
    parseCatalogCsv(PUBLISHERS_CSV),
    parseCatalogCsv(AREAS_CSV),
    parseCatalogCsv(COMMITTEES_CSV),
    parseCatalogCsv(STANDARDS_CSV),
    parseCatalogCsv(WORK_ITEMS_CSV),
  ]);
  // One import of five files: rows renumbered so that each has its own number.
  let n = 0;
  return {
    rows: files.flatMap((f) => f.rows.map((r) => ({ ...r, row: ++n }))),
    errors: files.flatMap((f) => f.errors),
    complete: files.every((f) => f.complete),
  };
}

async function count(db: DatabaseHandle, table: string, tenantId: string) {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = $1`,
    [tenantId],
  );
  return rows[0]!.n;
}

async function events(db: DatabaseHandle, tenantId: string) {
  const { rows } = await db.query<{
    kind: string;
    source: string;
    recipients: number;
    change: NotificationChange;
  }>('SELECT kind, source, recipients, change FROM catalog_events WHERE tenant_id = $1 ORDER BY id', [
    tenantId,
  ]);
  return rows;
}

async function committeeFollower(db: DatabaseHandle, tenantId: string, committee: string) {
  const id = randomUUID();
  await db.query(
    `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'A', 'B')`,
    [id, tenantId, `${id}@example.com`],
  );
  await db.query(
    `INSERT INTO source_trackings (tenant_id, user_id, application_code, tracking_type, value)
     VALUES ($1, $2, 'TRACKER', 'COMMITTEE', $3)`,
    [tenantId, id, committee],
  );
}

describe('catalogue import: dry run and apply', () => {
  let test: TestDatabase;
  let db: DatabaseHandle;
  let tenantId: string;
  let otherTenantId: string;

  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.handle;
    tenantId = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    otherTenantId = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
  }, 60_000);
  afterAll(() => test?.drop());

  it('dry run of a new catalogue: every row new, nothing written', async () => {
    const parsed = await parseAll();
    expect(parsed.errors).toEqual([]);
    const dry = await dryRunCatalogImport(db, tenantId, parsed);
    expect(dry.totals).toEqual({ new: 10, changed: 0, unchanged: 0, error: 0 });
    expect(dry.rows.map((r) => r.key)).toContain('ATMS D638');
    for (const table of [
      'publishers',
      'committees',
      'industry_areas',
      'standards',
      'work_items',
      'catalog_events',
    ])
      expect(await count(db, table, tenantId)).toBe(0);
  });

  it('apply writes every kind in batches with progress, records the run and no event for new entries', async () => {
    const progress: ImportProgress[] = [];
    const applied = await applyCatalogImport(db, tenantId, await parseAll(), {
      rules: RULES,
      batchSize: 2,
      onProgress: (p) => progress.push(p),
    });
    expect(applied.outcome).toBe('applied');
    expect(applied.totals.new).toBe(10);
    expect(applied.events).toEqual([]);
    expect(progress.at(-1)).toEqual({ kind: 'work_item', done: 10, total: 10 });
    expect(progress.map((p) => p.kind)).toContain('standard');
    const d638 = await findStandard(db, tenantId, { contentCode: 'ATMS D638' });
    expect(d638).toMatchObject({
      designation: 'D638-14',
      edition: '2014',
      industryAreas: ['Plastics & Polymers', 'Testing'],
    });
    const ics = await db.query<{ ics_codes: string[] }>(
      `SELECT ics_codes FROM standards WHERE tenant_id = $1 AND content_code = 'ATMS D638'`,
      [tenantId],
    );
    expect(ics.rows[0]!.ics_codes).toEqual(['83.080.01']);
    expect(await count(db, 'catalog_events', tenantId)).toBe(0);
    expect(await count(db, 'standards', otherTenantId)).toBe(0);
    const runs = await listCatalogImportRuns(db, tenantId);
    expect(runs[0]).toMatchObject({ id: applied.runId, outcome: 'applied', events: 0, errorCount: 0 });
  });

  it('the same file again: every row unchanged, nothing written, no event', async () => {
    const before = await db.query(`SELECT id, updated_at FROM standards WHERE tenant_id = $1 ORDER BY id`, [
      tenantId,
    ]);
    const dry = await dryRunCatalogImport(db, tenantId, await parseAll());
    expect(dry.totals).toEqual({ new: 0, changed: 0, unchanged: 10, error: 0 });
    const applied = await applyCatalogImport(db, tenantId, await parseAll(), { rules: RULES });
    expect(applied.events).toEqual([]);
    const after = await db.query(`SELECT id, updated_at FROM standards WHERE tenant_id = $1 ORDER BY id`, [
      tenantId,
    ]);
    expect(after.rows).toEqual(before.rows);
    expect(await count(db, 'catalog_events', tenantId)).toBe(0);
  });

  it('a changed edition: the dry run shows old → new, applying records one new_edition event to the tracker', async () => {
    await committeeFollower(db, tenantId, 'D20');
    const newEdition = STANDARDS_CSV.replace(
      'ATMS D638,d638-14,D638-14,"Tensile Properties of Plastics",ATMS,D20,active,2014,2014-12-15',
      'ATMS D638,d638-14,D638-22,"Tensile Properties of Plastics",ATMS,D20,active,2022,2022-05-01',
    );
    const parsed = await parseCatalogCsv(newEdition);
    const dry = await dryRunCatalogImport(db, tenantId, parsed);
    expect(dry.totals).toEqual({ new: 0, changed: 1, unchanged: 2, error: 0 });
    expect(dry.rows.find((r) => r.outcome === 'changed')!.event).toBe('new_edition');
    expect(dry.rows.find((r) => r.outcome === 'changed')!.changes).toEqual([
      { field: 'designation', from: 'D638-14', to: 'D638-22' },
      { field: 'edition', from: '2014', to: '2022' },
      { field: 'published_on', from: '2014-12-15', to: '2022-05-01' },
    ]);
    expect(await count(db, 'catalog_events', tenantId)).toBe(0);
    const applied = await applyCatalogImport(db, tenantId, parsed, { rules: RULES });
    expect(applied.events).toEqual([
      { eventId: expect.any(Number), kind: 'new_edition', recipients: 1, webhooks: 0 },
    ]);
    const recorded = await events(db, tenantId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ kind: 'new_edition', source: 'import', recipients: 1 });
    expect(recorded[0]!.change.standard).toMatchObject({
      oldDesignation: 'D638-14',
      designation: 'D638-22',
      edition: '2022',
    });
    expect(await count(db, 'notification_deliveries', tenantId)).toBe(1);
  });

  it('status changes: withdrawal, reinstatement, a work item status change; withdrawn ↔ historical is silent', async () => {
    const withdraw = STANDARDS_CSV.replace('D638-14', 'D638-22')
      .replace('2014,2014-12-15', '2022,2022-05-01')
      .replace('ATMS,D20,active,2017', 'ATMS,D20,withdrawn,2017');
    const first = await applyCatalogImport(db, tenantId, await parseCatalogCsv(withdraw), { rules: RULES });
    expect(first.events.map((e) => e.kind)).toEqual(['withdrawal']);
    const historical = withdraw.replace('ATMS,D20,withdrawn,2017', 'ATMS,D20,historical,2017');
    expect(
      (await applyCatalogImport(db, tenantId, await parseCatalogCsv(historical), { rules: RULES })).events,
    ).toEqual([]);
    const back = await applyCatalogImport(
      db,
      tenantId,
      await parseCatalogCsv(withdraw.replace('withdrawn', 'active')),
      {
        rules: RULES,
      },
    );
    expect(back.events.map((e) => e.kind)).toEqual(['reinstatement']);
    const wk = await applyCatalogImport(
      db,
      tenantId,
      await parseCatalogCsv(WORK_ITEMS_CSV.replace('proposed', 'in_ballot')),
      {
        rules: RULES,
      },
    );
    expect(wk.events.map((e) => e.kind)).toEqual(['work_item_status_change']);
  });

  it('a file with any row error applies nothing; skipBadRows applies the valid rows and reports the others', async () => {
    const bad = [
      'content_code,asset_id,designation,title,publisher_code,committee_designation,status,edition,published_on',
      'ATMS D1,d1-25,D1-25,"First",ATMS,D20,active,2025,2025-01-01',
      'ATMS D2,d2-25,D2-25,"Unknown committee",ATMS,Z99,active,2025,2025-01-01',
      'ATMS D3,d638-14,D3-25,"Takes another standard\'s page",ATMS,D20,active,2025,2025-01-01',
      'ATMS D1,d1-25b,D1-25,"Twice",ATMS,D20,active,2025,2025-01-01',
      'ATMS D4,d4-25,D4-25,"Bad date",ATMS,D20,active,2025,2025-13-01',
    ].join('\n');
    const parsed = await parseCatalogCsv(bad);
    const refused = await applyCatalogImport(db, tenantId, parsed, { rules: RULES });
    expect(refused.outcome).toBe('refused');
    expect(refused.totals).toEqual({ new: 1, changed: 0, unchanged: 0, error: 4 });
    expect(refused.errors).toEqual([
      { row: 3, field: 'committee_designation', reason: 'no committee Z99' },
      { row: 4, field: 'asset_id', reason: 'asset id d638-14 belongs to ATMS D638' },
      { row: 5, field: 'content_code', reason: 'ATMS D1 is also row 2' },
      { row: 6, field: 'published_on', reason: 'must be a date YYYY-MM-DD' },
    ]);
    expect(await findStandard(db, tenantId, { contentCode: 'ATMS D1' })).toBeUndefined();
    const skipped = await applyCatalogImport(db, tenantId, parsed, { rules: RULES, skipBadRows: true });
    expect(skipped.outcome).toBe('applied');
    expect(skipped.errors).toHaveLength(4);
    expect(await findStandard(db, tenantId, { contentCode: 'ATMS D1' })).toMatchObject({ title: 'First' });
    expect(await findStandard(db, tenantId, { contentCode: 'ATMS D2' })).toBeUndefined();
  });

  it('a database failure mid-way: outcome failed, earlier batches kept, the same file again completes it', async () => {
    const csv = [
      'content_code,asset_id,designation,title,publisher_code,committee_designation,status,edition,published_on',
      ...[1, 2, 3, 4].map((i) => `ATMS F${i},f${i}-25,F${i}-25,"Batch ${i}",ATMS,D20,active,2025,2025-01-01`),
    ].join('\n');
    let transactions = 0;
    const failing = Object.create(db) as DatabaseHandle;
    failing.transaction = (fn) =>
      ++transactions === 2 ? Promise.reject(new Error('connection lost')) : db.transaction(fn);
    const failed = await applyCatalogImport(failing, tenantId, await parseCatalogCsv(csv), {
      rules: RULES,
      batchSize: 2,
    });
    expect(failed).toMatchObject({ outcome: 'failed', cause: new Error('connection lost') });
    expect(failed.message).toMatch(/^a database error stopped the import after 2 of 4 rows/);
    expect(await findStandard(db, tenantId, { contentCode: 'ATMS F1' })).toBeDefined();
    expect(await findStandard(db, tenantId, { contentCode: 'ATMS F3' })).toBeUndefined();
    expect((await listCatalogImportRuns(db, tenantId))[0]).toMatchObject({
      id: failed.runId,
      outcome: 'failed',
    });
    const again = await applyCatalogImport(db, tenantId, await parseCatalogCsv(csv), {
      rules: RULES,
      batchSize: 2,
    });
    expect(again).toMatchObject({ outcome: 'applied', totals: { new: 2, unchanged: 2 } });
  });

  it('a file not read to its end is refused even with skipBadRows', async () => {
    const parsed = await parseStsXml('<std-meta><comm-ref>D20</comm-ref>');
    expect(parsed.complete).toBe(false);
    const applied = await applyCatalogImport(db, tenantId, parsed, { rules: RULES, skipBadRows: true });
    expect(applied.outcome).toBe('refused');
  });

  it('imports NISO STS std-meta into a committee it knows', async () => {
    const sts = await parseStsXml(readFileSync(new URL('./fixtures/sts/single.xml', import.meta.url)));
    const dry = await dryRunCatalogImport(db, tenantId, sts);
    // The STS file's standard is the CSV's ATMS D638 (same content code): its title, its titles by language
    // (English and French) and ICS codes change; the publisher and committee it names are the store's already.
    expect(dry.totals).toEqual({ new: 0, changed: 1, unchanged: 0, error: 0 });
    expect(dry.rows[0]!.changes!.map((c) => c.field)).toEqual(['asset_id', 'title', 'titles', 'ics_codes']);
    const applied = await applyCatalogImport(db, tenantId, sts, { rules: RULES });
    expect(applied.outcome).toBe('applied');
    expect(await findStandard(db, tenantId, { assetId: 'd638-22' })).toMatchObject({
      contentCode: 'ATMS D638',
      title: 'Standard Test Method for Tensile Properties of Plastics',
    });
  });

  it('is scoped to its tenant: the same codes in another store are another catalogue', async () => {
    const dry = await dryRunCatalogImport(db, otherTenantId, await parseCatalogCsv(COMMITTEES_CSV));
    expect(dry.totals.error).toBe(2); // the other store has no publisher ATMS or PQCI
    const applied = await applyCatalogImport(
      db,
      otherTenantId,
      rows({ kind: 'publisher', code: 'ATMS', name: 'Other' }),
      {
        rules: RULES,
      },
    );
    expect(applied.outcome).toBe('applied');
    const names = await db.query<{ tenant_id: string; name: string }>(
      `SELECT tenant_id, name FROM publishers WHERE code = 'ATMS' ORDER BY name`,
    );
    expect(names.rows.map((r) => [r.tenant_id === tenantId, r.name])).toEqual([
      [true, 'Allied Testing & Materials Society'],
      [false, 'Other'],
    ]);
  });
});
