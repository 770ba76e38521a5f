import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language, TenantConfig } from '@trackwell/contracts';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app/index.tsx';
import { resolveLazyRoutes } from './app/lazy-routes.ts';
import type { RouteHandle } from './app/route-handle.ts';
import { routes } from './app/router.tsx';
import { firstScreenModules, firstScreenNamespaces, renderFirstScreen } from './entry-server.tsx';
import { seedTenantConfiguration } from './features/tenant/index.ts';
import { FIRST_SCREEN_ID } from './lib/first-screen.ts';
import { createI18n } from './lib/i18n.ts';
import { createStore } from './lib/store.ts';
import { stubServer } from './testing/render-app.tsx';
import { buildTenantConfig, tenantConfigResponse } from './testing/tenant-config.ts';

/**
 * The server draws the first screen with these components (entry-server.tsx), and the browser
 * hydrates that HTML (main.tsx): the same tree, the same strings, so React keeps the server's elements.
 */
const portalRoot = join(import.meta.dirname, '..');
const strings = (lng: Language, namespaces: string[]) =>
  Object.fromEntries(
    namespaces.map((ns) => [
      ns,
      JSON.parse(readFileSync(join(portalRoot, 'public/locales', lng, `${ns}.json`), 'utf8')),
    ]),
  );

/** The page as the server sends it: the screen in #root, its stylesheets and its strings in <head>. */
function servePage(
  config: TenantConfig,
  language: Language,
  html: string,
  namespaces: Record<string, unknown>,
) {
  const base = document.createElement('link');
  base.rel = 'stylesheet';
  base.href = '/app/bootstrap.min-test.css';
  base.dataset.twSlot = 'base';
  const theme = document.createElement('link');
  theme.rel = 'stylesheet';
  theme.href = config.ui.themeStylesheetUrl;
  theme.dataset.twSlot = 'theme';
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_SCREEN_ID;
  block.textContent = JSON.stringify({ language, namespaces });
  document.head.append(base, theme, block);
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

let hydrated: Root | undefined;
afterEach(() => {
  act(() => hydrated?.unmount());
  hydrated = undefined;
  document.getElementById('root')?.remove();
  document.getElementById(FIRST_SCREEN_ID)?.remove();
  vi.restoreAllMocks();
});

describe('the server-drawn first screen', () => {
  it('names the strings and code each screen needs', () => {
    expect(firstScreenNamespaces('/signin')).toEqual(['common', 'signin']);
    expect(firstScreenNamespaces('/signin/unlock/abc')).toEqual(['common', 'signin']);
    expect(firstScreenNamespaces('/')).toEqual(['common', 'tracker']);
    expect(firstScreenNamespaces('/account/profile')).toEqual(['common', 'account']);
    expect(firstScreenNamespaces('/no/such/page')).toEqual(['common']);
    expect(firstScreenModules('/signin')).toEqual([
      'src/app/routes/auth-shell.tsx',
      'src/features/signin/routes.tsx',
    ]);
  });

  it('every lazy route names the file its lazy part imports, so the server can link its chunks', () => {
    const lazyRoutes: RouteObject[] = [];
    const walk = (list: RouteObject[]) => {
      for (const route of list) {
        if (route.lazy) lazyRoutes.push(route);
        walk(route.children ?? []);
      }
    };
    walk(routes);
    expect(lazyRoutes.length).toBeGreaterThan(5);
    for (const route of lazyRoutes) {
      const module = (route.handle as RouteHandle | undefined)?.module;
      expect(module, String(route.path)).toBeDefined();
      expect(existsSync(join(portalRoot, module!))).toBe(true);
      expect(String(route.lazy)).toContain(basename(module!));
    }
  });

  it('draws the sign-in form in the page language, the store name escaped by React', async () => {
    const config = buildTenantConfig({
      tenantName: 'Acme <b>Standards</b>',
      ui: { languages: ['es_ES', 'en'], defaultLanguage: 'es_ES' },
    });
    const { head, body } = await renderFirstScreen({
      url: `${window.location.origin}/signin`,
      config,
      language: 'es_ES',
      namespaces: strings('es_ES', ['common', 'signin']),
    });
    expect(body).toMatch(/<h1[^>]*><span id="signin-password-title">Iniciar sesión<\/span><\/h1>/);
    expect(body).toContain('alt="Acme &lt;b&gt;Standards&lt;/b&gt;"');
    expect(body).not.toContain('<b>Standards');
    expect(head).toMatch(/^<link rel="preload" as="image"/);
  });

  it('is hydrated by the browser: the same elements, no mismatch, and the form works', async () => {
    const config = buildTenantConfig({ ui: { languages: ['ar', 'en'], defaultLanguage: 'ar' } });
    stubServer({ status: 200, body: tenantConfigResponse(config) });
    const namespaces = strings('ar', firstScreenNamespaces('/signin'));
    const { body } = await renderFirstScreen({
      url: `${window.location.origin}/signin`,
      config,
      language: 'ar',
      namespaces,
    });
    // In one process, React's server renderer leaves the context values it last rendered with on the shared
    // context objects until its next rendering, and marks them as its own (a browser never shares a process
    // with it): one empty rendering puts the values back; its development warning about the marks is ignored.
    await prerender(null);
    const root = servePage(config, 'ar', body, namespaces);
    const serverHeading = root.querySelector('h1');
    expect(serverHeading).toHaveTextContent('تسجيل الدخول');

    // What main.tsx does with such a page.
    const consoleErrors = vi.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    const i18n = createI18n('ar', {}, { preloaded: { language: 'ar', namespaces } });
    const store = createStore({ i18n });
    seedTenantConfiguration(store, config);
    await resolveLazyRoutes(routes, '/signin');
    const router = createMemoryRouter(routes, { initialEntries: ['/signin'] });
    await act(async () => {
      hydrated = hydrateRoot(
        root,
        <StrictMode>
          <App store={store} i18n={i18n} router={router} />
        </StrictMode>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });

    await waitFor(() => expect(document.title).toBe(`تسجيل الدخول – ${config.tenantName}`));
    expect(root.querySelector('h1')).toBe(serverHeading);
    const username = screen.getByRole('textbox', { name: 'البريد الإلكتروني' });
    await userEvent.type(username, 'ada@example.test');
    expect(username).toHaveValue('ada@example.test');
    expect(recoverable).toEqual([]);
    const sameProcessWarning = /Detected multiple renderers concurrently rendering the same context provider/;
    expect(consoleErrors.mock.calls.filter(([message]) => !sameProcessWarning.test(String(message)))).toEqual(
      [],
    );
  });
});
