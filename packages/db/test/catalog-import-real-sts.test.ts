import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ImportRowOf, ParsedCatalogImport } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { parseStsXml } from '../src/catalog-import/index.ts';
import {
  applyCatalogImport,
  createContentTracking,
  dryRunCatalogImport,
  findStandard,
  listContentTrackings,
} from '../src/index.ts';
import { EVERY_MATCHING_RULE } from '../src/testing.ts';
import { useStoreDatabase } from './store-database.ts';

/**
 * The STS import on files no one here wrote (./fixtures/sts/public/SOURCES.md: metanorma/sts-ruby, BSD-2):
 * ISO 13849-1 and its DIN EN ISO adoption as NISO STS, ISO STS samples with DOCTYPEs and named entities,
 * an empty template and an all-"N/A" document.
 */

const publicFile = (name: string) => readFileSync(new URL(`./fixtures/sts/public/${name}`, import.meta.url));
const ISO_13849 = 'ISO_13849-1_2008-12_en_TBX.metadata.xml';
const DIN_13849 = 'DIN_EN_ISO_13849-1_2008-12_en_TBX.metadata.xml';

const standardsOf = (parsed: ParsedCatalogImport) =>
  parsed.rows.flatMap((r) => (r.value.kind === 'standard' ? [r.value as ImportRowOf<'standard'>] : []));

const MACHINERY_EN =
  'Safety of machinery — Safety-related parts of control systems — Part 1: General principles for design';

describe('STS files as publishers send them', () => {
  it('ISO 13849-1: DOCTYPE-free NISO STS with empty comm-ref and edition and a year-month date', async () => {
    const parsed = await parseStsXml(publicFile(ISO_13849));
    expect(parsed.complete).toBe(true);
    expect(parsed.errors).toEqual([]);
    const [iso] = standardsOf(parsed);
    expect(iso).toMatchObject({
      contentCode: 'ISO 13849-1',
      designation: 'ISO 13849-1:2006-11',
      publisherCode: 'ISO',
      title: MACHINERY_EN,
      publishedOn: '2006-11-01',
      publishedPrecision: 'month',
      edition: '2006-11',
      status: 'active',
    });
    expect(iso!.committeeDesignation).toBeUndefined();
    expect(iso!.titles.de).toBe(
      'Sicherheit von Maschinen — Sicherheitsbezogene Teile von Steuerungen — Teil 1: Allgemeine Gestaltungsleitsätze',
    );
    expect(iso!.titles.fr).toMatch(/^Sécurité des machines — Parties des systèmes de commande/);
    // What the file leaves empty is said, not refused.
    expect(parsed.warnings).toEqual([
      {
        row: 1,
        field: 'std-ident/edition',
        reason: 'is empty: the edition is taken as 2006-11, from the date',
      },
      { row: 1, field: 'comm-ref', reason: 'is empty: imported without a committee' },
    ]);
  });

  it('DIN EN ISO 13849-1: a DOCTYPE, an adoption chain of three standards, ICS, an earlier edition superseded', async () => {
    const parsed = await parseStsXml(publicFile(DIN_13849));
    expect(parsed.complete).toBe(true);
    expect(parsed.errors).toEqual([]);
    const standards = standardsOf(parsed);
    expect(
      standards.map((s) => [s.designation, s.publisherCode, s.adopts, s.publishedOn, s.icsCodes]),
    ).toEqual([
      ['DIN EN ISO 13849-1:2008-12', 'DIN', 'EN ISO 13849-1', '2008-12-01', ['13.110']],
      ['EN ISO 13849-1:2008-06', 'CEN', 'ISO 13849-1', '2008-06-01', ['13.110']],
      ['ISO 13849-1:2006-11', 'ISO', undefined, '2006-11-01', []],
    ]);
    expect(Object.keys(standards[0]!.titles)).toEqual(['de', 'en', 'fr']);
    // "supersedes DIN EN ISO 13849-1:2007-07" is this standard's earlier edition: nothing to link, nothing said.
    expect(parsed.warnings!.filter((w) => w.field?.startsWith('std-xref'))).toEqual([]);
    // The publishers the file names, for a store that lacks them.
    expect(parsed.rows.filter((r) => r.value.kind === 'publisher').map((r) => r.value)).toEqual([
      { kind: 'publisher', code: 'DIN', name: 'DIN', onlyIfNew: true },
      { kind: 'publisher', code: 'CEN', name: 'CEN', onlyIfNew: true },
      { kind: 'publisher', code: 'ISO', name: 'ISO', onlyIfNew: true },
    ]);
  });

  it('ISO STS samples: DOCTYPE with a relative DTD, &mdash; and &Eacute; decoded, day dates, committees', async () => {
    const nat = standardsOf(await parseStsXml(publicFile('nat-meta.xml')));
    expect(nat).toHaveLength(1);
    expect(nat[0]).toMatchObject({
      contentCode: 'ISO 123456',
      designation: 'ISO 123456:2009',
      publisherCode: 'NEN',
      committeeDesignation: 'ISO/TC 44/SC 3',
      edition: '3',
      publishedOn: '2009-05-30',
      publishedPrecision: 'day',
      icsCodes: ['25.160.20'],
    });
    expect(nat[0]!.titles.fr).toBe(
      'Produits consommables pour le soudage — Électrodes enrobées pour le soudage manuel à ' +
        "l'arc des aciers non allié et des aciers à grains fins — Classification",
    );
    const iso2560 = standardsOf(await parseStsXml(publicFile('Samp1.xml')));
    expect(iso2560.map((s) => [s.designation, s.contentCode, s.edition])).toEqual([
      ['ISO 2560:2009', 'ISO 2560', '3'],
    ]);
    const reg = standardsOf(await parseStsXml(publicFile('reg-meta.xml')));
    expect(reg.map((s) => s.designation)).toEqual(['ISO 123456:2009']);
  });

  it('refuses an empty template and N/A placeholders, naming the element, and imports nothing of them', async () => {
    const empty = await parseStsXml(publicFile('Sample2.xml'));
    expect(empty.rows).toEqual([]);
    expect(empty.errors).toEqual([
      { row: 1, field: 'std-ref', reason: 'iso-meta names no standard: std-ref and std-ident are empty' },
    ]);
    const mixes = await parseStsXml(publicFile('meta-mixes_ok_1.xml'));
    expect(mixes.errors.map((e) => [e.row, e.field])).toEqual([
      [1, 'std-ref'],
      [2, 'std-ref'],
      [3, 'std-ref'],
    ]);
    const placeholders = await parseStsXml(publicFile('tbx-nisosts-0.2.xml'));
    expect(placeholders.rows).toEqual([]);
    expect(placeholders.errors.map((e) => e.field)).toEqual([
      'std-ident/originator',
      'std-ident/doc-number',
      'release-date',
      'std-ident/edition',
      'comm-ref',
    ]);
    expect(placeholders.errors[0]!.reason).toBe('is a placeholder ("N/A"), not a value');
  });
});

