import { readFileSync } from 'node:fs';
import { applyCatalogImport } from '@trackwell/db';
import { parseStsXml } from '@trackwell/db/catalog-import';
import { EVERY_MATCHING_RULE } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import { insertCatalogue } from '../support/tracker-fixtures.ts';

describe('demo store pages (/store/standards/:assetId.html)', () => {
  let t: TestApp;
  let host: string;
  let code: string;
  let otherHost: string;
  let tenantId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const created = await t.createTenant({ name: 'Blue & <Co> Store' });
    host = created.host;
    code = created.def.code;
    tenantId = created.tenant.id;
    await insertCatalogue(t.app.db, created.tenant.id, 2);
    await t.app.db.query(
      `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code, committee_designation, status, edition, published_on)
       VALUES ($1, 'x-1', 'PUB1-X1', 'X1-24', 'Pipes <script>alert(1)</script> & "Fittings"', 'PUB1', 'D20', 'withdrawn', '2024', '2024-02-03')`,
      [created.tenant.id],
    );
    await t.app.db.query(
      `INSERT INTO standard_industry_areas (tenant_id, standard_id, marketing_code)
       SELECT tenant_id, id, 'IA-CON' FROM standards WHERE tenant_id = $1 AND asset_id = 'x-1'`,
      [created.tenant.id],
    );
    ({ host: otherHost } = await t.createTenant());
  });
  afterAll(() => t.close());

  it("renders the standard's metadata in the tenant's branding with a Track link to the portal", async () => {
    const res = await t.app.inject({ url: '/store/standards/s-1.html', headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain(`<link rel="stylesheet" href="/assets/${code}/theme.css">`);
    expect(res.body).toContain(`src="/assets/${code}/logo.svg" alt="Blue &amp; &lt;Co&gt; Store"`);
    expect(res.body).toContain('<h1>Standard Test Method number 1 for Tensile Properties</h1>');
    expect(res.body).toContain('S1-24');
    expect(res.body).toContain('First Publisher');
    expect(res.body).toContain('D20 — Plastics');
    expect(res.body).toContain('<a class="track-button" href="/?track=s-1">Track this standard</a>');
    expect(res.body).not.toMatch(/<script/i);
  });

  it('escapes everything it prints', async () => {
    const res = await t.app.inject({ url: '/store/standards/x-1.html', headers: { host } });
    expect(res.body).toContain('Pipes &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Fittings&quot;');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('Withdrawn');
    expect(res.body).toContain('Construction');
  });

  it('answers an unknown standard with a branded 404 page', async () => {
    const res = await t.app.inject({ url: '/store/standards/nope.html', headers: { host } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Standard not found');
  });

  it("does not show another tenant's standard (cross-tenant 404)", async () => {
    const res = await t.app.inject({ url: '/store/standards/s-1.html', headers: { host: otherHost } });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a hostile asset id with 400 and an unknown host with 404', async () => {
    expect(
      (await t.app.inject({ url: '/store/standards/%3Cscript%3E.html', headers: { host } })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ url: '/store/standards/s-1.html', headers: { host: 'nowhere.localhost' } }))
        .statusCode,
    ).toBe(404);
  });

  it('a real adoption (DIN EN ISO 13849-1): the chain as links, titles per language, the month it was published', async () => {
    const file = new URL(
      '../../../../packages/db/test/fixtures/sts/public/DIN_EN_ISO_13849-1_2008-12_en_TBX.metadata.xml',
      import.meta.url,
    );
    const run = await applyCatalogImport(t.app.db, tenantId, await parseStsXml(readFileSync(file)), {
      rules: EVERY_MATCHING_RULE,
    });
    expect(run.outcome).toBe('applied');
    const res = await t.app.inject({
      url: '/store/standards/din-en-iso-13849-1-2008-12.html',
      headers: { host },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p class="standard-designation">DIN EN ISO 13849-1:2008-12</p>');
    expect(res.body).toContain(
      '<dt>Adopts</dt><dd><a href="en-iso-13849-1-2008-06.html" dir="ltr">EN ISO 13849-1:2008-06</a>, which adopts ' +
        '<a href="iso-13849-1-2006-11.html" dir="ltr">ISO 13849-1:2006-11</a></dd>',
    );
    expect(res.body).toMatch(/<li lang="de"><span class="title-lang">de<\/span> Sicherheit von Maschinen/);
    expect(res.body).toMatch(/<li lang="fr"><span class="title-lang">fr<\/span> Sécurité des machines/);
    expect(res.body).toContain('<time datetime="2008-12">2008-12</time>');
    expect(res.body).toContain('<dt>ICS</dt><dd><code dir="ltr">13.110</code></dd>');
    // The file names no committee: the page says nothing of one rather than an empty row.
    expect(res.body).not.toContain('<dt>Committee</dt>');
    const iso = await t.app.inject({ url: '/store/standards/iso-13849-1-2006-11.html', headers: { host } });
    // The ISO file gives no ICS code: no empty row.
    expect(iso.body).not.toContain('<dt>ICS</dt>');
    expect(iso.body).toContain(
      '<dt>Adopted as</dt><dd><a href="en-iso-13849-1-2008-06.html" dir="ltr">EN ISO 13849-1:2008-06</a></dd>',
    );
  });

  it('serves its small stylesheet', async () => {
    const res = await t.app.inject({ url: '/store/assets/store.css', headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.body).toContain('.track-button');
  });
});
