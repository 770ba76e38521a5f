import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSOLE_IDENTITY_KEYS_PATH, CONSOLE_PATHS, type ConsoleStoreDefinition } from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTenantConfig } from '../../../testing/tenant-config.ts';
import { fakeConsoleApi } from '../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../testing/render-console.tsx';

afterEach(dismissToasts);

const STORES = [{ code: 'acme', name: 'Acme', canonicalHost: 'acme.localhost', hosts: ['acme.localhost'] }];
const definition = (): ConsoleStoreDefinition => ({
  code: 'acme',
  hosts: ['acme.localhost'],
  config: {
    ...buildTenantConfig({ tenantName: 'Acme', tenantCode: 'acme' } as never),
    'issuer-uri': '/oauth2/default',
  },
  theme: {
    colors: {
      primary: '#1d4ed8',
      primaryContrast: '#ffffff',
      secondary: '#1e3a8a',
      background: '#ffffff',
      surface: '#f8fafc',
      text: '#0f172a',
      mutedText: '#475569',
      link: '#1d4ed8',
      headerBackground: '#1d4ed8',
      headerText: '#ffffff',
      footerBackground: '#0f172a',
      footerText: '#e2e8f0',
    },
    font: 'system',
    headingFont: 'system',
    radius: 6,
  },
  featureFlags: {
    enable_resolver_DP_for_content: { enabled: false },
    track_by_publishers: { enabled: false },
    enable_translation: { enabled: true },
    user_webhooks: { enabled: true },
  },
  logoSvg: '<svg/>',
  updatedAt: '2026-11-25T00:00:00.000Z',
});

function storeApi() {
  let stored = definition();
  return fakeConsoleApi()
    .on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }))
    .on('GET', CONSOLE_PATHS.store, () => ({ status: 200, body: stored }))
    .on('GET', CONSOLE_IDENTITY_KEYS_PATH, () => ({
      status: 200,
      body: { keys: [], rotationDays: 90, publishAheadSeconds: 600, nextRotationAt: null },
    }))
    .on('PATCH', CONSOLE_PATHS.store, (call) => {
      const patch = call.body as { config?: { tenantName?: string } };
      stored = {
        ...stored,
        config: { ...stored.config, ...patch.config },
        updatedAt: new Date().toISOString(),
      };
      return { status: 200, body: stored };
    });
}

