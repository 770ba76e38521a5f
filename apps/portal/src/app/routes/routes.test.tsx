import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_INFO_PATH } from '@trackwell/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeFromUri, oktaAuthFor } from '../../features/auth/okta.ts';
import { leavePage } from '../../lib/leave-page.ts';
import type { ExtraRoutes } from '../../testing/extra-routes.ts';
import { renderApp, stubServer } from '../../testing/render-app.tsx';
import { seedSignedInSession, signedInRoutes, TEST_USER } from '../../testing/signed-in.ts';
import { buildTenantConfig, tenantConfigResponse } from '../../testing/tenant-config.ts';

vi.mock('../../lib/leave-page.ts', () => ({ leavePage: vi.fn() }));

function serveTenant(overrides: Parameters<typeof buildTenantConfig>[0] = {}, extra?: ExtraRoutes) {
  const config = buildTenantConfig(overrides);
  return { config, fetchMock: stubServer({ status: 200, body: tenantConfigResponse(config) }, extra) };
}

/** The identity provider's answer to `GET /api/v1/sessions/me`: a session, or none (404). */
function idpSession(active: boolean): ExtraRoutes {
  return (url) =>
    url.pathname === '/api/v1/sessions/me'
      ? active
        ? { status: 200, body: { id: 'sess-1', status: 'ACTIVE', login: TEST_USER.login, userId: 'u1' } }
        : {
            status: 404,
            body: { errorCode: 'E0000007', errorSummary: 'Not found: Resource not found: me (Session)' },
          }
      : undefined;
}

beforeEach(() => {
  vi.mocked(leavePage).mockClear();
});

