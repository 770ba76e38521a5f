import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogCsv, parseStsXml } from '../src/catalog-import/index.ts';
import {
  applyCatalogImport,
  type DatabaseHandle,
  dryRunCatalogImport,
  saveSuccessorPreference,
  upsertTenant,
} from '../src/index.ts';
import {
  buildTenantDefinition,
  createTestDatabase,
  EVERY_MATCHING_RULE,
  type TestDatabase,
} from '../src/testing.ts';

/** An imported replacement records the successor as a published one does. */

const HEAD =
  'content_code,asset_id,designation,title,publisher_code,committee_designation,status,edition,published_on,replaced_by';
const OLD = (status: string, replacedBy = '') =>
  `OLD-CC,old-14,OLD-14,"Old",PUB1,D20,${status},2014,2014-12-15,${replacedBy}`;
// The successor comes after the row it replaces: the file's order does not matter.
const NEW = 'NEW-CC,new-22,NEW-22,"New",PUB1,D20,active,2022,2022-06-01,';
const csv = (...lines: string[]) => [HEAD, ...lines].join('\n');

async function catalogue(db: DatabaseHandle) {
  const tenant = await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()));
  const t = tenant.id;
  await db.query(`INSERT INTO publishers VALUES ($1, 'PUB1', 'First Publisher')`, [t]);
  await db.query(`INSERT INTO committees VALUES ($1, 'D20', 'Plastics', 'PUB1')`, [t]);
  const first = await applyCatalogImport(db, t, await parseCatalogCsv(csv(OLD('active'))), {
    rules: EVERY_MATCHING_RULE,
  });
  expect(first.outcome).toBe('applied');
  return t;
}

async function userTracking(db: DatabaseHandle, tenantId: string, follow: boolean) {
  const id = randomUUID();
  await db.query(
    `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'Ada', 'Lovelace')`,
    [id, tenantId, `${id}@example.com`],
  );
  await db.query(
    `INSERT INTO content_trackings (tenant_id, user_id, standard_id)
     SELECT $1, $2, id FROM standards WHERE tenant_id = $1 AND content_code = 'OLD-CC'`,
    [tenantId, id],
  );
  await saveSuccessorPreference(db, tenantId, id, follow);
  return id;
}

const tracked = async (db: DatabaseHandle, tenantId: string, userId: string) =>
  (
    await db.query<{ designation: string }>(
      `SELECT s.designation FROM content_trackings ct JOIN standards s ON s.id = ct.standard_id
        WHERE ct.tenant_id = $1 AND ct.user_id = $2 ORDER BY 1`,
      [tenantId, userId],
    )
  ).rows.map((r) => r.designation);

