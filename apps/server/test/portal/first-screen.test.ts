import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Language, TENANT_CONFIG_PATH, TRACKER_PATHS, USER_INFO_PATH } from '@trackwell/contracts';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortalIfStale } from '../../../../scripts/portal-build.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/**
 * A store's page comes with its first screen drawn by the portal's own components
 * (modules/portal/server-render.ts over the portal's server bundle, apps/portal/src/entry-server.tsx).
 * These tests serve the real build (built here when stale, as `npm start` does).
 */
const PORTAL_DIST = join(import.meta.dirname, '../../../portal/dist');
const html = { accept: 'text/html' };

/** A store of this test's own offering `languages`, `defaultLanguage` first. */
function storeIn(languages: Language[], defaultLanguage: Language) {
  const def = buildTenantDefinition();
  def.config.ui = { ...def.config.ui, languages, defaultLanguage };
  return def;
}

/** What `#root` holds (the screen the server drew, or the boot placeholder). */
const rootOf = (page: string) => /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(page)?.[1] ?? '';
/** The page without its JSON data blocks (which carry the configuration and strings as data). */
const withoutDataBlocks = (page: string) =>
  page.replace(/<script type="application\/json"[^>]*>[\s\S]*?<\/script>/g, '');

describe('the server-drawn first screen', () => {
  let t: TestApp;
  beforeAll(async () => {
    buildPortalIfStale();
    t = await buildTestApp({ PORTAL_DIST });
  }, 300_000);
  afterAll(() => t.close());

  it("GET /signin answers the sign-in form already drawn, in the store's language, with the store's name", async () => {
    const { host: spanish, def } = await t.createTenant({ name: 'Tienda Española' });
    expect(def.config.ui.defaultLanguage).toBe('en'); // the factory's store: English first (Spanish below)
    const res = await t.app.inject({ url: '/signin', headers: { ...html, host: spanish } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/<html lang="en" dir="ltr">/);
    const root = rootOf(res.body);
    expect(root).toMatch(/<h1[^>]*><span id="signin-password-title">Sign in<\/span><\/h1>/);
    expect(root).toContain('alt="Tienda Española"');
    expect(res.body).toContain('<title>Tienda Española</title>');
    // Its stylesheets are in <head> (Bootstrap first, the store's theme last); its strings in a data block.
    expect(res.body).toMatch(
      /<link rel="stylesheet" href="http:\/\/[^"]+\/theme\.css" data-tw-slot="theme">/,
    );
    expect(res.body).toContain('<script type="application/json" id="tw-first-screen">');
    // The page's CSP is unchanged: no inline script other than data blocks.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    for (const script of res.body.match(/<script(?![^>]*type="application\/json")[^>]*>/g) ?? []) {
      expect(script).toMatch(/ src="\/[^/]/); // a file of this origin
    }
  });

  it("draws a store's default language, and Arabic right to left for an Arabic store or ?lang=ar", async () => {
    const es = await t.createTenant(storeIn(['es_ES', 'ar'], 'es_ES'));
    const spanish = await t.app.inject({ url: '/signin', headers: { ...html, host: es.host } });
    expect(spanish.body).toMatch(/<html lang="es-ES" dir="ltr">/);
    expect(rootOf(spanish.body)).toContain('<span id="signin-password-title">Iniciar sesión</span>');

    const linked = await t.app.inject({ url: '/signin?lang=ar', headers: { ...html, host: es.host } });
    expect(linked.body).toMatch(/<html lang="ar" dir="rtl">/);
    expect(rootOf(linked.body)).toContain('<span id="signin-password-title">تسجيل الدخول</span>');
    expect(linked.body).toMatch(
      /<link rel="stylesheet" href="\/app\/bootstrap\.rtl\.min-[\w-]+\.css" data-tw-slot="base">/,
    );

    const ar = await t.createTenant(storeIn(['ar', 'en'], 'ar'));
    const arabic = await t.app.inject({ url: '/signin', headers: { ...html, host: ar.host } });
    expect(arabic.body).toMatch(/<html lang="ar" dir="rtl">/);
    expect(rootOf(arabic.body)).toContain('تسجيل الدخول');
  });

  it('carries no user data: the same page whoever asks, signed in or not', async () => {
    const { host } = await t.createTenant();
    const anonymous = await t.app.inject({ url: '/', headers: { ...html, host } });
    const withSession = await t.app.inject({
      url: '/',
      headers: { ...html, host, cookie: 'sid=abc; idx=def', authorization: 'Bearer abc.def.ghi' },
    });
    expect(anonymous.statusCode).toBe(200);
    expect(withSession.body).toBe(anonymous.body);
    // The tracker's page is the store's frame (header) around the signed-in check; its data loads after.
    expect(rootOf(anonymous.body)).toContain('class="tw-header"');
    expect(rootOf(anonymous.body)).toContain('role="status"');
  });

  it('scripts start after the first paint; a signed-in screen has its first calls started by the page', async () => {
    const { host } = await t.createTenant();
    const signIn = await t.app.inject({ url: '/signin', headers: { ...html, host } });
    // Drawn whole: the scripts only make it work, so they wait for the first paint.
    expect(signIn.body).toMatch(/<script defer src="\/start-after-paint\.js" data-entry="\/app\/[^"]+\.js"/);
    expect(signIn.body).not.toContain('<link rel="modulepreload"');
    expect(signIn.body).not.toContain('early-requests.js');

    const tracker = await t.app.inject({ url: '/', headers: { ...html, host } });
    expect(tracker.body).toMatch(/<script defer src="\/start-after-paint\.js"/);
    // It waits for the signed-in user, whom only the browser knows: its first calls (who the user is, the feature flags) at the store's configured services.
    const early = /<script async src="\/early-requests\.js" data-urls="([^"]+)"><\/script>/.exec(
      tracker.body,
    );
    const answer = await t.app.inject({ method: 'POST', url: TENANT_CONFIG_PATH, headers: { host } });
    const config = answer.json().responseData.value;
    expect(early?.[1]?.split(' ')).toEqual([
      new URL(USER_INFO_PATH, config['mae-uri']).href,
      new URL(TRACKER_PATHS.featureFlags, config['tracker-uri']).href,
    ]);
  });

  it("escapes a hostile store name wherever the screen shows it (React's escaping)", async () => {
    const hostile = 'Evil "</script><script>alert(1)</script><img src=x onerror=alert(2)> $& $\' Store';
    const def = buildTenantDefinition();
    def.config.tenantName = hostile;
    const { host } = await t.createTenant(def);
    const res = await t.app.inject({ url: '/signin', headers: { ...html, host } });
    expect(res.statusCode).toBe(200);
    const markup = withoutDataBlocks(res.body);
    expect(markup).not.toContain('alert(1)</script>');
    expect(markup).not.toContain('<img src=x');
    expect(markup).toContain('Evil &quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // A `$&` in the name is text, not a replacement pattern.
    expect(markup).toContain(
      '<title>Evil &quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; $&amp; $&#39; Store</title>',
    );
    // The data blocks hold it escaped too: nothing in them can close the element.
    for (const block of res.body.match(/<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/g) ?? []) {
      expect(block.slice(block.indexOf('>') + 1, -'</script>'.length)).not.toContain('<');
    }
  });

  it('an unknown host still gets the 404 page, not a drawn store page', async () => {
    const res = await t.app.inject({ url: '/signin', headers: { ...html, host: 'nobody.test.localhost' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('tw-first-screen');
    expect(res.body).not.toContain('tw-tenant-config');
  });
});

describe('when the server cannot draw the first screen', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers the page the browser draws itself, with 200: without a server bundle, and when drawing throws', async () => {
    const { host, def } = await t.createTenant();
    const plain = await t.app.inject({ url: '/signin', headers: { ...html, host } });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('id="tw-tenant-config"');
    expect(plain.body).not.toContain('tw-first-screen');

    // A server bundle whose drawing throws.
    mkdirSync(join(t.distDir, 'ssr'), { recursive: true });
    mkdirSync(join(t.distDir, '.vite'), { recursive: true });
    mkdirSync(join(t.distDir, 'locales/en'), { recursive: true });
    writeFileSync(join(t.distDir, 'locales/en/common.json'), '{}');
    writeFileSync(join(t.distDir, '.vite/manifest.json'), '{}');
    writeFileSync(
      join(t.distDir, 'ssr/entry-server.js'),
      `export const FIRST_SCREEN_ID = 'tw-first-screen';
       export const firstScreenNamespaces = () => ['common'];
       export const firstScreenModules = () => [];
       export async function renderFirstScreen() { throw new Error('drawing failed'); }`,
    );
    const failed = await t.app.inject({ url: '/signin', headers: { ...html, host } });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toBe(plain.body);
    expect(failed.body).toContain(def.config.tenantName);
  });
});
