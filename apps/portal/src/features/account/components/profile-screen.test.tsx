import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MYACCOUNT_SCOPES } from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { captureCookieWrites } from '../../../testing/cookie-writes.ts';
import { buildTenantConfig } from '../../../testing/tenant-config.ts';
import {
  buildFakeState,
  buildOktaAuth,
  stubMyAccount,
  validationFailure,
} from '../testing/fake-myaccount.ts';
import { dismissToasts, renderAccount } from '../testing/render-account.tsx';

afterEach(dismissToasts);

// Journeys of several round trips: jsdom on a shared 2-core machine needs more than the default 5 s.
describe('Profile (spec §7 GET/PUT /idp/myaccount/profile, GET /profile/schema)', { timeout: 20_000 }, () => {
  it('builds the form from the schema: READ_ONLY attributes shown as text, READ_WRITE ones as fields', async () => {
    stubMyAccount();
    renderAccount();
    expect(await screen.findByRole('heading', { level: 2, name: 'Profile' })).toBeInTheDocument();
    const firstName = await screen.findByRole('textbox', { name: /First name/ });
    expect(firstName).toHaveValue('Mary');
    expect(screen.getByRole('textbox', { name: /Last name/ })).toHaveValue('Somerville');
    // A tenant's own attribute keeps the schema's title.
    expect(screen.getByRole('textbox', { name: 'Organisation' })).toHaveValue('');
    // Read-only: no field to edit, the value is shown.
    expect(screen.queryByRole('textbox', { name: /Username/ })).not.toBeInTheDocument();
    expect(screen.getByText('Username').closest('div')).toHaveTextContent('mary@acme.example');
    expect(screen.getByText('Primary e-mail address')).toBeInTheDocument();
    expect(screen.getByText(/cannot be changed here/)).toBeInTheDocument();
    expect(document.title).toBe('Profile · Acme Standards');
  });

  it('asks the identity provider once, silently, for a token with the MyAccount scopes and sends it', async () => {
    const { calls } = stubMyAccount();
    const { oktaAuth, getWithoutPrompt } = buildOktaAuth('at-myaccount');
    renderAccount({ oktaAuth });
    await screen.findByRole('textbox', { name: /First name/ });
    expect(getWithoutPrompt).toHaveBeenCalledTimes(1);
    const scopes = getWithoutPrompt.mock.calls[0]?.[0]?.scopes ?? [];
    expect(scopes).toEqual(expect.arrayContaining(['openid', 'profile', 'email', ...MYACCOUNT_SCOPES]));
    const myaccount = calls.filter((c) => c.path.startsWith('/idp/myaccount'));
    expect(myaccount.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'GET /idp/myaccount/profile',
      'GET /idp/myaccount/profile/schema',
    ]);
    for (const call of myaccount) expect(call.authorization).toBe('Bearer at-myaccount');
    // The sign-in's own tokens are left alone.
    expect(oktaAuth.tokenManager.getTokensSync().accessToken).toBeUndefined();
  });

  it('validates before saving: a blank required field and a too long value are said next to the field', async () => {
    const { calls } = stubMyAccount();
    const user = userEvent.setup();
    renderAccount();
    const firstName = await screen.findByRole('textbox', { name: /First name/ });
    await user.clear(firstName);
    await user.type(screen.getByRole('textbox', { name: 'Organisation' }), 'x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(firstName).toHaveAccessibleDescription('First name is required.');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Organisation' })).toHaveAccessibleDescription(
      'Organisation can be at most 100 characters long.',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the full profile, says so in a success toast, and shows the saved values', async () => {
    const { calls, state } = stubMyAccount();
    const user = userEvent.setup();
    renderAccount();
    const firstName = await screen.findByRole('textbox', { name: /First name/ });
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
    await user.clear(firstName);
    await user.type(firstName, 'Mary F.');
    await user.type(screen.getByRole('textbox', { name: 'Organisation' }), 'Royal Society');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      profile: {
        login: 'mary@acme.example',
        email: 'mary@acme.example',
        firstName: 'Mary F.',
        lastName: 'Somerville',
        locale: null,
        organization: 'Royal Society',
      },
    });
    expect(state.profile.firstName).toBe('Mary F.');
    expect(firstName).toHaveValue('Mary F.');
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
  });

  it("shows the identity provider's refusal in an error toast", async () => {
    const state = buildFakeState();
    state.failures.set(
      'PUT /idp/myaccount/profile',
      validationFailure('lastName: must be text of at most 50 characters'),
    );
    stubMyAccount(state);
    const user = userEvent.setup();
    renderAccount();
    await user.type(await screen.findByRole('textbox', { name: /Last name/ }), '!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const toast = await screen.findByText('lastName: must be text of at most 50 characters');
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
  });

  it('says when the account cannot be loaded, and loads it again on "Try again"', async () => {
    const state = buildFakeState();
    state.failures.set('GET /idp/myaccount/profile', {
      status: 500,
      body: { errorCode: 'E0000009', errorSummary: 'Internal Server Error' },
    });
    stubMyAccount(state);
    const user = userEvent.setup();
    renderAccount();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong. Try again.');
    state.failures.clear();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Mary'));
  });

  it("the language is a choice of the store's languages in their own names, never free text; saving it switches the page", async () => {
    const { calls, state } = stubMyAccount();
    const user = userEvent.setup();
    const tenant = buildTenantConfig({
      ui: { languageSelector: { enabled: true }, languages: ['en', 'es', 'ar'] },
    });
    const writes = captureCookieWrites();
    const { i18n } = renderAccount({ tenant });
    const language = await screen.findByRole('combobox', { name: 'Language' });
    expect(screen.queryByRole('textbox', { name: 'Language' })).not.toBeInTheDocument();
    expect(
      within(language)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not set', 'English', 'Español', 'العربية']);
    expect(language).toHaveValue('');
    await user.selectOptions(language, 'Español');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Tu perfil se ha guardado.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ profile: { locale: 'es' } });
    expect(state.profile.locale).toBe('es');
    await waitFor(() => expect(i18n.language).toBe('es'));
    expect(writes).toEqual(['locale_Dev=es; Max-Age=2592000; Path=/; SameSite=None; Secure']);
    // Once set, "Not set" is no longer offered.
    await waitFor(() =>
      expect(
        within(screen.getByRole('combobox', { name: 'Idioma' })).queryByRole('option', { name: 'Not set' }),
      ).toBeNull(),
    );
    Reflect.deleteProperty(document, 'cookie');
  });

  it('an old free-text locale reads as "Not set" and is sent back untouched when other fields are saved', async () => {
    const { calls } = stubMyAccount(
      buildFakeState({
        profile: {
          login: 'mary@acme.example',
          email: 'mary@acme.example',
          firstName: 'Mary',
          lastName: 'Somerville',
          locale: 'English (UK)',
          organization: null,
        },
      }),
    );
    const user = userEvent.setup();
    renderAccount({ tenant: buildTenantConfig({ ui: { languages: ['en', 'ar'] } }) });
    const language = await screen.findByRole('combobox', { name: 'Language' });
    expect(language).toHaveDisplayValue('Not set');
    await user.type(screen.getByRole('textbox', { name: 'Organisation' }), 'Royal Society');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      profile: { locale: 'English (UK)', organization: 'Royal Society' },
    });
  });
});
