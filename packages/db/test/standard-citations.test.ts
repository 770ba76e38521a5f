import { randomUUID } from 'node:crypto';
import {
  type CatalogEvent,
  DEFAULT_KIND_CHOICES,
  type ParsedCatalogImport,
  parseDesignation,
} from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogCsv, parseStsXml } from '../src/catalog-import/index.ts';
import {
  applyCatalogEvent,
  applyCatalogImport,
  createContentTracking,
  type DatabaseHandle,
  findStandard,
  listNotificationDeliveries,
  listStandardCitations,
  saveNotificationPreferences,
  upsertTenant,
} from '../src/index.ts';
import {
  buildTenantDefinition,
  createTestDatabase,
  EVERY_MATCHING_RULE,
  type TestDatabase,
} from '../src/testing.ts';
import { CITED_CSV, DIN_REFERENCES, HEAD, NORMATIVE } from './citation-fixtures.ts';

/**
 * Cited standards on the real DIN EN ISO 13849-1 (metanorma/sts-ruby, its reference lists kept:
 * fixtures/sts/public/SOURCES.md): the import stores what each standard cites, a change of a cited standard
 * tells the readers of the citing ones once each with every reason, and informative citations tell only
 * those who chose them.
 */

async function addUser(db: DatabaseHandle, tenantId: string) {
  const id = randomUUID();
  await db.query(
    `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'Ada', 'Lovelace')`,
    [id, tenantId, `${id}@example.com`],
  );
  return id;
}

