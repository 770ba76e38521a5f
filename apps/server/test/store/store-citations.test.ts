import { readFileSync } from 'node:fs';
import { applyCatalogImport } from '@trackwell/db';
import { parseCatalogCsv, parseStsXml } from '@trackwell/db/catalog-import';
import { EVERY_MATCHING_RULE } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/**
 * The store page of a standard lists what it cites (imported from the real DIN EN ISO 13849-1 file with its
 * reference lists) and what cites it, each linked where the catalogue holds it; another store shows none.
 */

const DIN = readFileSync(
  new URL(
    '../../../../packages/db/test/fixtures/sts/public/DIN_EN_ISO_13849-1_2008-12_en_TBX.references.xml',
    import.meta.url,
  ),
);
const CITED = [
  'kind,code,name,designation,title,publisher_code,content_code,asset_id,committee_designation,status,edition,published_on',
  'committee,,,ISO/TC 199,Safety of machinery,ISO,,,,,,',
  'standard,,,ISO 13849-2:2003,Validation,ISO,ISO 13849-2,iso-13849-2-2003,ISO/TC 199,active,2003,2003-08-01',
].join('\n');

describe('store pages: cited standards', () => {
  let t: TestApp;
  let host: string;
  let otherHost: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const created = await t.createTenant();
    host = created.host;
    for (const parsed of [await parseStsXml(DIN), await parseCatalogCsv(CITED)]) {
      const run = await applyCatalogImport(t.app.db, created.tenant.id, parsed, {
        rules: EVERY_MATCHING_RULE,
      });
      expect(run.outcome).toBe('applied');
    }
    ({ host: otherHost } = await t.createTenant());
  });
  afterAll(() => t.close());

  const page = (assetId: string, on = host) =>
    t.app.inject({ url: `/store/standards/${assetId}.html`, headers: { host: on } });
  const listAfter = (body: string, heading: string) =>
    new RegExp(`<h3>${heading}</h3><ul class="standard-citations">(.*?)</ul>`, 's').exec(body)?.[1] ?? '';

  it('a standard lists its normative references, linked where the store has them, undated ones saying so', async () => {
    const res = await page('din-en-iso-13849-1-2008-12');
    expect(res.statusCode).toBe(200);
    const normative = listAfter(res.body, 'Normative references');
    expect(normative).toContain('<li><a href="iso-13849-2-2003.html" dir="ltr">ISO 13849-2:2003</a></li>');
    expect(normative).toContain(
      '<li><span dir="ltr">ISO 14121</span> <span class="citation-note">(latest edition applies)</span></li>',
    );
    expect(normative.match(/<li>/g)).toHaveLength(7);
    expect(listAfter(res.body, 'Bibliography')).toContain('<span dir="ltr">IEC 62061</span>');
  });

  it('a cited standard lists what cites it', async () => {
    const res = await page('iso-13849-2-2003');
    const citing = listAfter(res.body, 'Cited normatively by');
    expect(citing).toContain(
      '<a href="din-en-iso-13849-1-2008-12.html" dir="ltr">DIN EN ISO 13849-1:2008-12</a>',
    );
    expect(citing.match(/<li>/g)).toHaveLength(3);
    expect(res.body).not.toContain('<h3>Normative references</h3>');
  });

  it('another store shows none of them (cross-tenant 404)', async () => {
    expect((await page('din-en-iso-13849-1-2008-12', otherHost)).statusCode).toBe(404);
  });
});
