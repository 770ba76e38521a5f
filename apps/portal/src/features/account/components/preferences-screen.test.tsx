import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { captureCookieWrites } from '../../../testing/cookie-writes.ts';
import { buildTenantConfig } from '../../../testing/tenant-config.ts';
import { buildFakeState, stubMyAccount, validationFailure } from '../testing/fake-myaccount.ts';
import { dismissToasts, renderAccount, USER_ID } from '../testing/render-account.tsx';

afterEach(() => {
  dismissToasts();
  Reflect.deleteProperty(document, 'cookie');
});

const tracking = (committees: string[], workItem: 'true' | 'false') => [
  { applicationCode: 'TRACKER', trackingType: 'COMMITTEE', data: { committees } },
  { applicationCode: 'TRACKER', trackingType: 'INDUSTRYAREA', data: { industryAreas: [] } },
  { applicationCode: 'TRACKER', trackingType: 'PUBLISHERS', data: { publishers: [] } },
  { applicationCode: 'TRACKER', trackingType: 'WORKITEM', data: { workItems: [workItem] } },
];

// Journeys of several round trips: jsdom on a shared 2-core machine needs more than the default 5 s.
describe('Preferences (spec §1 language choice, §4 unsubscribe)', { timeout: 20_000 }, () => {
  it('shows what the tracking e-mails cover, and links to the unsubscribe on the tracker page', async () => {
    const { calls } = stubMyAccount(buildFakeState({ sourceTrackings: tracking(['D20', 'D18'], 'true') }));
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    expect(await screen.findByText('Subscribed')).toBeInTheDocument();
    expect(screen.getByText('Committees tracked').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Work items tracked').nextSibling).toHaveTextContent('On');
    const source = calls.find((c) => c.path.includes('get-user-content-source-tracking-data'));
    expect(source?.authorization).toBe('Bearer portal-token');
    expect(calls.find((c) => c.path.includes('source-tracking'))).toBeDefined();
    expect(
      fetchUrl(calls, 'get-user-content-source-tracking-data')?.searchParams.get('userId') ?? USER_ID,
    ).toBe(USER_ID);
    await user.click(screen.getByRole('link', { name: /unsubscribe from all tracking e-mails/ }));
    expect(await screen.findByText('Tracker page')).toBeInTheDocument();
  });

  it('says "Subscribed" for a user who tracks standards only (no committee, area or publisher)', async () => {
    const state = buildFakeState({ sourceTrackings: tracking([], 'false') });
    state.trackingEmails = { unsubscribed: false, standards: 3, sources: 0 };
    const { calls } = stubMyAccount(state);
    renderAccount({ path: '/account/preferences' });
    expect(await screen.findByText('Subscribed')).toBeInTheDocument();
    expect(screen.getByText('You receive e-mails when what you track changes.')).toBeInTheDocument();
    expect(screen.queryByText('Unsubscribed')).not.toBeInTheDocument();
    expect(screen.getByText('Standards tracked').nextSibling).toHaveTextContent('3');
    expect(fetchUrl(calls, 'tracking-emails')?.pathname).toBe('/api/tracker/v1/tracking-emails');
  });

  it('says "Unsubscribed" only after an unsubscribe, though standards stay tracked', async () => {
    const state = buildFakeState({ sourceTrackings: tracking([], 'false') });
    state.trackingEmails = { unsubscribed: true, standards: 2, sources: 0 };
    stubMyAccount(state);
    renderAccount({ path: '/account/preferences' });
    expect(await screen.findByText('Unsubscribed')).toBeInTheDocument();
    expect(
      screen.getByText(/you receive no tracking e-mails until you track something again/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose what to track on the tracker page' })).toHaveAttribute(
      'href',
      '/#unsubscribe',
    );
  });

  it('says "Nothing tracked", not "Unsubscribed", when nothing is tracked', async () => {
    stubMyAccount(buildFakeState({ sourceTrackings: tracking([], 'false') }));
    renderAccount({ path: '/account/preferences' });
    expect(await screen.findByText('Nothing tracked')).toBeInTheDocument();
    expect(screen.queryByText('Unsubscribed')).not.toBeInTheDocument();
  });

  it('follows a language chosen in the header meanwhile', async () => {
    stubMyAccount();
    const tenant = buildTenantConfig({
      ui: { languageSelector: { enabled: true }, languages: ['en', 'ar', 'fr_CA'] },
    });
    const { i18n } = renderAccount({ path: '/account/preferences', tenant });
    expect(await screen.findByRole('combobox', { name: 'Language of this store' })).toHaveValue('en');
    await act(() => i18n.changeLanguage('fr_CA'));
    expect(await screen.findByRole('combobox', { name: 'Langue de cette boutique' })).toHaveValue('fr_CA');
  });

  it('saves the language like the header selector: the locale cookie, the page language and the profile', async () => {
    const { calls, state } = stubMyAccount();
    const user = userEvent.setup();
    const tenant = buildTenantConfig({
      ui: { languageSelector: { enabled: true }, languages: ['en', 'ar', 'fr_CA'] },
    });
    const writes = captureCookieWrites();
    const { i18n } = renderAccount({ path: '/account/preferences', tenant });
    const select = await screen.findByRole('combobox', { name: 'Language of this store' });
    expect(screen.getByRole('button', { name: 'Save language' })).toBeDisabled();
    await user.selectOptions(select, 'fr_CA');
    await user.click(screen.getByRole('button', { name: 'Save language' }));
    await waitFor(() => expect(i18n.language).toBe('fr_CA'), { timeout: 5000 });
    // Said once the page, its cookie and the profile all have the language (the cookie waits for the
    // Public Suffix List's chunk, slower than the page's switch on a busy machine).
    expect(await screen.findByText('Votre langue a été enregistrée.')).toBeInTheDocument();
    // The spec's locale code (fr_CA → cf), host-only on localhost, as the header's selector writes it.
    expect(writes).toEqual(['locale_Dev=cf; Max-Age=2592000; Path=/; SameSite=None; Secure']);
    expect(document.documentElement.lang).toBe('fr-CA');
    // One preference: the profile's language (which e-mails follow) is the chosen one, the rest unchanged.
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/idp/myaccount/profile');
    expect(put?.body).toEqual({
      profile: {
        login: 'mary@acme.example',
        email: 'mary@acme.example',
        firstName: 'Mary',
        lastName: 'Somerville',
        locale: 'fr_CA',
        organization: null,
      },
    });
    expect(state.profile.locale).toBe('fr_CA');
  });

  it('says in an error toast when the profile refuses the language, and not that it was saved', async () => {
    const state = buildFakeState();
    state.failures.set(
      'PUT /idp/myaccount/profile',
      validationFailure("locale: must be one of the store's languages (en, ar)"),
    );
    stubMyAccount(state);
    const user = userEvent.setup();
    const tenant = buildTenantConfig({
      ui: { languageSelector: { enabled: true }, languages: ['en', 'ar'] },
    });
    const writes = captureCookieWrites();
    const { i18n } = renderAccount({ path: '/account/preferences', tenant });
    const select = await screen.findByRole('combobox', { name: 'Language of this store' });
    expect(select).toHaveAccessibleDescription(
      'Pages and e-mails, sign-in e-mails included, are in this language on every device you sign in on.',
    );
    await user.selectOptions(select, 'ar');
    await user.click(screen.getByRole('button', { name: 'Save language' }));
    const toast = await screen.findByText("locale: must be one of the store's languages (en, ar)");
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
    // Nothing changed: the page is still English, no cookie was written, and the person can try again.
    expect(writes).toEqual([]);
    expect(i18n.language).toBe('en');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save language' })).toBeEnabled());
  });

  it('without a choice, says which language the store is shown in', async () => {
    stubMyAccount();
    renderAccount({ path: '/account/preferences' });
    expect(await screen.findByText(/This store is shown in/)).toHaveTextContent(
      'This store is shown in: English',
    );
    expect(screen.queryByRole('combobox', { name: 'Language of this store' })).not.toBeInTheDocument();
  });
});

function fetchUrl(calls: { path: string }[], part: string): URL | undefined {
  const call = calls.find((c) => c.path.includes(part));
  return call ? new URL(call.path, 'http://localhost:3000') : undefined;
}
