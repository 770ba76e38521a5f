import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiCalls, bodyOf, okta } from '../testing/authn-server.ts';
import {
  freshSignInForEachTest,
  RETURN_URL,
  setup,
  signInWithPassword,
  user,
} from '../testing/sign-in-flow-harness.tsx';

/** The sign-in page's first step, the notice of a portal sign-out, and resuming on reload. Playwright (e2e/tests/signin.spec.ts) drives the real server; these pin what each state shows and sends. */
freshSignInForEachTest();

describe('password step', () => {
  it('labels, autocomplete and focus: the heading takes the focus', async () => {
    setup({});
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    // The step moves the focus once it has rendered.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
  });

  it('an empty form is not sent: each field says what is missing, linked with aria-describedby', async () => {
    const { calls } = setup({});
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const username = screen.getByLabelText('E-mail address');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Enter your e-mail address.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(apiCalls(calls)).toEqual([]);
  });

  it('SUCCESS → setCookieAndRedirect with the session token and the return URL', async () => {
    const { redirect, calls } = setup({ 'POST /api/v1/authn': () => okta.success('tok-1') });
    await signInWithPassword();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('tok-1', RETURN_URL));
    expect(bodyOf(calls, 'POST /api/v1/authn')).toMatchObject({
      username: 'ada@example.test',
      password: 'Secret-pass-1',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Signed in. Taking you back…');
  });

  it('the submit button is disabled with a working label while the call runs', async () => {
    let release: () => void = () => {};
    setup({
      'POST /api/v1/authn': () =>
        new Promise((resolve) => {
          release = () => resolve(okta.error(401, 'E0000004', 'Authentication failed'));
        }),
    });
    await signInWithPassword();
    const busy = await screen.findByRole('button', { name: 'Signing in…' });
    expect(busy).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it.each([
    [
      'wrong password (E0000004)',
      okta.error(401, 'E0000004', 'Authentication failed'),
      'The e-mail address or password is not correct.',
    ],
    [
      'rate limiting (429 E0000047)',
      okta.error(429, 'E0000047', 'API call exceeded rate limit due to too many requests.'),
      'Too many attempts. Wait a minute, then try again.',
    ],
    [
      'a server failure (500)',
      okta.error(500, 'E0000009', 'Internal Server Error'),
      'The sign-in service had a problem. Please try again in a moment.',
    ],
    [
      'a network failure',
      'network-error' as const,
      'We cannot reach the sign-in service. Check your connection and try again.',
    ],
  ])('%s: a translated message, focused, never raw JSON', async (_name, answer, message) => {
    setup({ 'POST /api/v1/authn': () => answer });
    await signInWithPassword();
    const alert = await screen.findByText(message);
    expect(alert).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(document.body.textContent).not.toMatch(/errorCode|E0000|\{/);
    expect(screen.getByLabelText('Password')).toHaveAttribute(
      'aria-describedby',
      expect.stringContaining('signin-error'),
    );
  });
});

describe('signed out by the portal (spec §6 subscriber company)', () => {
  afterEach(() => window.sessionStorage.clear());

  it('says why, once, above the form', async () => {
    window.sessionStorage.setItem('trackwell-signed-out-reason', 'subscriberCompany');
    setup({});
    const notice = await screen.findByText(
      'You have been signed out: company subscription accounts cannot use this site. Sign in with your personal account.',
    );
    expect(notice).toHaveAttribute('role', 'status');
    expect(window.sessionStorage.getItem('trackwell-signed-out-reason')).toBeNull();
  });

  it('says nothing without a reason', async () => {
    setup({});
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.queryByText(/signed out/)).not.toBeInTheDocument();
  });
});

describe('resume on reload', () => {
  it('a stored transaction is resumed (tx.exists → resume) and shows its step', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the SDK keeps the stateToken in this cookie.
    document.cookie = 'oktaStateToken=state-token-1; path=/';
    const { calls } = setup({ 'POST /api/v1/authn': () => okta.challenge('token:software:totp') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter the code from your app' }),
    ).toBeVisible();
    expect(bodyOf(calls, 'POST /api/v1/authn')).toEqual({ stateToken: 'state-token-1' });
  });

  it('an expired stored transaction starts over with the form', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the SDK keeps the stateToken in this cookie.
    document.cookie = 'oktaStateToken=old; path=/';
    setup({ 'POST /api/v1/authn': () => okta.error(401, 'E0000011', 'Invalid token provided') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.queryByRole('alert', { name: /./ })).not.toBeInTheDocument();
  });
});
