import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  type CatalogColumnMapping,
  catalogColumnMapping,
  type ParsedCatalogImport,
  suggestColumnMapping,
} from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogCsv, parseStsXml } from '../src/catalog-import/index.ts';
import { applyCatalogImport, type DatabaseHandle, dryRunCatalogImport, upsertTenant } from '../src/index.ts';
import {
  buildTenantDefinition,
  createTestDatabase,
  EVERY_MATCHING_RULE,
  type TestDatabase,
} from '../src/testing.ts';
import { ISO_EXPORT } from './store-database.ts';

/**
 * Supersession from a catalogue's own data: an STS `std-xref type="supersedes"`, a catalogue CSV's `replaces`
 * column, an export's `replaces`/`replacedBy` through the column mapping (ISO's numeric ids read through its
 * `id` column). The link is the predecessor's successor, recorded once: the predecessor's trackers are told
 * (a withdrawal carrying the successor) and may follow it; the same file again tells no one twice. A link to
 * a standard neither in the store nor in the file is a note on the row, and nothing is linked.
 */

const publicFile = (name: string) =>
  readFileSync(new URL(`./fixtures/sts/public/${name}`, import.meta.url), 'utf8');

const HEAD =
  'content_code,asset_id,designation,title,publisher_code,committee_designation,status,edition,published_on,replaces';
const OLD = 'ISO 1111,iso-1111-2014,ISO 1111:2014,"Old",ISO,TC 1,active,2014,2014-12-15,';
const csv = (...lines: string[]) => [HEAD, ...lines].join('\n');

/** A store with ISO and its committee, the old standard ISO 1111:2014 (active), and a user tracking it. */
async function storeWithTrackedOld(db: DatabaseHandle) {
  const tenant = await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()));
  const t = tenant.id;
  await db.query(`INSERT INTO publishers VALUES ($1, 'ISO', 'ISO')`, [t]);
  await db.query(`INSERT INTO committees VALUES ($1, 'TC 1', 'One', 'ISO')`, [t]);
  const first = await applyCatalogImport(db, t, await parseCatalogCsv(csv(OLD)), {
    rules: EVERY_MATCHING_RULE,
  });
  expect(first.outcome).toBe('applied');
  const user = randomUUID();
  await db.query(
    `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'Ada', 'Lovelace')`,
    [user, t, `${user}@example.com`],
  );
  await db.query(
    `INSERT INTO content_trackings (tenant_id, user_id, standard_id)
     SELECT $1, $2, id FROM standards WHERE tenant_id = $1 AND content_code = 'ISO 1111'`,
    [t, user],
  );
  return { t, user };
}

/** The recorded successor pairs (old → new designation) and the users each pair's event was sent to. */
async function successions(db: DatabaseHandle, t: string) {
  const { rows } = await db.query<{ old: string; new: string; users: string[] }>(
    `SELECT o.designation AS old, n.designation AS new,
            ARRAY(SELECT d.user_id::text FROM notification_deliveries d WHERE d.event_id = ss.event_id) AS users
       FROM standard_successors ss JOIN standards o ON o.id = ss.standard_id
       JOIN standards n ON n.id = ss.successor_id WHERE ss.tenant_id = $1 ORDER BY 1, 2`,
    [t],
  );
  return rows;
}

const statusOf = async (db: DatabaseHandle, t: string, code: string) =>
  (
    await db.query<{ status: string; replaced_by_content_code: string | null }>(
      'SELECT status, replaced_by_content_code FROM standards WHERE tenant_id = $1 AND content_code = $2',
      [t, code],
    )
  ).rows[0];

const sts = (supersedes: string) => `<standards><std-meta>
  <std-ident><originator>ISO</originator><doc-number>2222</doc-number><edition>2022</edition></std-ident>
  <std-ref type="dated">ISO 2222:2022</std-ref><std-ref type="undated">ISO 2222</std-ref>
  <title-wrap xml:lang="en"><full>New</full></title-wrap><release-date iso-8601-date="2022-06-01"/>
  <comm-ref>TC 1</comm-ref>
  <std-xref type="supersedes"><std-ref>${supersedes}</std-ref></std-xref>
</std-meta></standards>`;

