import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TenantConfig } from '@trackwell/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureCookieWrites } from '../../testing/cookie-writes.ts';
import { renderApp, stubServer } from '../../testing/render-app.tsx';
import { seedSignedInSession } from '../../testing/signed-in.ts';
import { buildTenantConfig, tenantConfigResponse } from '../../testing/tenant-config.ts';

// The shell as a signed-in user sees it on `/` (the sign-in redirect has its own tests in app/routes).
beforeEach(() => seedSignedInSession());

function serveTenant(overrides: Parameters<typeof buildTenantConfig>[0] = {}) {
  const config = buildTenantConfig(overrides);
  stubServer({ status: 200, body: tenantConfigResponse(config) });
  return config;
}

/** A cookie the browser already has, as the store on a sibling host would have left it. */
function setCookie(cookie: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for an earlier visit.
  document.cookie = cookie;
}

afterEach(() => {
  Reflect.deleteProperty(document, 'cookie');
  setCookie('locale_Dev=; Max-Age=0; Path=/');
});

const multilingual: Partial<TenantConfig['ui']> = {
  languageSelector: { enabled: true },
  languages: ['en', 'ar', 'de'],
};

describe('header (spec §2 Header)', () => {
  it('has the logo linking to the root, named once, and the contact link opening in a new tab', async () => {
    const config = serveTenant();
    renderApp();

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Acme Standards' })).toHaveAttribute('href', '/');
    expect(within(banner).queryByText('Acme Standards')).not.toBeInTheDocument(); // not repeated as text
    const contact = within(banner).getByRole('link', { name: 'Contact us (opens in a new tab)' });
    expect(contact).toHaveAttribute('href', config.ui.contactUrl);
    expect(contact).toHaveAttribute('target', '_blank');
    expect(contact).toHaveAttribute('rel', 'noopener noreferrer');
    // No signed-in user yet, so no user menu.
    expect(within(banner).queryByRole('button', { name: /./ })).not.toBeInTheDocument();
  });

  it('offers the tenant languages, each in its own name, when the tenant allows a choice', async () => {
    serveTenant({ ui: multilingual });
    renderApp();

    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'العربية', 'Deutsch']);
    expect(select).toHaveValue('en');
  });

  it.each<[string, Partial<TenantConfig['ui']>]>([
    ['the tenant turns it off', { ...multilingual, languageSelector: { enabled: false } }],
    ['there is one language', { languageSelector: { enabled: true }, languages: ['en'] }],
    [
      'translation is off (pacific: no selector, English only)',
      { languageSelector: { enabled: false }, languages: ['en'] },
    ],
  ])('has no language selector when %s', async (_, ui) => {
    serveTenant({ ui });
    renderApp();
    await screen.findByRole('banner');
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
  });
});

describe('languages (spec §4 "Language", §9)', () => {
  it('choosing a language switches the page, mirrors it for Arabic and saves the locale cookie', async () => {
    serveTenant({ ui: multilingual });
    const writes = captureCookieWrites();
    renderApp();

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'ar');

    expect(await screen.findByRole('heading', { level: 1, name: 'متتبع المعايير' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('combobox', { name: 'اللغة' })).toHaveValue('ar');
    // jsdom's host is localhost: a host-only cookie (no Domain attribute).
    await waitFor(() =>
      expect(writes).toEqual(['locale_Dev=ar; Max-Age=2592000; Path=/; SameSite=None; Secure']),
    );
  });

  it('opens in the language of the cookie when the tenant offers it', async () => {
    setCookie('locale_Dev=de; Path=/');
    serveTenant({ ui: multilingual });
    renderApp();

    expect(await screen.findByRole('heading', { level: 1, name: 'Normen-Tracker' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  });

  it('ignores a cookie language the tenant does not offer, and opens in the tenant default', async () => {
    setCookie('locale_Dev=ja; Path=/');
    serveTenant({ ui: { ...multilingual, defaultLanguage: 'de' } });
    renderApp();

    expect(await screen.findByRole('heading', { level: 1, name: 'Normen-Tracker' })).toBeInTheDocument();
  });

  it('forces English when translation is off, whatever the cookie says', async () => {
    setCookie('locale_Dev=ar; Path=/');
    serveTenant({ ui: { languageSelector: { enabled: false }, languages: ['en'] } });
    renderApp();

    expect(await screen.findByRole('heading', { level: 1, name: 'Standards tracker' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });
});

describe('sidebar (spec §1, §6)', () => {
  it('shows the compass and public-site links where the tenant has it', async () => {
    const config = serveTenant({ ui: { sidebar: { enabled: true } } });
    renderApp();

    const sidebar = await screen.findByRole('navigation', { name: 'Related services' });
    expect(
      within(sidebar).getByRole('link', { name: 'Compass service (opens in a new tab)' }),
    ).toHaveAttribute('href', config['compass-uri']);
    expect(
      within(sidebar).getByRole('link', { name: 'Public website (opens in a new tab)' }),
    ).toHaveAttribute('href', config['public-uri']);
    expect(screen.getByRole('main')).not.toContainElement(sidebar);
  });

  it('is absent otherwise', async () => {
    serveTenant({ ui: { sidebar: { enabled: false } } });
    renderApp();
    await screen.findByRole('banner');
    expect(screen.queryByRole('navigation', { name: 'Related services' })).not.toBeInTheDocument();
  });
});

describe('footer (spec §2 Footer "shown on the profile manage screens")', () => {
  it('shows on the account screens, below the content', async () => {
    serveTenant({ ui: { copyrightLine: { enabled: true } } });
    renderApp({ path: '/account' });

    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('Powered by:')).toBeInTheDocument();
    expect(
      within(footer).getByText(/^© \d{4} \u20681 Test Street\u2069\. All rights reserved\.$/),
    ).toBeInTheDocument();
  });

  it('is not on the tracker page', async () => {
    serveTenant();
    renderApp({ path: '/' });

    await screen.findByRole('heading', { level: 1, name: 'Standards tracker' });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});