describe('/ for a visitor who is not signed in (spec §4 "Auth flow", §6)', () => {
  it('without a session at the identity provider, goes to the tenant login page with the URL base64-encoded and newApproach', async () => {
    const { fetchMock } = serveTenant({ 'login-page-url': '/signin' }, idpSession(false));

    renderApp({ path: '/?track=A1' });

    await waitFor(() => expect(leavePage).toHaveBeenCalledOnce());
    const target = new URL(vi.mocked(leavePage).mock.calls[0]![0]);
    expect(target.pathname).toBe('/signin');
    expect(target.searchParams.get('newApproach')).toBe('true');
    expect(decodeFromUri(target.searchParams.get('fromURI')!)).toBe(window.location.href);
    // The app mask covers the page; no signed-in call was made.
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to the sign-in page…');
    const calls = fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(calls.some((url) => url.includes(USER_INFO_PATH))).toBe(false);
    expect(calls.some((url) => url.includes('get-aws-appconfig'))).toBe(false);
  });

  it('with an ACTIVE session, does a silent sign-in redirect to the authorize endpoint', async () => {
    const { config } = serveTenant({}, idpSession(true));
    const signIn = vi.spyOn(oktaAuthFor(config), 'signInWithRedirect').mockResolvedValue();

    renderApp({ path: '/' });

    await waitFor(() => expect(signIn).toHaveBeenCalledWith({ originalUri: '/' }));
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('with a session token in the URL hash, signs in silently with it', async () => {
    const { config } = serveTenant({}, idpSession(false));
    const signIn = vi.spyOn(oktaAuthFor(config), 'signInWithRedirect').mockResolvedValue();
    window.history.replaceState(null, '', '/#sessionToken=20111abcDEF-session_token');

    renderApp({ path: '/' });

    await waitFor(() =>
      expect(signIn).toHaveBeenCalledWith({ sessionToken: '20111abcDEF-session_token', originalUri: '/' }),
    );
    expect(leavePage).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
  });
});

describe('/ for a signed-in user', () => {
  it('shows the tracker after the user info has loaded, and the user menu with last name then first name', async () => {
    seedSignedInSession();
    serveTenant({
      trackerSetting: {
        header: { page_paragraph_info: 'First paragraph.\n\n\nSecond paragraph,\nstill second.' },
      },
    });

    renderApp({ path: '/' });

    const intro = await screen.findByRole('region', { name: 'Standards tracker' });
    expect(
      within(intro)
        .getAllByText(/paragraph/)
        .map((p) => p.textContent),
    ).toEqual(['First paragraph.', 'Second paragraph,\nstill second.']);
    expect(screen.getByRole('main')).toContainElement(intro);
    expect(screen.getByRole('button', { name: 'Lovelace Ada' })).toHaveAttribute('aria-haspopup', 'menu');
  });

  it('sends the bearer token with the user-info call', async () => {
    seedSignedInSession();
    const seen: string[] = [];
    const { fetchMock } = serveTenant({}, (url) => {
      if (url.pathname === USER_INFO_PATH) seen.push(url.pathname);
      return undefined;
    });

    renderApp({ path: '/' });

    await screen.findByRole('button', { name: 'Lovelace Ada' });
    const call = fetchMock.mock.calls.find(([input]) =>
      String(input instanceof Request ? input.url : input).includes(USER_INFO_PATH),
    );
    const request = call![0] as Request;
    expect(request.headers.get('authorization')).toBe('Bearer test-access-token');
  });

  it('signs a "subscriber company" user out, back to the site root, without showing the tracker', async () => {
    seedSignedInSession();
    const { config } = serveTenant(
      {},
      signedInRoutes({ user: { ...TEST_USER, userType: 'subscriber company' } }),
    );
    const signOut = vi.spyOn(oktaAuthFor(config), 'signOut').mockResolvedValue(true);

    renderApp({ path: '/' });

    await waitFor(() =>
      expect(signOut).toHaveBeenCalledWith({ postLogoutRedirectUri: `${window.location.origin}/` }),
    );
    expect(screen.queryByRole('region', { name: 'Standards tracker' })).not.toBeInTheDocument();
    // The sign-in page it ends on says why (sign-in-flow.test.tsx shows the notice).
    expect(window.sessionStorage.getItem('trackwell-signed-out-reason')).toBe('subscriberCompany');
    window.sessionStorage.removeItem('trackwell-signed-out-reason');
  });

  it('keeps a "subscriber company" user who belongs to an organisation signed in', async () => {
    seedSignedInSession();
    const { config } = serveTenant(
      {},
      signedInRoutes({ user: { ...TEST_USER, userType: 'subscriber company', organisationMember: true } }),
    );
    const signOut = vi.spyOn(oktaAuthFor(config), 'signOut').mockResolvedValue(true);

    renderApp({ path: '/' });

    expect(await screen.findByRole('region', { name: 'Standards tracker' })).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('the user menu signs out to the site root, and links to the account area', async () => {
    seedSignedInSession();
    const { config } = serveTenant();
    const signOut = vi.spyOn(oktaAuthFor(config), 'signOut').mockResolvedValue(true);

    const { router } = renderApp({ path: '/' });

    await userEvent.click(await screen.findByRole('button', { name: 'Lovelace Ada' }));
    expect(screen.getByRole('menuitem', { name: 'My account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('menuitem', { name: 'Organisations' })).toHaveAttribute('href', '/organisations');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledWith({ postLogoutRedirectUri: `${window.location.origin}/` });
    expect(router.state.location.pathname).toBe('/');
  });

  it('with the translation flag off, forces English', async () => {
    seedSignedInSession();
    serveTenant(
      { ui: { languages: ['de', 'en'], defaultLanguage: 'de', languageSelector: { enabled: true } } },
      signedInRoutes({ flags: { enable_translation: false } }),
    );

    renderApp({ path: '/' });

    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'en'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Standards tracker' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
  });
});

describe('/implicit/callback (spec §2)', () => {
  it('shows that sign-in is being completed', async () => {
    const { config } = serveTenant();
    vi.spyOn(oktaAuthFor(config), 'isLoginRedirect').mockReturnValue(true);
    vi.spyOn(oktaAuthFor(config), 'handleLoginRedirect').mockReturnValue(new Promise(() => {}));

    renderApp({ path: '/implicit/callback' });

    expect(await screen.findByText('Completing sign-in…')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Acme Standards' })).toBeInTheDocument();
  });

  it("shows a failure as 'name: message', with a way to sign in again", async () => {
    const { config } = serveTenant();
    const failure = Object.assign(new Error('PKCE verification failed'), { name: 'OAuthError' });
    vi.spyOn(oktaAuthFor(config), 'isLoginRedirect').mockReturnValue(true);
    vi.spyOn(oktaAuthFor(config), 'handleLoginRedirect').mockRejectedValue(failure);

    renderApp({ path: '/implicit/callback' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('OAuthError: PKCE verification failed');
    expect(within(alert).getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/');
  });
});

describe('/implicit/callback with nothing to finish', () => {
  it('goes on to the tracker, which decides what comes next', async () => {
    serveTenant({}, idpSession(false));

    const { router } = renderApp({ path: '/implicit/callback' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(leavePage).toHaveBeenCalledOnce());
  });
});

describe('other routes', () => {
  it('any other route shows a not-found screen inside the shell, with a way home', async () => {
    serveTenant();

    renderApp({ path: '/no/such/page' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found – Acme Standards'));
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');
  });

  it('the not-found screen is translated', async () => {
    serveTenant({ ui: { languages: ['de'], defaultLanguage: 'de' } });

    renderApp({ path: '/nirgendwo' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
  });

  it('the skip link leads to the main content', async () => {
    serveTenant();

    renderApp({ path: '/no/such/page' });

    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});