/** Applies a parsed file, expecting it applied; answers the recorded events' kinds. */
async function apply(db: DatabaseHandle, t: string, parsed: ParsedCatalogImport) {
  const run = await applyCatalogImport(db, t, parsed, { rules: EVERY_MATCHING_RULE });
  expect(run.errors).toEqual([]);
  expect(run.outcome).toBe('applied');
  return run.events;
}

describe('catalogue import: supersession from the data', () => {
  let test: TestDatabase;
  let db: DatabaseHandle;
  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.handle;
  }, 60_000);
  afterAll(() => test?.drop());

  it('STS supersedes a standard of the store: linked, the old one historical, its tracker told once', async () => {
    const { t, user } = await storeWithTrackedOld(db);
    const parsed = await parseStsXml(sts('ISO 1111:2014'));
    expect(parsed.warnings).toEqual([]);
    const dry = await dryRunCatalogImport(db, t, parsed);
    const row = dry.rows.find((r) => r.key === 'ISO 2222');
    // New itself, the row records its predecessor's withdrawal (the event its trackers are told by).
    expect(row).toMatchObject({
      outcome: 'new',
      event: 'withdrawal',
      links: { replaces: ['ISO 1111:2014'] },
    });
    expect(row!.warnings).toBeUndefined();
    // The predecessor is written too, but said with the row that replaces it.
    expect(dry.rows.filter((r) => r.key === 'ISO 1111')).toEqual([]);
    const events = await apply(db, t, parsed);
    expect(events.map((e) => [e.kind, e.recipients])).toEqual([['withdrawal', 1]]);
    expect(await statusOf(db, t, 'ISO 1111')).toEqual({
      status: 'historical',
      replaced_by_content_code: 'ISO 2222',
    });
    expect(await successions(db, t)).toEqual([{ old: 'ISO 1111:2014', new: 'ISO 2222:2022', users: [user] }]);
    // The same file again: linked already, no second link, no second notification.
    expect(await apply(db, t, await parseStsXml(sts('ISO 1111:2014')))).toEqual([]);
    expect(await successions(db, t)).toHaveLength(1);
  });

  it('STS supersedes a standard neither in the store nor in the file: a note on the row, nothing linked', async () => {
    const { t } = await storeWithTrackedOld(db);
    const parsed = await parseStsXml(sts('ISO 9999:2001'));
    const dry = await dryRunCatalogImport(db, t, parsed);
    const row = dry.rows.find((r) => r.key === 'ISO 2222')!;
    expect(row.warnings).toEqual([
      {
        row: 1,
        field: 'replaces',
        reason: 'supersedes ISO 9999, which is neither in the catalogue nor in this import: not linked',
      },
    ]);
    expect(row.links).toBeUndefined();
    expect(await apply(db, t, parsed)).toEqual([]);
    expect(await successions(db, t)).toEqual([]);
  });

  it('real STS files supersede only earlier editions of themselves: nothing to link, nothing to say', async () => {
    const { t } = await storeWithTrackedOld(db);
    const parsed = await parseStsXml(publicFile('DIN_EN_ISO_13849-1_2008-12_en_TBX.metadata.xml'));
    const dry = await dryRunCatalogImport(db, t, parsed);
    for (const r of dry.rows) {
      expect(r.links).toBeUndefined();
      expect((r.warnings ?? []).filter((w) => w.field === 'replaces')).toEqual([]);
    }
  });

  it('CSV replaces: the successor before or after its predecessor in one file, linked once', async () => {
    const { t } = await storeWithTrackedOld(db);
    const NEW = 'ISO 3333,iso-3333-2023,ISO 3333:2023,"Newer",ISO,TC 1,active,2023,2023-01-01,ISO 3030';
    const MID = 'ISO 3030,iso-3030-2010,ISO 3030:2010,"Older",ISO,TC 1,withdrawn,2010,2010-01-01,';
    for (const lines of [
      [NEW, MID],
      [MID, NEW],
    ]) {
      const parsed = await parseCatalogCsv(csv(...lines));
      const dry = await dryRunCatalogImport(db, t, parsed);
      const byKey = new Map(dry.rows.map((r) => [r.key, r]));
      expect(byKey.get('ISO 3333')!.links).toEqual({ replaces: ['ISO 3030:2010'] });
      expect(byKey.get('ISO 3030')!.links).toEqual({ replacedBy: 'ISO 3333:2023' });
      await apply(db, t, parsed);
      expect(await statusOf(db, t, 'ISO 3030')).toEqual({
        status: 'withdrawn',
        replaced_by_content_code: 'ISO 3333',
      });
    }
    // Both were new in the first file: nobody tracked them, no event; the second file found the link made.
    expect(await successions(db, t)).toEqual([]);
    const again = await dryRunCatalogImport(db, t, await parseCatalogCsv(csv(MID, NEW)));
    expect(again.totals).toMatchObject({ new: 0, changed: 0, unchanged: 2 });
  });

  it("CSV replaces a tracked standard of the store: the tracker is told as a publisher's replacement tells", async () => {
    const { t, user } = await storeWithTrackedOld(db);
    const NEW = 'ISO 2222,iso-2222-2022,ISO 2222:2022,"New",ISO,TC 1,active,2022,2022-06-01,ISO 1111';
    const events = await apply(db, t, await parseCatalogCsv(csv(NEW)));
    expect(events.map((e) => e.kind)).toEqual(['withdrawal']);
    expect(await successions(db, t)).toEqual([{ old: 'ISO 1111:2014', new: 'ISO 2222:2022', users: [user] }]);
    expect(await apply(db, t, await parseCatalogCsv(csv(NEW)))).toEqual([]);
  });

  it("an export's replacedBy and replaces through the mapping, ISO's ids read through its id column, both orders", async () => {
    const mapping: CatalogColumnMapping = catalogColumnMapping.parse({
      columns: [
        { header: 'id', field: 'sourceId' },
        { header: 'reference', field: 'reference' },
        { header: 'title.en', field: 'titles', language: 'en' },
        { header: 'publicationDate', field: 'publishedOn' },
        { header: 'currentStage', field: 'stage' },
        { header: 'replaces', field: 'replaces' },
        { header: 'replacedBy', field: 'replacedBy' },
      ],
    });
    const head = 'id,reference,title.en,publicationDate,currentStage,replaces,replacedBy';
    const other = '201,ISO 5555:2002,Old five,2002-01-01,9599,,[202]';
    const five = "202,ISO 5656:2021,New five,2021-01-01,6060,['201'],";
    const { t } = await storeWithTrackedOld(db);
    for (const lines of [
      [other, five],
      [five, other],
    ]) {
      const parsed = await parseCatalogCsv([head, ...lines].join('\n'), { mapping });
      expect(parsed.errors).toEqual([]);
      const dry = await dryRunCatalogImport(db, t, parsed);
      const byKey = new Map(dry.rows.map((r) => [r.key, r]));
      expect(byKey.get('ISO 5656')!.links).toEqual({ replaces: ['ISO 5555:2002'] });
      expect(byKey.get('ISO 5555')!.links).toEqual({ replacedBy: 'ISO 5656:2021' });
      expect(dry.rows.flatMap((r) => r.warnings ?? [])).toEqual([]);
    }
    const parsed = await parseCatalogCsv([head, other, five].join('\n'), { mapping });
    await apply(db, t, parsed);
    expect(await statusOf(db, t, 'ISO 5555')).toEqual({
      status: 'withdrawn',
      replaced_by_content_code: 'ISO 5656',
    });
  });

  it("ISO's real export through the suggested mapping (id, replaces, replacedBy pre-filled): ids of standards the file does not hold are a note, nothing linked", async () => {
    const headers = ISO_EXPORT.slice(0, ISO_EXPORT.indexOf('\r\n')).split(',');
    const columns = suggestColumnMapping(headers);
    expect(columns).toEqual(
      expect.arrayContaining([
        { header: 'id', field: 'sourceId' },
        { header: 'replaces', field: 'replaces' },
        { header: 'replacedBy', field: 'replacedBy' },
      ]),
    );
    const mapping = catalogColumnMapping.parse({ columns });
    const tenant = await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()));
    const dry = await dryRunCatalogImport(db, tenant.id, await parseCatalogCsv(ISO_EXPORT, { mapping }));
    const withdrawn = dry.rows.find((r) => r.key === 'ISO 6123-2')!;
    expect(withdrawn.warnings).toEqual([
      {
        row: expect.any(Number),
        field: 'replaced_by',
        reason: 'replaced by 12346, which is neither in the catalogue nor in this import: not linked',
      },
    ]);
    expect(dry.rows.filter((r) => r.links)).toEqual([]);
  });
});
