import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TENANT_CONFIG_PATH } from '@trackwell/contracts';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

describe('tenant assets', () => {
  let t: TestApp;
  let code: string;
  beforeAll(async () => {
    t = await buildTestApp();
    ({
      def: { code },
    } = await t.createTenant({
      theme: {
        colors: {
          primary: '#b91c1c',
          primaryContrast: '#ffffff',
          secondary: '#7f1d1d',
          background: '#fffaf5',
          surface: '#fff1e6',
          text: '#1c1917',
          mutedText: '#57534e',
          link: '#b91c1c',
          headerBackground: '#7f1d1d',
          headerText: '#ffffff',
          footerBackground: '#1c1917',
          footerText: '#fafaf9',
        },
        font: 'serif',
        headingFont: 'geometric',
        radius: 2,
      },
    }));
  });
  afterAll(() => t.close());

  it("serves the tenant's theme stylesheet from its code, with its colours, fonts and cache headers", async () => {
    const res = await t.app.inject({ url: `/assets/${code}/theme.css` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.body).toContain('--tw-primary: #b91c1c;');
    expect(res.body).toContain('--bs-primary-rgb: 185, 28, 28;');
    expect(res.body).toMatch(/--tw-font: Georgia/);
    // Disabled controls take a neutral style derived from the surface and muted text.
    expect(res.body).toContain('--tw-disabled-bg: #eee1d7;');
    expect(res.body).toContain('--tw-disabled-text: #57534e;');
    expect(res.body).not.toContain('--bs-btn-disabled-bg: #b91c1c');
    // The header's select arrow in the header's text colour (#ffffff here).
    expect(res.body).toMatch(/--tw-header-select-arrow: url\("data:image\/svg\+xml,[^"]*stroke='%23ffffff'/);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const again = await t.app.inject({
      url: `/assets/${code}/theme.css`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves the logo as an image that cannot run script', async () => {
    const res = await t.app.inject({ url: `/assets/${code}/logo.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('<svg');
  });

  it.each([
    ['an unknown tenant', '/assets/nosuchtenant/theme.css', 404],
    ['an unknown asset', `/assets/CODE/missing.svg`, 404],
    ['a traversal attempt', '/assets/CODE/..%2f..%2fetc%2fpasswd', 400],
    ['a bad tenant code', '/assets/..%2f/logo.svg', 400],
  ])('answers %s with a clear error', async (_what, url, status) => {
    const res = await t.app.inject({ url: url.replace('CODE', code) });
    expect(res.statusCode).toBe(status);
    expect(res.json().status).toBe(String(status));
  });
});

describe('health, security headers and the portal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness and readiness (which checks the database)', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: t.app.db.engine });
  });

  it('serves the portal for page navigations, with a CSP and no caching of the page', async () => {
    const { host } = await t.createTenant();
    for (const url of ['/', '/implicit/callback', '/some/unknown/page']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html', host } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it("carries the store's configuration in the page, escaped, with a validator for revisits", async () => {
    const hostile = 'Evil </script><script>alert(1)</script> <!-- Store';
    const def = buildTenantDefinition({ name: 'Escaped Store' });
    def.config.trackerSetting.header.page_paragraph_info = hostile;
    const { host } = await t.createTenant(def);
    const res = await t.app.inject({ url: '/signin', headers: { accept: 'text/html', host } });
    expect(res.statusCode).toBe(200);
    const block = /<script type="application\/json" id="tw-tenant-config">(.*?)<\/script>/s.exec(res.body);
    expect(block).not.toBeNull();
    // No tenant text can end the data block or open a comment: every "<" is escaped.
    expect(block![1]).not.toContain('<');
    expect(res.body.replace(block![0], '')).not.toContain('alert(1)'); // nothing leaked outside the block
    // The same answer as POST /config/get-tenant-configuration-for-ui.
    const answer = await t.app.inject({ method: 'POST', url: TENANT_CONFIG_PATH, headers: { host } });
    expect(JSON.parse(block![1]!)).toEqual(answer.json());
    expect(JSON.parse(block![1]!).responseData.value.trackerSetting.header.page_paragraph_info).toBe(hostile);

    // The first screen's Bootstrap build is hinted when the bundle has one (the stand-in dist has none).
    expect(res.body).not.toContain('rel="preload"');

    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const revisit = await t.app.inject({
      url: '/signin',
      headers: { accept: 'text/html', host, 'if-none-match': etag },
    });
    expect(revisit.statusCode).toBe(304);
    // Another store's page carries its own configuration.
    const { host: other } = await t.createTenant({ name: 'Other Store' });
    const page = await t.app.inject({ url: '/', headers: { accept: 'text/html', host: other } });
    expect(page.body).toContain('Other Store');
    expect(page.body).not.toContain('Evil');
    expect(page.headers.etag).not.toBe(etag);
  });

  it('serves bundles, translations and root files as they are on disk now, with fitting cache headers', async () => {
    mkdirSync(join(t.distDir, 'app'), { recursive: true });
    mkdirSync(join(t.distDir, 'locales/en'), { recursive: true });
    writeFileSync(join(t.distDir, 'app/main-abc123.js'), 'console.log(1)');
    writeFileSync(join(t.distDir, 'locales/en/common.json'), '{"hello":"Hello"}');
    writeFileSync(join(t.distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const bundle = await t.app.inject({ url: '/app/main-abc123.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const locale = await t.app.inject({ url: '/locales/en/common.json' });
    expect(locale.json()).toEqual({ hello: 'Hello' });
    expect(locale.headers['cache-control']).toBe('no-cache');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/app/../../package.json' })).statusCode).toBe(404);
  });

  it('answers API-looking misses with a JSON 404, never the page', async () => {
    for (const url of ['/api/nothing', '/config/nothing', '/app/missing.js']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: '404', error: 'not_found' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/nothing' });
    expect(post.statusCode).toBe(404);
  });
});
