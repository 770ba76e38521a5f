import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONSOLE_IDENTITY_KEY_ROTATION_PATH,
  CONSOLE_IDENTITY_KEYS_PATH,
  CONSOLE_PATHS,
  type ConsoleIdentityKeys,
  type ConsoleStoreDefinition,
} from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { formatInstant } from '../../../lib/format-instant.ts';
import { buildTenantConfig } from '../../../testing/tenant-config.ts';
import { fakeConsoleApi } from '../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../testing/render-console.tsx';

afterEach(dismissToasts);

const STORES = [{ code: 'acme', name: 'Acme', canonicalHost: 'acme.localhost', hosts: ['acme.localhost'] }];
const PATH = '/admin/stores/acme/settings';
const ROTATION_URL = CONSOLE_IDENTITY_KEY_ROTATION_PATH.replace(':code', 'acme');
const at = (iso: string) => formatInstant(iso, 'en');

const definition = (issuer = '/oauth2/default'): ConsoleStoreDefinition => ({
  code: 'acme',
  hosts: ['acme.localhost'],
  config: { ...buildTenantConfig({ tenantName: 'Acme', tenantCode: 'acme' } as never), 'issuer-uri': issuer },
  theme: {
    colors: Object.fromEntries(
      [
        'primary',
        'primaryContrast',
        'secondary',
        'background',
        'surface',
        'text',
        'mutedText',
        'link',
        'headerBackground',
        'headerText',
        'footerBackground',
        'footerText',
      ].map((c) => [c, c === 'background' || c.endsWith('Text') ? '#ffffff' : '#0f172a']),
    ) as ConsoleStoreDefinition['theme']['colors'],
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

const CURRENT = {
  kid: 'kid-current',
  state: 'current' as const,
  publishedAt: '2026-09-01T08:00:00.000Z',
  signsFrom: '2026-09-01T08:00:00.000Z',
  retiresAt: null,
};
const keysAnswer = (over: Partial<ConsoleIdentityKeys> = {}): ConsoleIdentityKeys => ({
  keys: [CURRENT],
  rotationDays: 90,
  publishAheadSeconds: 600,
  nextRotationAt: '2026-11-30T08:00:00.000Z',
  ...over,
});

function keysApi(keys: ConsoleIdentityKeys, rotation: () => { status: number; body: unknown }) {
  return fakeConsoleApi()
    .on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }))
    .on('GET', CONSOLE_PATHS.store, () => ({ status: 200, body: definition() }))
    .on('GET', CONSOLE_IDENTITY_KEYS_PATH, () => ({ status: 200, body: keys }))
    .on('POST', CONSOLE_IDENTITY_KEY_ROTATION_PATH, rotation);
}

describe('the store’s signing keys in its settings', () => {
  it('a store administrator sees the current key and the schedule, and rotates from the keyboard', async () => {
    const NEXT = {
      kid: 'kid-next',
      state: 'next' as const,
      publishedAt: '2026-11-28T10:00:00.000Z',
      signsFrom: '2026-11-28T10:10:00.000Z',
      retiresAt: null,
    };
    const api = keysApi(keysAnswer(), () => ({
      status: 201,
      body: keysAnswer({ keys: [NEXT, CURRENT], nextRotationAt: null }),
    }));
    const user = userEvent.setup();
    renderConsole({ path: PATH, roles: ['store_admin'] });
    const panel = (await screen.findByRole('heading', { name: 'Signing keys' })).closest('section')!;
    const table = await within(panel).findByRole('table', {
      name: "The store's signing keys and their states",
    });
    // The portal's one table: a named, focusable scroll region; each key's row named by its id.
    expect(table.closest('section[tabindex="0"]')).toHaveAccessibleName(
      "The store's signing keys and their states",
    );
    expect(within(table).getByRole('rowheader', { name: /kid-current/ })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /kid-current/ });
    expect(within(row).getByText('Current: signs')).toBeInTheDocument();
    expect(within(row).getByText(`since ${at(CURRENT.signsFrom)}`)).toBeInTheDocument();
    expect(
      within(panel).getByText(
        `A new key is published automatically after 90 days of signing; the next on ${at('2026-11-30T08:00:00.000Z')}.`,
        { exact: false },
      ),
    ).toBeInTheDocument();

    const rotate = within(panel).getByRole('button', { name: 'Rotate signing key' });
    expect(rotate).toHaveAccessibleDescription(/nobody is signed out/);
    rotate.focus();
    await user.keyboard('{Enter}');
    expect(
      await within(panel).findByText(`A new key is published; it signs from ${at(NEXT.signsFrom)}.`),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', ROTATION_URL)).toHaveLength(1);
    const next = within(panel).getByRole('row', { name: /kid-next/ });
    expect(within(next).getByText('Next: published, not signing yet')).toBeInTheDocument();
    expect(within(next).getByText(`from ${at(NEXT.signsFrom)}`)).toBeInTheDocument();
    // One rotation at a time: the button waits until the next key signs.
    expect(within(panel).getByRole('button', { name: 'Rotate signing key' })).toBeDisabled();
    expect(within(panel).getByText('A rotation is under way.', { exact: false })).toBeInTheDocument();
  });

  it('shows a previous key until it retires, and says a refused rotation in words', async () => {
    const PREVIOUS = {
      kid: 'kid-old',
      state: 'previous' as const,
      publishedAt: '2026-06-01T08:00:00.000Z',
      signsFrom: null,
      retiresAt: '2026-09-01T10:05:00.000Z',
    };
    keysApi(keysAnswer({ keys: [CURRENT, PREVIOUS], rotationDays: 0, nextRotationAt: null }), () => ({
      status: 409,
      body: { error: 'rotation_under_way', message: 'A new key is already published and waits to sign.' },
    }));
    const user = userEvent.setup();
    renderConsole({ path: PATH, roles: ['platform_operator'] });
    const row = await screen.findByRole('row', { name: /kid-old/ });
    expect(within(row).getByText('Previous: verifies only')).toBeInTheDocument();
    expect(within(row).getByText('no longer signs')).toBeInTheDocument();
    expect(within(row).getByText(at(PREVIOUS.retiresAt))).toBeInTheDocument();
    expect(screen.getByText('Automatic rotation is off.', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rotate signing key' }));
    expect(
      await screen.findByText('A new key is already published and waits to sign.', { selector: '.alert' }),
    ).toBeInTheDocument();
  });

  it('a store signed in by an external Okta organisation has no signing keys here', async () => {
    const api = fakeConsoleApi()
      .on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }))
      .on('GET', CONSOLE_PATHS.store, () => ({
        status: 200,
        body: definition('https://example.okta.com/oauth2/default'),
      }));
    renderConsole({ path: PATH, roles: ['store_admin'] });
    expect(await screen.findByRole('button', { name: 'Test connection' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Signing keys' })).toBeNull();
    expect(api.calls.some((c) => c.path.endsWith('/identity-keys'))).toBe(false);
  });
});