describe('Console stores', { timeout: 30_000 }, () => {
  it('an operator creates a store; a taken code is said beside the code', async () => {
    let taken = true;
    const api = storeApi().on('POST', CONSOLE_PATHS.stores, () =>
      taken
        ? { status: 409, body: { error: 'store_exists', message: 'A store with code acme already exists.' } }
        : { status: 201, body: definition() },
    );
    const user = userEvent.setup();
    renderConsole({ path: '/admin/stores' });
    await user.click(await screen.findByRole('button', { name: 'Create a store' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'acme');
    await user.type(screen.getByLabelText('Store name'), 'Acme');
    await user.type(screen.getByLabelText('Canonical host'), 'acme.localhost');
    await user.click(screen.getByRole('button', { name: 'Create the store' }));
    expect(
      await screen.findByText('A store with this code or one of these hosts already exists.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true');
    taken = false;
    await user.click(screen.getByRole('button', { name: 'Create the store' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Settings' })).toBeInTheDocument();
    expect(api.callsTo('POST', CONSOLE_PATHS.stores).at(-1)?.body).toEqual({
      code: 'acme',
      name: 'Acme',
      hosts: ['acme.localhost'],
    });
  });

  it('settings send only what changed; the server refusing a field is said beside it', async () => {
    const api = storeApi();
    let refuse = true;
    api.on('PATCH', CONSOLE_PATHS.store, () =>
      refuse
        ? {
            status: 400,
            body: {
              message: 'The store definition is not valid: nothing was saved.',
              issues: [{ path: 'body.config.ui.contactUrl', message: 'must be an http(s) URL' }],
            },
          }
        : { status: 200, body: { ...definition(), updatedAt: 'later' } },
    );
    const user = userEvent.setup();
    renderConsole({ path: '/admin/stores/acme/settings' });
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    const contact = screen.getByLabelText('Contact page URL');
    await user.clear(contact);
    await user.type(contact, 'javascript:x');
    await user.click(save);
    expect(await screen.findByText('must be an http(s) URL')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/console/v1/stores/acme')[0]?.body).toEqual({
      config: { ui: { contactUrl: 'javascript:x' } },
    });
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    refuse = false;
  });

  it("the users' webhooks switch: on with what it means, and turning it off sends only that flag", async () => {
    const api = storeApi();
    const user = userEvent.setup();
    renderConsole({ path: '/admin/stores/acme/settings' });
    const toggle = await screen.findByRole('switch', { name: 'Users may register their own webhooks' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      "Account › Webhooks: each change a user tracks is POSTed to their endpoints. The store's own webhooks are not affected.",
    );
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/console/v1/stores/acme')[0]?.body).toEqual({
        featureFlags: { user_webhooks: { enabled: false } },
      }),
    );
  });

  it('leaving with unsaved changes asks first: No stays with them, Yes leaves; nothing to save leaves at once', async () => {
    storeApi();
    const user = userEvent.setup();
    const { router } = renderConsole({ path: '/admin/stores/acme/settings' });
    const name = await screen.findByLabelText('Store name');
    await user.clear(name);
    await user.type(name, 'Acme renamed');
    const nav = screen.getByRole('navigation', { name: /Sections of/ });
    await user.click(within(nav).getByRole('link', { name: 'Look' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/stores/acme/settings');
    expect(screen.getByLabelText('Store name')).toHaveValue('Acme renamed');
    await user.click(within(nav).getByRole('link', { name: 'Look' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Look' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/stores/acme/theme');
    // Nothing changed on Look: Settings opens without a question.
    await user.click(
      within(screen.getByRole('navigation', { name: /Sections of/ })).getByRole('link', { name: 'Settings' }),
    );
    expect(await screen.findByLabelText('Store name')).toHaveValue('Acme');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('test connection shows the endpoints, or why it failed', async () => {
    let ok = true;
    storeApi().on('POST', '/api/console/v1/stores/:code/identity/test', () =>
      ok
        ? {
            status: 200,
            body: {
              ok: true,
              issuer: 'https://x.okta.com',
              authorizationEndpoint: 'https://x.okta.com/authorize',
              tokenEndpoint: 'https://x.okta.com/token',
              jwksUri: 'https://x.okta.com/keys',
            },
          }
        : { status: 200, body: { ok: false, reason: 'no discovery document' } },
    );
    const user = userEvent.setup();
    renderConsole({ path: '/admin/stores/acme/settings' });
    await user.click(await screen.findByLabelText('An external Okta organisation'));
    await user.type(screen.getByLabelText('Issuer URL'), 'https://x.okta.com');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('https://x.okta.com/token')).toBeInTheDocument();
    ok = false;
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('The connection test failed: no discovery document')).toBeInTheDocument();
  });

  it('the theme preview follows the inputs; a refused logo is said beside the file input', async () => {
    storeApi().on('PUT', '/api/console/v1/stores/:code/logo', () => ({
      status: 415,
      body: { message: 'no' },
    }));
    const user = userEvent.setup();
    renderConsole({ path: '/admin/stores/acme/theme' });
    const primary = await screen.findByLabelText(/^Primary/);
    fireEvent.input(primary, { target: { value: '#7a1f5c' } });
    const preview = screen.getByTestId('theme-preview');
    expect(preview.style.getPropertyValue('--tw-primary')).toBe('#7a1f5c');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    const file = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    await user.upload(screen.getByLabelText('Upload a logo'), file);
    expect(
      await screen.findByText('This file type is not accepted: choose an SVG, PNG or JPEG file.'),
    ).toBeInTheDocument();
    expect(within(preview).getAllByText('Track')).toHaveLength(2);
  });

  it('says the limits of the contract, and refuses a file over the limit of its type before sending it', async () => {
    const api = storeApi();
    const user = userEvent.setup();
    renderConsole({ path: '/admin/stores/acme/theme' });
    const input = await screen.findByLabelText('Upload a logo');
    expect(input).toHaveAccessibleDescription(
      'SVG (at most 195 kB), PNG or JPEG (at most 144 kB). SVG files with scripts are refused.',
    );
    const big = new File([new Uint8Array(145 * 1024)], 'logo.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(
      await screen.findByText('This file is too large: at most 144 kB for this type.'),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