describe('real STS files applied to a store', () => {
  const store = useStoreDatabase();

  it('the dry run shows each standard new with its warnings; applied, the page knows the adoption chain', async () => {
    const parsed = await parseStsXml(publicFile(DIN_13849));
    const dry = await dryRunCatalogImport(store.db, store.tenantId, parsed);
    // Three publishers named by the file (the store has none of them) and three standards.
    expect(dry.totals).toEqual({ new: 6, changed: 0, unchanged: 0, error: 0 });
    const din = dry.rows.find((r) => r.key === 'DIN EN ISO 13849-1')!;
    expect(din.warnings?.map((w) => w.field)).toEqual(['std-ident/edition', 'comm-ref']);

    const run = await applyCatalogImport(store.db, store.tenantId, parsed, { rules: EVERY_MATCHING_RULE });
    expect(run.outcome).toBe('applied');
    const page = await findStandard(store.db, store.tenantId, { contentCode: 'DIN EN ISO 13849-1' });
    expect(page).toMatchObject({
      designation: 'DIN EN ISO 13849-1:2008-12',
      publisherName: 'DIN',
      committeeDesignation: null,
      publishedOn: '2008-12-01',
      publishedPrecision: 'month',
      adopts: [
        {
          contentCode: 'EN ISO 13849-1',
          designation: 'EN ISO 13849-1:2008-06',
          assetId: 'en-iso-13849-1-2008-06',
        },
        { contentCode: 'ISO 13849-1', designation: 'ISO 13849-1:2006-11', assetId: 'iso-13849-1-2006-11' },
      ],
      adoptedBy: [],
    });
    const iso = await findStandard(store.db, store.tenantId, { contentCode: 'ISO 13849-1' });
    expect(iso!.adoptedBy.map((a) => a.designation)).toEqual(['EN ISO 13849-1:2008-06']);

    // The same file again changes nothing: the named publishers are the store's now, and left as they are.
    const again = await dryRunCatalogImport(
      store.db,
      store.tenantId,
      await parseStsXml(publicFile(DIN_13849)),
    );
    expect(again.totals).toEqual({ new: 0, changed: 0, unchanged: 3, error: 0 });
  });

  it('a tracker lists the German and French titles; a new edition reaches its tracker and the adoption’s', async () => {
    await applyCatalogImport(store.db, store.tenantId, await parseStsXml(publicFile(ISO_13849)), {
      rules: EVERY_MATCHING_RULE,
    });
    const reader = async (contentCode: string) => {
      const id = randomUUID();
      await store.db.query(
        `INSERT INTO users (id, tenant_id, login, first_name, last_name) VALUES ($1, $2, $3, 'Ada', 'Reader')`,
        [id, store.tenantId, `${id}@example.com`],
      );
      await store.db.transaction((tx) => createContentTracking(tx, store.tenantId, id, { contentCode }));
      return id;
    };
    const isoReader = await reader('ISO 13849-1');
    // Tracks only the German adoption, which adopts EN ISO 13849-1, which adopts ISO 13849-1.
    const dinReader = await reader('DIN EN ISO 13849-1');
    const list = await listContentTrackings(store.db, store.tenantId, isoReader, {
      pageIndex: 1,
      pageSize: 10,
    });
    expect(list.rows[0]!.content).toMatchObject({
      contentTitle: MACHINERY_EN,
      contentTitles: {
        de: expect.stringMatching(/^Sicherheit von Maschinen/),
        fr: expect.stringMatching(/^Sécurité des machines/),
      },
    });

    // The publisher's next edition, as the same file with its identity moved on.
    const next = publicFile(ISO_13849)
      .toString('utf8')
      .replace(
        '<std-ref type="dated">ISO 13849-1:2006-11</std-ref>',
        '<std-ref type="dated">ISO 13849-1:2015-12</std-ref>',
      )
      .replace('<release-date>2006-11</release-date>', '<release-date>2015-12</release-date>');
    const parsed = await parseStsXml(next);
    const dry = await dryRunCatalogImport(store.db, store.tenantId, parsed);
    expect(dry.rows.find((r) => r.key === 'ISO 13849-1')).toMatchObject({
      outcome: 'changed',
      event: 'new_edition',
    });
    const run = await applyCatalogImport(store.db, store.tenantId, parsed, { rules: EVERY_MATCHING_RULE });
    expect(run.events).toEqual([
      { eventId: expect.any(Number), kind: 'new_edition', recipients: 2, webhooks: 0 },
    ]);
    const { rows } = await store.db.query<{
      user_id: string;
      reasons: Array<{ type: string; value: string }>;
    }>('SELECT user_id, reasons FROM notification_deliveries WHERE tenant_id = $1', [store.tenantId]);
    const reasonsOf = (id: string) => rows.find((r) => r.user_id === id)?.reasons;
    expect(reasonsOf(isoReader)).toEqual([{ type: 'STANDARD', value: 'ISO 13849-1:2015-12' }]);
    expect(reasonsOf(dinReader)).toEqual([{ type: 'ADOPTION', value: 'DIN EN ISO 13849-1:2008-12' }]);
    // The e-mail and the notification centre get the titles by language with the change.
    const { rows: events } = await store.db.query<{
      change: { standard: { titles?: Record<string, string> } };
    }>(`SELECT change FROM catalog_events WHERE tenant_id = $1 AND kind = 'new_edition'`, [store.tenantId]);
    expect(events[0]!.change.standard.titles?.de).toMatch(/^Sicherheit von Maschinen/);
  });
});

