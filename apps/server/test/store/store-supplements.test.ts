import { catalogColumnMapping } from '@trackwell/contracts';
import { applyCatalogImport, dryRunCatalogImport } from '@trackwell/db';
import { parseCatalogCsv } from '@trackwell/db/catalog-import';
import { EVERY_MATCHING_RULE } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/**
 * Amendments and corrigenda imported from a catalogue export (their designation names the base standard):
 * the base's store page lists them with their dates, each one's page names its base. After a new edition of
 * the base, the earlier edition's stay on its page under the edition they amend.
 */

const mapping = catalogColumnMapping.parse({
  columns: [
    { header: 'reference', field: 'reference' },
    { header: 'title.en', field: 'titles', language: 'en' },
    { header: 'publicationDate', field: 'publishedOn' },
    { header: 'currentStage', field: 'stage' },
    { header: 'ownerCommittee', field: 'committeeDesignation' },
  ],
});
// The supplements come before their base: the file's order does not matter.
const EXPORT = [
  'reference,title.en,publicationDate,currentStage,ownerCommittee',
  'ISO 13849-1:2015/Amd 1:2021,Safety of machinery — Amendment 1,2021-03-02,6060,ISO/TC 199',
  'ISO 13849-1:2015/Cor 1:2016,Safety of machinery — Technical Corrigendum 1,2016-07,6060,ISO/TC 199',
  'ISO 13849-1:2015,Safety of machinery — Safety-related parts of control systems,2015-12-01,6060,ISO/TC 199',
].join('\n');

describe('store pages: amendments and corrigenda with their base standard', () => {
  let t: TestApp;
  let host: string;
  let otherHost: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const created = await t.createTenant();
    host = created.host;
    const parsed = await parseCatalogCsv(EXPORT, { mapping });
    const dry = await dryRunCatalogImport(t.app.db, created.tenant.id, parsed);
    expect(dry.rows.filter((r) => r.links?.supplementOf === 'ISO 13849-1:2015').map((r) => r.key)).toEqual([
      'ISO 13849-1:2015/Amd 1',
      'ISO 13849-1:2015/Cor 1',
    ]);
    const run = await applyCatalogImport(t.app.db, created.tenant.id, parsed, { rules: EVERY_MATCHING_RULE });
    expect(run.outcome).toBe('applied');
    ({ host: otherHost } = await t.createTenant());
  });
  afterAll(() => t.close());

  it("the base's page lists its amendments and corrigenda, oldest first, each with its date and page", async () => {
    const res = await t.app.inject({ url: '/store/standards/iso-13849-1-2015.html', headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<dt>Amendments and corrigenda</dt>');
    const list = /<ul class="standard-supplements">(.*?)<\/ul>/s.exec(res.body)?.[1] ?? '';
    expect(list).toBe(
      '<li><a href="iso-13849-1-2015-cor-1-2016.html" dir="ltr">ISO 13849-1:2015/Cor 1:2016</a> <time datetime="2016-07">2016-07</time></li>' +
        '<li><a href="iso-13849-1-2015-amd-1-2021.html" dir="ltr">ISO 13849-1:2015/Amd 1:2021</a> <time datetime="2021-03-02">2021-03-02</time></li>',
    );
  });

  it("an amendment's page names its base standard, linked", async () => {
    const res = await t.app.inject({
      url: '/store/standards/iso-13849-1-2015-amd-1-2021.html',
      headers: { host },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<dt>Supplement to</dt><dd><a href="iso-13849-1-2015.html" dir="ltr">ISO 13849-1:2015</a></dd>',
    );
    expect(res.body).not.toContain('Amendments and corrigenda');
  });

  it('a new edition of the base: its page lists the earlier edition’s supplements under that edition, and theirs name it', async () => {
    const created = await t.createTenant();
    const next = [
      'reference,title.en,publicationDate,currentStage,ownerCommittee',
      'ISO 13849-1:2023,Safety of machinery — Safety-related parts of control systems,2023-04-01,6060,ISO/TC 199',
      'ISO 13849-1:2023/Amd 1:2025,Safety of machinery — Amendment 1,2025-01-15,6060,ISO/TC 199',
    ].join('\n');
    for (const file of [EXPORT, next]) {
      const run = await applyCatalogImport(
        t.app.db,
        created.tenant.id,
        await parseCatalogCsv(file, { mapping }),
        {
          rules: EVERY_MATCHING_RULE,
        },
      );
      expect(run.outcome).toBe('applied');
    }
    const code = await t.app.db.query<{ asset_id: string }>(
      `SELECT asset_id FROM standards WHERE tenant_id = $1 AND designation = 'ISO 13849-1:2023'`,
      [created.tenant.id],
    );
    const base = await t.app.inject({
      url: `/store/standards/${code.rows[0]!.asset_id}.html`,
      headers: { host: created.host },
    });
    expect(base.statusCode).toBe(200);
    const current = /<ul class="standard-supplements">(.*?)<\/ul>/s.exec(base.body)?.[1] ?? '';
    expect(current).toContain('ISO 13849-1:2023/Amd 1:2025');
    expect(current).not.toContain('2015/');
    expect(base.body).toContain('<dt>Amendments and corrigenda of earlier editions</dt>');
    const earlier = /<ul class="standard-editions">(.*)<\/ul><\/dd>/s.exec(base.body)?.[1] ?? '';
    expect(earlier).toBe(
      '<li><span dir="ltr">ISO 13849-1:2015</span><ul class="standard-supplements">' +
        '<li><a href="iso-13849-1-2015-cor-1-2016.html" dir="ltr">ISO 13849-1:2015/Cor 1:2016</a> <time datetime="2016-07">2016-07</time></li>' +
        '<li><a href="iso-13849-1-2015-amd-1-2021.html" dir="ltr">ISO 13849-1:2015/Amd 1:2021</a> <time datetime="2021-03-02">2021-03-02</time></li>' +
        '</ul></li>',
    );
    const old = await t.app.inject({
      url: '/store/standards/iso-13849-1-2015-amd-1-2021.html',
      headers: { host: created.host },
    });
    expect(old.body).toMatch(
      /<dt>Supplement to<\/dt><dd><span dir="ltr">ISO 13849-1:2015<\/span>, an earlier edition of <a href="[^"]+" dir="ltr">ISO 13849-1:2023<\/a><\/dd>/,
    );
    const fresh = await t.app.inject({
      url: '/store/standards/iso-13849-1-2023-amd-1-2025.html',
      headers: { host: created.host },
    });
    expect(fresh.body).toMatch(
      /<dt>Supplement to<\/dt><dd><a href="[^"]+" dir="ltr">ISO 13849-1:2023<\/a><\/dd>/,
    );
  });

  it('another store shows none of them (cross-tenant 404)', async () => {
    const res = await t.app.inject({
      url: '/store/standards/iso-13849-1-2015.html',
      headers: { host: otherHost },
    });
    expect(res.statusCode).toBe(404);
  });
});