describe('catalogue import: a standard replaced by its successor', () => {
  let test: TestDatabase;
  let db: DatabaseHandle;
  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.handle;
  });
  afterAll(() => test.drop());

  it('CSV replaced_by: the dry run names it; apply records the pair, moves the automatic follower only', async () => {
    const t = await catalogue(db);
    const auto = await userTracking(db, t, true);
    const manual = await userTracking(db, t, false);
    const parsed = await parseCatalogCsv(csv(OLD('historical', 'NEW-CC'), NEW));
    expect(parsed.errors).toEqual([]);
    const dry = await dryRunCatalogImport(db, t, parsed);
    expect(dry.rows[0]).toMatchObject({ outcome: 'changed', event: 'withdrawal' });
    expect(dry.rows[0]!.changes).toContainEqual({ field: 'replaced_by', from: null, to: 'NEW-22' });
    const run = await applyCatalogImport(db, t, parsed, { rules: EVERY_MATCHING_RULE });
    expect(run.outcome).toBe('applied');
    expect(run.events.map((e) => e.kind)).toEqual(['withdrawal']);
    const { rows: pairs } = await db.query<{ change: { successor: unknown }; old: string; new: string }>(
      `SELECT e.change, o.designation AS old, n.designation AS new FROM standard_successors ss
         JOIN catalog_events e ON e.id = ss.event_id
         JOIN standards o ON o.id = ss.standard_id JOIN standards n ON n.id = ss.successor_id
        WHERE ss.tenant_id = $1`,
      [t],
    );
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({ old: 'OLD-14', new: 'NEW-22' });
    expect(pairs[0]!.change.successor).toEqual({
      from: { assetId: 'old-14', designation: 'OLD-14' },
      to: { assetId: 'new-22', designation: 'NEW-22' },
    });
    expect(await tracked(db, t, auto)).toEqual(['NEW-22']);
    expect(await tracked(db, t, manual)).toEqual(['OLD-14']);
    const again = await applyCatalogImport(db, t, parsed, { rules: EVERY_MATCHING_RULE });
    expect(again.events).toEqual([]);
    const { rows: count } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM standard_successors WHERE tenant_id = $1',
      [t],
    );
    expect(count[0]!.n).toBe(1);
  });

  it('refuses a standard replaced by itself; an unknown successor or one of an active row is a note, not linked', async () => {
    const t = await catalogue(db);
    const self = await applyCatalogImport(db, t, await parseCatalogCsv(csv(OLD('withdrawn', 'OLD-CC'))), {
      rules: EVERY_MATCHING_RULE,
    });
    expect(self.outcome).toBe('refused');
    expect(self.errors).toEqual([
      { row: 2, field: 'replaced_by', reason: expect.stringMatching(/cannot replace itself/) },
    ]);
    for (const [line, note] of [
      [
        OLD('withdrawn', 'NOPE-CC'),
        /replaced by NOPE-CC, which is neither in the catalogue nor in this import: not linked/,
      ],
      [OLD('active', 'NEW-CC'), /an active standard is not replaced/],
    ] as const) {
      const parsed = await parseCatalogCsv(csv(line, NEW));
      const dry = await dryRunCatalogImport(db, t, parsed);
      expect(dry.rows[0]!.warnings).toEqual([
        { row: 2, field: 'replaced_by', reason: expect.stringMatching(note) },
      ]);
      expect(dry.rows[0]!.links).toBeUndefined();
    }
    const { rows } = await db.query('SELECT 1 FROM standard_successors WHERE tenant_id = $1', [t]);
    expect(rows).toEqual([]);
  });

  it('STS std-xref isReplacedBy: the same pair', async () => {
    const t = await catalogue(db);
    const sts = `<standards>
  <std-meta><std-ident><originator>PUB1</originator><doc-number>NEW</doc-number><edition>2022</edition></std-ident>
    <std-ref type="undated">NEW-CC</std-ref><std-ref type="dated">NEW-22</std-ref>
    <title-wrap xml:lang="en"><full>New</full></title-wrap><release-date iso-8601-date="2022-06-01"/>
    <comm-ref>D20</comm-ref></std-meta>
  <std-meta><std-ident><originator>PUB1</originator><doc-number>OLD</doc-number><edition>2014</edition></std-ident>
    <std-ref type="undated">OLD-CC</std-ref><std-ref type="dated">OLD-14</std-ref>
    <custom-meta-group><custom-meta><meta-name>asset-id</meta-name><meta-value>old-14</meta-value></custom-meta></custom-meta-group>
    <title-wrap xml:lang="en"><full>Old</full></title-wrap><release-date iso-8601-date="2014-12-15"/>
    <comm-ref>D20</comm-ref>
    <std-xref type="isReplacedBy"><std-ref type="dated">NEW-22</std-ref><std-ref type="undated">NEW-CC</std-ref></std-xref>
  </std-meta>
</standards>`;
    const parsed = await parseStsXml(sts);
    expect(parsed.errors).toEqual([]);
    const standards = parsed.rows.filter((r) => r.value.kind === 'standard');
    expect(standards[1]!.value).toMatchObject({ status: 'historical', replacedBy: 'NEW-CC' });
    const run = await applyCatalogImport(db, t, parsed, { rules: EVERY_MATCHING_RULE });
    expect(run.events.map((e) => e.kind)).toEqual(['withdrawal']);
    const { rows } = await db.query<{ new: string }>(
      `SELECT n.designation AS new FROM standard_successors ss JOIN standards n ON n.id = ss.successor_id
        WHERE ss.tenant_id = $1`,
      [t],
    );
    expect(rows).toEqual([{ new: 'NEW-22' }]);
  });
});