describe('one standard in two files of a batch', () => {
  const store = useStoreDatabase();

  const both = async (...names: string[]): Promise<ParsedCatalogImport> => {
    const files = await Promise.all(names.map((name) => parseStsXml(publicFile(name))));
    let n = 0;
    return {
      rows: files.flatMap((f) => f.rows.map((r) => ({ ...r, row: r.row === 0 ? 0 : ++n }))),
      errors: files.flatMap((f) => f.errors),
      complete: true,
    };
  };

  it('the adopted standard again, word for word (its own file and inside the adoption): one entry', async () => {
    const dry = await dryRunCatalogImport(store.db, store.tenantId, await both(ISO_13849, DIN_13849));
    expect(dry.totals.error).toBe(0);
    expect(dry.rows.filter((r) => r.key === 'ISO 13849-1')).toHaveLength(1);
  });

  it('the same content code with other values (two originators of ISO 123456): refused as a conflict', async () => {
    const dry = await dryRunCatalogImport(
      store.db,
      store.tenantId,
      await both('nat-meta.xml', 'reg-meta.xml'),
    );
    expect(dry.rows.find((r) => r.outcome === 'error')?.errors).toEqual([
      { row: 2, field: 'content_code', reason: 'ISO 123456 is also row 1' },
    ]);
  });
});