describe('cited standards', () => {
  let testDb: TestDatabase;
  let db: DatabaseHandle;
  let tenantId: string;
  let other: string;

  const importFile = async (t: string, parsed: ParsedCatalogImport) => {
    const run = await applyCatalogImport(db, t, parsed, { rules: EVERY_MATCHING_RULE });
    expect(run.errors).toEqual([]);
    expect(run.outcome).toBe('applied');
    return run;
  };
  const publish = (t: string, event: CatalogEvent) =>
    applyCatalogEvent(db, t, event, { source: 'api', rules: EVERY_MATCHING_RULE });
  const track = (t: string, user: string, contentCode: string) =>
    db.transaction((tx) => createContentTracking(tx, t, user, { contentCode }));
  const deliveriesOf = async (t: string, publisherEventId: string) =>
    listNotificationDeliveries(db, t, { publisherEventId });
  const standardId = async (t: string, contentCode: string) =>
    (
      await db.query<{ id: number }>('SELECT id FROM standards WHERE tenant_id = $1 AND content_code = $2', [
        t,
        contentCode,
      ])
    ).rows[0]!.id;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.handle;
    tenantId = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    other = (await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition()))).id;
    await importFile(tenantId, await parseStsXml(DIN_REFERENCES));
    await importFile(tenantId, await parseCatalogCsv(CITED_CSV));
    await importFile(other, await parseCatalogCsv(CITED_CSV));
  });
  afterAll(() => testDb?.drop());

  it('stores what a standard cites and what cites it, linking a cited standard the store has', async () => {
    const din = await findStandard(db, tenantId, { contentCode: 'DIN EN ISO 13849-1' });
    const { cites } = await listStandardCitations(db, tenantId, Number(din!.id));
    const normative = cites.filter((c) => c.normative);
    expect(normative.map((c) => c.cited).sort()).toEqual([...NORMATIVE].sort());
    expect(normative.find((c) => c.cited === 'ISO 13849-2:2003')).toMatchObject({
      dated: true,
      standard: { assetId: 'iso-13849-2-2003', designation: 'ISO 13849-2:2003' },
    });
    expect(normative.find((c) => c.cited === 'ISO 14121')).toMatchObject({ dated: false, standard: null });
    const citedBy = await listStandardCitations(db, tenantId, await standardId(tenantId, 'ISO 13849-2'));
    expect(citedBy.citedBy.map((c) => c.standard?.designation).sort()).toEqual([
      'DIN EN ISO 13849-1:2008-12',
      'EN ISO 13849-1:2008-06',
      'ISO 13849-1:2006-11',
    ]);
    // The other store has the cited standards but none of the citing ones.
    const elsewhere = await listStandardCitations(db, other, await standardId(other, 'ISO 13849-2'));
    expect(elsewhere.citedBy).toEqual([]);
  });

  it('a new edition of a normatively cited standard tells each reader once, with every citing standard they track', async () => {
    const one = await addUser(db, tenantId);
    const three = await addUser(db, tenantId);
    const direct = await addUser(db, tenantId);
    await track(tenantId, one, 'DIN EN ISO 13849-1');
    for (const code of ['DIN EN ISO 13849-1', 'EN ISO 13849-1', 'ISO 13849-1'])
      await track(tenantId, three, code);
    await track(tenantId, direct, 'ISO 13849-2');
    await track(tenantId, direct, 'ISO 13849-1');
    const applied = await publish(tenantId, {
      id: 'ed-13849-2',
      type: 'new_edition',
      standard: { designation: 'ISO 13849-2' },
      designation: 'ISO 13849-2:2012',
      edition: '2012',
      publishedOn: '2012-10-01',
    });
    expect(applied.result).toMatchObject({ outcome: 'applied', recipients: 3 });
    const rows = await deliveriesOf(tenantId, 'ed-13849-2');
    const reasonsOf = (user: string) => rows.find((r) => r.userId === user)!.reasons;
    const cited = { type: 'CITATION', cited: 'ISO 13849-2:2003', dated: true, informative: false };
    expect(reasonsOf(one)).toEqual([{ ...cited, value: 'DIN EN ISO 13849-1:2008-12' }]);
    expect(reasonsOf(three)).toHaveLength(3);
    expect(reasonsOf(three)).toEqual(expect.arrayContaining([{ ...cited, value: 'EN ISO 13849-1:2008-06' }]));
    // A reader who tracks the changed standard too gets one message with both reasons.
    expect(reasonsOf(direct)).toEqual(
      expect.arrayContaining([
        { type: 'STANDARD', value: 'ISO 13849-2:2012' },
        { ...cited, value: 'ISO 13849-1:2006-11' },
      ]),
    );
  });

  it('an informative citation tells nobody until the reader chooses it', async () => {
    const reader = await addUser(db, tenantId);
    await track(tenantId, reader, 'DIN EN ISO 13849-1');
    const edition = (id: string, year: string) =>
      publish(tenantId, {
        id,
        type: 'new_edition',
        standard: { contentCode: 'IEC 62061' },
        designation: `IEC 62061:${year}`,
        edition: year,
        publishedOn: `${year}-01-01`,
      });
    await edition('iec-62061-a', '2021');
    expect(await deliveriesOf(tenantId, 'iec-62061-a')).toEqual([]);
    await db.transaction((tx) =>
      saveNotificationPreferences(tx, tenantId, reader, {
        kinds: [...DEFAULT_KIND_CHOICES, 'cited_informative'],
        sources: [],
      }),
    );
    await edition('iec-62061-b', '2022');
    const rows = await deliveriesOf(tenantId, 'iec-62061-b');
    expect(rows.map((r) => r.userId)).toEqual([reader]);
    expect(rows[0]!.reasons).toEqual([
      {
        type: 'CITATION',
        value: 'DIN EN ISO 13849-1:2008-12',
        cited: 'IEC 62061',
        dated: false,
        informative: true,
      },
    ]);
  });

  it('a reader who leaves the cited-standard kind out is not told', async () => {
    const reader = await addUser(db, tenantId);
    await track(tenantId, reader, 'ISO 13849-1');
    await db.transaction((tx) =>
      saveNotificationPreferences(tx, tenantId, reader, {
        kinds: DEFAULT_KIND_CHOICES.filter((k) => k !== 'cited_change'),
        sources: [],
      }),
    );
    await publish(tenantId, {
      id: 'wd-13849-2',
      type: 'withdrawal',
      standard: { contentCode: 'ISO 13849-2' },
    });
    const rows = await deliveriesOf(tenantId, 'wd-13849-2');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.userId)).not.toContain(reader);
  });

  it("a committee's readers are told of what its standards cite, as that source's own kinds allow", async () => {
    const everything = await addUser(db, tenantId);
    const withdrawalsOnly = await addUser(db, tenantId);
    for (const [user, kinds] of [
      [everything, null],
      [withdrawalsOnly, ['withdrawal']],
    ] as const)
      await db.query(
        `INSERT INTO source_trackings (tenant_id, user_id, application_code, tracking_type, value, kinds)
         VALUES ($1, $2, 'TRACKER', 'COMMITTEE', 'ISO/TC 199', $3)`,
        [tenantId, user, kinds],
      );
    // ISO 13849-2 (committee ISO/TC 199) cites ISO 12100-1:2003, a standard of another committee.
    await importFile(
      tenantId,
      await parseCatalogCsv(
        [
          HEAD,
          'standard,,,ISO 12100-1:2003,Basic concepts,ISO,ISO 12100-1,iso-12100-1-2003,IEC/TC 44,active,2003,2003-11-01',
        ].join('\n'),
      ),
    );
    await publish(tenantId, {
      id: 'ed-12100-1',
      type: 'new_edition',
      standard: { contentCode: 'ISO 12100-1' },
      designation: 'ISO 12100-1:2010',
      edition: '2010',
      publishedOn: '2010-11-01',
    });
    const rows = await deliveriesOf(tenantId, 'ed-12100-1');
    expect(rows.find((r) => r.userId === everything)?.reasons).toEqual([
      {
        type: 'CITATION',
        value: 'ISO 13849-2:2012',
        cited: 'ISO 12100-1:2003',
        dated: true,
        informative: false,
      },
    ]);
    expect(rows.map((r) => r.userId)).not.toContain(withdrawalsOnly);
  });

  it('a citation of a standard the store gets later finds it when it arrives', async () => {
    const reader = await addUser(db, tenantId);
    await track(tenantId, reader, 'ISO 13849-1');
    await importFile(
      tenantId,
      await parseCatalogCsv(
        [
          HEAD,
          'standard,,,ISO 14121:1999,Risk assessment,ISO,ISO 14121,iso-14121-1999,ISO/TC 199,active,1999,1999-02-01',
        ].join('\n'),
      ),
    );
    await publish(tenantId, { id: 'wd-14121', type: 'withdrawal', standard: { contentCode: 'ISO 14121' } });
    const mine = (await deliveriesOf(tenantId, 'wd-14121')).find((r) => r.userId === reader);
    expect(mine?.reasons).toEqual([
      {
        type: 'CITATION',
        value: 'ISO 13849-1:2006-11',
        cited: 'ISO 14121',
        dated: false,
        informative: false,
      },
    ]);
  });

  it('importing a file again keeps its citations once; an empty references cell clears them', async () => {
    const count = async (code: string) =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM standard_citations c JOIN standards s ON s.id = c.standard_id
            WHERE s.tenant_id = $1 AND s.content_code = $2`,
          [tenantId, code],
        )
      ).rows[0]!.n;
    const before = await count('DIN EN ISO 13849-1');
    await importFile(tenantId, await parseStsXml(DIN_REFERENCES));
    expect(await count('DIN EN ISO 13849-1')).toBe(before);
    expect(await count('ISO 13849-2')).toBe(1);
    await importFile(tenantId, await parseCatalogCsv(CITED_CSV.replace(',ISO 12100-1:2003', ',')));
    expect(await count('ISO 13849-2')).toBe(0);
  });

  it("a reader's own webhook message carries the citation reason, as the e-mail does", async () => {
    const reader = await addUser(db, tenantId);
    await track(tenantId, reader, 'EN ISO 13849-1');
    await db.query(
      `UPDATE tenants SET feature_flags = jsonb_set(feature_flags, '{user_webhooks}', '{"enabled": true}')
        WHERE id = $1`,
      [tenantId],
    );
    await db.query(
      `INSERT INTO webhook_endpoints (tenant_id, user_id, url, secret) VALUES ($1, $2, 'https://example.org/h', 'whsec_x')`,
      [tenantId, reader],
    );
    const applied = await publish(tenantId, {
      id: 'wd-12100-1',
      type: 'withdrawal',
      standard: { contentCode: 'ISO 12100-1' },
    });
    const { rows } = await db.query<{ reasons: unknown }>(
      `SELECT m.reasons FROM webhook_messages m JOIN webhook_endpoints w ON w.id = m.endpoint_id
        WHERE m.tenant_id = $1 AND m.event_id = $2 AND w.user_id = $3`,
      [tenantId, applied.eventId, reader],
    );
    expect(rows.map((r) => r.reasons)).toEqual([
      [
        {
          type: 'CITATION',
          value: 'EN ISO 13849-1:2008-06',
          cited: 'ISO 12100-1:2003',
          dated: true,
          informative: false,
        },
      ],
    ]);
  });

  it('the publisher words of a designation are the same in SQL as in contracts', async () => {
    const samples = [
      'DIN EN ISO 13849-1:2008-12',
      'ISO/IEC 10918-5:2013',
      'ASTM D6385-22',
      'iec 62061',
      '13849-2',
    ];
    const { rows } = await db.query<{ words: string[] }>(
      'SELECT designation_publisher_words(d) AS words FROM unnest($1::text[]) WITH ORDINALITY AS x(d, n) ORDER BY n',
      [samples],
    );
    expect(rows.map((r) => r.words)).toEqual(samples.map((s) => parseDesignation(s)!.publisherWords));
  });
});
