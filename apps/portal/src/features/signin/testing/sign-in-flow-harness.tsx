import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { renderWithI18n } from '../../../testing/render-with-i18n.tsx';
import { buildTenantConfig } from '../../../testing/tenant-config.ts';
import { oktaAuthFor, resetOktaAuthInstances } from '../../auth/index.ts';
import { SignInFlow, type StartAction } from '../components/sign-in-flow.tsx';
import { ORIGIN, type Route, stubAuthnServer } from './authn-server.ts';

/**
 * The sign-in flow's component tests (components/sign-in-*.test.tsx): each authn state of the sign-in page,
 * rendered through the real okta-auth-js against a stubbed authn API. `freshSignInForEachTest()` forgets the SDK's
 * instances and stored transaction before each test.
 */

export const RETURN_URL = `${ORIGIN}/tracker?x=1`;
export const user = userEvent.setup();

export function setup(
  routes: Record<string, Route>,
  start?: StartAction,
  options: { registrationTermsUrl?: string } = {},
) {
  const server = stubAuthnServer(routes);
  const oktaAuth = oktaAuthFor(buildTenantConfig(), ORIGIN);
  const redirect = vi.spyOn(oktaAuth.session, 'setCookieAndRedirect').mockImplementation(() => {});
  renderWithI18n(
    <SignInFlow
      oktaAuth={oktaAuth}
      tenantName="Acme Standards"
      returnUrl={RETURN_URL}
      origin={ORIGIN}
      start={start}
      registrationTermsUrl={options.registrationTermsUrl}
    />,
  );
  return { ...server, oktaAuth, redirect };
}

export async function signInWithPassword(username = 'ada@example.test', password = 'Secret-pass-1') {
  await user.type(await screen.findByLabelText('E-mail address'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

export function freshSignInForEachTest() {
  beforeEach(() => {
    resetOktaAuthInstances();
    // biome-ignore lint/suspicious/noDocumentCookie: clears the SDK's stored stateToken between tests.
    document.cookie = 'oktaStateToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
