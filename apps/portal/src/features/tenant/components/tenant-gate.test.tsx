import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configCalls, renderApp, stubServer } from '../../../testing/render-app.tsx';
import { seedSignedInSession } from '../../../testing/signed-in.ts';
import { buildTenantConfig, tenantConfigResponse } from '../../../testing/tenant-config.ts';
import { readCachedTenantConfig, writeCachedTenantConfig } from '../lib/config-cache.ts';

/** The data block the server writes into a store's page (apps/server/src/modules/portal/index-page.ts). */
function embedConfig(json: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'tw-tenant-config';
  block.textContent = json;
  document.head.append(block);
  return block;
}

// The shell as a signed-in user sees it on `/` (the sign-in redirect has its own tests in app/routes).
beforeEach(() => seedSignedInSession());
afterEach(() => document.getElementById('tw-tenant-config')?.remove());

describe('TenantGate: loading the tenant configuration', () => {
  it('shows an accessible loading state, then the shell with the tenant name, logo and theme', async () => {
    const config = buildTenantConfig({ tenantName: 'Nordic Standards' });
    const fetchMock = stubServer({ status: 200, body: tenantConfigResponse(config) });

    renderApp();

    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    const logo = await screen.findByRole('img', { name: 'Nordic Standards' });
    expect(logo).toHaveAttribute('src', config.ui.logoUrl);
    expect(screen.getByRole('link', { name: 'Nordic Standards' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Nordic Standards');
    const theme = document.head.querySelector('link[data-tw-slot="theme"]');
    expect(theme).toHaveAttribute('href', config.ui.themeStylesheetUrl);
    // The theme comes after Bootstrap, so its custom properties win.
    const base = document.head.querySelector('link[data-tw-slot="base"]');
    expect(base?.compareDocumentPosition(theme!)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(configCalls(fetchMock)).toHaveLength(1);
    expect((configCalls(fetchMock)[0]![0] as Request).method).toBe('POST');
  });

  it('caches the configuration in session storage, keyed by origin', async () => {
    const config = buildTenantConfig();
    stubServer({ status: 200, body: tenantConfigResponse(config) });

    renderApp();

    await screen.findByRole('heading', { level: 1, name: 'Standards tracker' });
    expect(await readCachedTenantConfig(window.location.origin)).toEqual(config);
    expect(await readCachedTenantConfig('http://other.localhost')).toBeUndefined();
  });

  it('uses a cached configuration without calling the server', async () => {
    writeCachedTenantConfig(buildTenantConfig({ tenantName: 'Cached Tenant' }));
    const fetchMock = stubServer({ status: 500, body: {} });

    renderApp();

    expect(await screen.findByRole('img', { name: 'Cached Tenant' })).toBeInTheDocument();
    expect(configCalls(fetchMock)).toHaveLength(0);
  });

  it('starts from the configuration the server wrote into the page, without calling the server', async () => {
    embedConfig(JSON.stringify(tenantConfigResponse(buildTenantConfig({ tenantName: 'Embedded Store' }))));
    const fetchMock = stubServer({ status: 500, body: {} });

    renderApp();

    expect(await screen.findByRole('img', { name: 'Embedded Store' })).toBeInTheDocument();
    expect(configCalls(fetchMock)).toHaveLength(0);
    expect((await readCachedTenantConfig())?.tenantName).toBe('Embedded Store'); // the tab's cache, as after a call
  });

  it('ignores a page block that is not a configuration answer and asks the server', async () => {
    embedConfig('{"status":"200","responseData":{"value":{"tenantName":1}}}');
    const fetchMock = stubServer({ status: 200, body: tenantConfigResponse() });

    renderApp();

    expect(await screen.findByRole('img', { name: 'Acme Standards' })).toBeInTheDocument();
    expect(configCalls(fetchMock)).toHaveLength(1);
  });

  it('drops an invalid cached configuration and asks the server again', async () => {
    window.sessionStorage.setItem(`trackwell:tenant-config:v1:${window.location.origin}`, '{"tenantName":1}');
    const fetchMock = stubServer({ status: 200, body: tenantConfigResponse() });

    renderApp();

    expect(await screen.findByRole('img', { name: 'Acme Standards' })).toBeInTheDocument();
    expect(configCalls(fetchMock)).toHaveLength(1);
  });

  it('shows the full-page 404 screen for an answer that does not match the contract, and caches nothing', async () => {
    const { tenantName: _dropped, ...withoutName } = buildTenantConfig();
    stubServer({ status: 200, body: { status: '200', responseData: { value: withoutName } } });

    renderApp();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The page you requested was not found.' }),
    ).toBeInTheDocument();
    expect(await readCachedTenantConfig()).toBeUndefined();
  });

  it('shows the full-page 404 screen with the support address the server names for an unknown host', async () => {
    stubServer({
      status: 404,
      body: {
        status: '404',
        error: 'tenant_not_found',
        message: 'No tenant answers on this host.',
        support: { email: 'help@platform.example' },
      },
    });

    renderApp();

    await screen.findByRole('heading', { level: 1, name: 'The page you requested was not found.' });
    expect(screen.getByRole('link', { name: 'help@platform.example' })).toHaveAttribute(
      'href',
      'mailto:help@platform.example',
    );
  });

  it("links the 404 screen's homepage and search to the platform site the server names, never to a script URL", async () => {
    stubServer({
      status: 404,
      body: {
        status: '404',
        error: 'tenant_not_found',
        message: 'No store is configured for this address.',
        support: {
          email: 'help@platform.example',
          siteUrl: 'https://standards.example/',
          searchUrl: 'javascript:alert(1)',
        },
      },
    });

    renderApp();

    await screen.findByRole('heading', { level: 1, name: 'The page you requested was not found.' });
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute(
      'href',
      'https://standards.example/',
    );
    // Not an http(s) URL: the search suggestion stays plain text.
    expect(screen.queryByRole('link', { name: /Use the search of the site/ })).toBeNull();
    expect(screen.getByText('Use the search of the site to find what you are looking for.')).toBeVisible();
  });

  it('shows the full-page 404 screen with the built-in support address when the network fails', async () => {
    stubServer('network-error');

    renderApp();

    await screen.findByRole('heading', { level: 1, name: 'The page you requested was not found.' });
    expect(screen.getByRole('link', { name: 'support@trackwell.example' })).toHaveAttribute(
      'href',
      'mailto:support@trackwell.example',
    );
    expect(document.head.querySelector('link[data-tw-slot="theme"]')).toBeNull();
  });

  it('shows the full-page 404 screen when the answer is not JSON', async () => {
    const fetchMock = stubServer({ status: 200, body: null });
    fetchMock.mockImplementation(async () => new Response('<html>oops</html>', { status: 200 }));

    renderApp();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The page you requested was not found.' }),
    ).toBeInTheDocument();
  });
});

describe('TenantGate: language and direction', () => {
  it('renders an Arabic tenant right to left, in Arabic', async () => {
    const config = buildTenantConfig({ ui: { languages: ['ar', 'en'], defaultLanguage: 'ar' } });
    stubServer({ status: 200, body: tenantConfigResponse(config) });

    renderApp();

    await screen.findByRole('heading', { level: 1, name: 'متتبع المعايير' });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
  });

  it('writes region and script codes as BCP 47 in the lang attribute, left to right', async () => {
    const config = buildTenantConfig({ ui: { languages: ['zh_Hans'], defaultLanguage: 'zh_Hans' } });
    stubServer({ status: 200, body: tenantConfigResponse(config) });

    renderApp();

    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'zh-Hans'));
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });
});
