import { EMAIL_LOGO, EMAIL_LOGO_MAX_PIXELS } from '@trackwell/contracts';
import { putTenantAsset } from '@trackwell/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailImagesOf } from '../../src/modules/notifications/email-images.ts';
import { buildTestApp, leaksInternals, type TestApp } from '../support/helpers.ts';

/** `GET /assets/:code/logo.png`, the PNG of a store's logo that e-mails show. */

/** Width and height from a PNG's IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(body.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

const HOSTILE = {
  'entity expansion (billion laughs)': `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&d;&d;&d;&d;</text></svg>`,
  'an external image': `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><image href="http://127.0.0.1:9/logo.png" width="100" height="40"/></svg>`,
  'a script': `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><script>while(true){}</script><rect width="100" height="40"/></svg>`,
  'more than the size limit': `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><desc>${'x'.repeat(EMAIL_LOGO.maxSvgBytes)}</desc></svg>`,
  'a filter that takes longer than the timeout': `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="56"><filter id="f" x="-1000" y="-1000" width="2000" height="2000"><feGaussianBlur stdDeviation="10000"/><feMorphology radius="100000"/></filter><rect width="200" height="56" fill="red" filter="url(#f)"/></svg>`,
};

describe('the e-mail logo PNG', () => {
  let t: TestApp;
  let code: string;
  let host: string;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL_TEMPLATE: 'https://{host}' });
    ({
      def: { code },
      host,
    } = await t.createTenant());
  });
  afterAll(() => t.close());

  it('is a PNG at twice the e-mail size, which any mail client may load, cached by version', async () => {
    const res = await t.app.inject({ url: `/assets/${code}/logo.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The test logo is 120×32 (viewBox): drawn 48 px high at 2×, so 96 px high and 360 px wide.
    expect(pngSize(res.rawPayload)).toEqual({ width: 360, height: EMAIL_LOGO_MAX_PIXELS.height });
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(res.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');

    const versioned = await t.app.inject({ url: `/assets/${code}/logo.png?v=${etag.slice(1, -1)}` });
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await t.app.inject({ url: `/assets/${code}/logo.png`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // The SVG keeps its same-origin policy: only the e-mail rendition is offered to other origins.
    const svg = await t.app.inject({ url: `/assets/${code}/logo.svg` });
    expect(svg.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('is drawn again, with a new version, when the logo changes', async () => {
    const { tenant, def } = await t.createTenant();
    const before = await t.app.inject({ url: `/assets/${def.code}/logo.png` });
    await putTenantAsset(
      t.app.db,
      tenant.id,
      'logo.svg',
      'image/svg+xml',
      new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="18" fill="#c00"/></svg>',
      ),
    );
    const after = await t.app.inject({ url: `/assets/${def.code}/logo.png` });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(pngSize(after.rawPayload)).toEqual({ width: 96, height: 96 });
  });

  it('answers 404 for an unknown store', async () => {
    const res = await t.app.inject({ url: '/assets/no-such-store/logo.png' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: '404', error: 'not_found' });
  });

  it('fits a logo that claims huge dimensions into the largest PNG e-mails show', async () => {
    const { tenant, def } = await t.createTenant();
    await putTenantAsset(
      t.app.db,
      tenant.id,
      'logo.svg',
      'image/svg+xml',
      new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg" width="4000000000" height="100000000"><rect width="4000000000" height="100000000" fill="#123456"/></svg>',
      ),
    );
    const res = await t.app.inject({ url: `/assets/${def.code}/logo.png` });
    expect(res.statusCode).toBe(200);
    const size = pngSize(res.rawPayload);
    expect(size.width).toBeLessThanOrEqual(EMAIL_LOGO_MAX_PIXELS.width);
    expect(size.height).toBeLessThanOrEqual(EMAIL_LOGO_MAX_PIXELS.height);
  });

  for (const [what, svg] of Object.entries(HOSTILE)) {
    it(`refuses a logo with ${what}: a clear 422, in bounded time, and the server goes on drawing`, async () => {
      const { tenant, def } = await t.createTenant();
      // Written past the write-time guard, as a row changed by hand would be.
      await putTenantAsset(t.app.db, tenant.id, 'logo.svg', 'image/svg+xml', new TextEncoder().encode(svg));
      const started = Date.now();
      const res = await t.app.inject({ url: `/assets/${def.code}/logo.png` });
      expect(Date.now() - started).toBeLessThan(EMAIL_LOGO.renderTimeoutMs + 2000);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ status: '422', error: 'logo_not_renderable' });
      expect(res.json().message).toMatch(/^The tenant's logo has no PNG: /);
      expect(leaksInternals(res.body)).toBe(false);
      // Asked again: the refusal is remembered, not drawn again.
      const again = Date.now();
      expect((await t.app.inject({ url: `/assets/${def.code}/logo.png` })).statusCode).toBe(422);
      expect(Date.now() - again).toBeLessThan(1000);
      // Another store's logo is still drawn.
      const other = await t.createTenant();
      expect((await t.app.inject({ url: `/assets/${other.def.code}/logo.png` })).statusCode).toBe(200);
    }, 20_000);
  }

  it("gives e-mails the PNG's absolute URL on the store's PUBLIC_URL_TEMPLATE origin, with its size in CSS pixels", async () => {
    const { tenant, def } = await t.createTenant();
    const origin = t.app.publicUrls.origin({ canonicalHost: host });
    const ownOrigin = t.app.publicUrls.origin({ canonicalHost: def.hosts[0]! });
    expect(ownOrigin).toBe(`https://${def.hosts[0]}`);
    const images = await emailImagesOf(t.app.logoPngs, { code: tenant.code, config: def.config }, ownOrigin);
    expect(images.logo).toEqual({
      url: expect.stringMatching(
        new RegExp(
          `^https://${def.hosts[0]!.replace(/\./g, '\\.')}/assets/${def.code}/logo\\.png\\?v=[0-9a-f]{16}$`,
        ),
      ),
      width: 180,
      height: 48,
    });
    expect(origin).not.toBe(ownOrigin);
    // The URL answers the PNG, at twice that size, for a year.
    const url = new URL(images.logo!.url);
    const res = await t.app.inject({ url: `${url.pathname}${url.search}`, headers: { host: url.host } });
    expect(res.statusCode).toBe(200);
    expect(pngSize(res.rawPayload)).toEqual({ width: 360, height: 96 });
    expect(res.headers['cache-control']).toContain('immutable');
  });
});
