import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../../testing/render-with-i18n.tsx';
import { buildTenantConfig } from '../../../testing/tenant-config.ts';
import { oktaAuthFor, resetOktaAuthInstances } from '../../auth/index.ts';
import { ORIGIN, okta, type Route, stubAuthnServer } from '../testing/authn-server.ts';
import { PUSH_POLL_DELAY_MS } from './push-step.tsx';
import { SignInFlow, type StartAction } from './sign-in-flow.tsx';

/**
 * Each authn state of the sign-in page (issue 6 scope 1), rendered through the real okta-auth-js against a
 * stubbed authn API (shapes from the identity provider's tests). Playwright (e2e/tests/signin.spec.ts) drives
 * the real server; these pin what each state shows and sends.
 */

const RETURN_URL = `${ORIGIN}/tracker?x=1`;
const user = userEvent.setup();

function setup(routes: Record<string, Route>, start?: StartAction) {
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
    />,
  );
  return { ...server, oktaAuth, redirect };
}

async function signInWithPassword(username = 'ada@example.test', password = 'Secret-pass-1') {
  await user.type(await screen.findByLabelText('E-mail address'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

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
    expect(calls).toEqual([]);
  });

  it('SUCCESS → setCookieAndRedirect with the session token and the return URL', async () => {
    const { redirect, calls } = setup({ 'POST /api/v1/authn': () => okta.success('tok-1') });
    await signInWithPassword();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('tok-1', RETURN_URL));
    expect(calls[0]?.body).toMatchObject({ username: 'ada@example.test', password: 'Secret-pass-1' });
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

describe('MFA', () => {
  it('MFA_REQUIRED lists the enrolled factors; choosing the e-mail factor sends the code', async () => {
    const { calls } = setup({
      'POST /api/v1/authn': () => okta.mfaRequired(),
      'POST /api/v1/authn/factors/f-email/verify': () => okta.challenge('email'),
    });
    await signInWithPassword();
    const heading = await screen.findByRole('heading', { level: 1, name: "Verify it's you" });
    await waitFor(() => expect(heading).toHaveFocus());
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'E-mail me a codea...a@example.test',
      'Authenticator appEnter the code your app shows',
      "Approve from my e-mailWe'll send you a link to approve this sign-in",
    ]);
    await user.click(screen.getByRole('button', { name: /E-mail me a code/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter the code we e-mailed you' }),
    ).toBeVisible();
    expect(screen.getByText(/We sent a 6-digit code to a\.\.\.a@example\.test/)).toBeVisible();
    expect(calls.at(-1)?.path).toBe('POST /api/v1/authn/factors/f-email/verify');
  });

  it('e-mail code: a wrong code is explained, resend sends a new one, the right one signs in (remember device sent)', async () => {
    let attempts = 0;
    const { redirect, calls } = setup({
      'POST /api/v1/authn': () => okta.challenge('email'),
      'POST /api/v1/authn/factors/f-email/verify': () =>
        ++attempts === 1 ? okta.error(403, 'E0000068', 'Invalid Passcode/Answer') : okta.success('tok-mfa'),
      'POST /api/v1/authn/factors/f-email/verify/resend': () => okta.challenge('email'),
    });
    await signInWithPassword();
    const code = await screen.findByLabelText('Verification code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not correct. Check it and try again.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way.')).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: "Don't ask again on this device" }));
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('tok-mfa', RETURN_URL));
    const verify = calls.filter((c) => c.path === 'POST /api/v1/authn/factors/f-email/verify').at(-1);
    expect(verify?.body).toMatchObject({ passCode: '123456' });
    expect(verify?.url.searchParams.get('rememberDevice')).toBe('true');
  });

  it('TOTP: asks for the app code, no resend', async () => {
    setup({ 'POST /api/v1/authn': () => okta.challenge('token:software:totp') });
    await signInWithPassword();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter the code from your app' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose another method' })).toBeVisible();
  });

  it('a remember-device callback that throws is shown as the spec words it', async () => {
    setup({ 'POST /api/v1/authn': () => okta.challenge('token:software:totp') });
    await signInWithPassword();
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('RememberDevice resulted in an error.')).toBeVisible();
  });

  it('back (prev) returns to the factor list; cancel returns to the password form', async () => {
    const { calls } = setup({
      'POST /api/v1/authn': () => okta.challenge('token:software:totp'),
      'POST /api/v1/authn/previous': () => okta.mfaRequired(['token:software:totp']),
      'POST /api/v1/authn/cancel': () => okta.cancelled(),
    });
    await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Choose another method' }));
    expect(await screen.findByRole('heading', { level: 1, name: "Verify it's you" })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel sign-in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(calls.map((c) => c.path)).toContain('POST /api/v1/authn/cancel');
  });
});

describe('MFA choices (issue 12 §8)', () => {
  it('one factor only: its challenge offers no "Choose another method"; several: it does', async () => {
    setup({
      'POST /api/v1/authn': () => okta.mfaRequired(['token:software:totp']),
      'POST /api/v1/authn/factors/f-totp/verify': () => okta.challenge('token:software:totp'),
    });
    await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: /Authenticator app/ }));
    expect(await screen.findByLabelText('Verification code')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Choose another method' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel sign-in' })).toBeVisible();
  });

  it('several factors: the challenge offers "Choose another method"', async () => {
    setup({
      'POST /api/v1/authn': () => okta.mfaRequired(['email', 'token:software:totp']),
      'POST /api/v1/authn/factors/f-totp/verify': () => okta.challenge('token:software:totp'),
    });
    await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: /Authenticator app/ }));
    expect(await screen.findByRole('button', { name: 'Choose another method' })).toBeVisible();
  });

  it('the push "next time" options are chosen on the factor list, saved, and sent with the push', async () => {
    const { calls } = setup({
      'POST /api/v1/authn': () => okta.mfaRequired(['email', 'push']),
      'POST /api/v1/authn/factors/f-push/verify': () => okta.challenge('push', 'WAITING'),
    });
    await signInWithPassword();
    const options = await screen.findByRole('group', { name: 'When you approve from your e-mail' });
    await user.click(
      within(options).getByRole('checkbox', { name: 'Send the approval request automatically next time' }),
    );
    expect(window.localStorage.getItem('trackwell:signin:autoPush:ada@example.test')).toBe('true');
    await user.click(screen.getByRole('button', { name: /Approve from my e-mail/ }));
    expect(await screen.findByText('Waiting for approval…')).toBeVisible();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    const verify = calls.find((c) => c.path === 'POST /api/v1/authn/factors/f-push/verify');
    expect(verify?.url.searchParams.get('autoPush')).toBe('true');
  });

  it('no push factor: no push options on the list', async () => {
    setup({ 'POST /api/v1/authn': () => okta.mfaRequired(['email', 'token:software:totp']) });
    await signInWithPassword();
    expect(await screen.findByRole('heading', { level: 1, name: "Verify it's you" })).toBeVisible();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('signed out by the portal (issue 12 §8, spec §6 subscriber company)', () => {
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

describe('push', () => {
  it('polls while WAITING ("waiting for approval"), then SUCCESS redirects', async () => {
    let polls = 0;
    const { redirect } = setup({
      'POST /api/v1/authn': () => okta.mfaRequired(['push']),
      'POST /api/v1/authn/factors/f-push/verify': () =>
        ++polls < 3 ? okta.challenge('push', 'WAITING') : okta.success('tok-push'),
    });
    await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: /Approve from my e-mail/ }));
    expect(await screen.findByText('Waiting for approval…')).toBeVisible();
    // The "next time" options belong before the request (the factor list), not to the wait (issue 12 §8).
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('tok-push', RETURN_URL), { timeout: 8000 });
  }, 10_000);

  it('denied: says so and offers a new request', async () => {
    setup({
      'POST /api/v1/authn': () => okta.challenge('push', 'REJECTED'),
    });
    await signInWithPassword();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in denied' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send a new request' })).toBeVisible();
    expect(screen.queryByText('Waiting for approval…')).not.toBeInTheDocument();
  });

  it('an auto-push callback that throws is shown as the spec words it', async () => {
    setup({
      'POST /api/v1/authn': () => okta.mfaRequired(['push']),
      'POST /api/v1/authn/factors/f-push/verify': () => okta.challenge('push', 'WAITING'),
    });
    await signInWithPassword();
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    await user.click(await screen.findByRole('button', { name: /Approve from my e-mail/ }));
    expect(await screen.findByText('AutoPush resulted in an error.')).toBeVisible();
  });

  it('with "send automatically" saved for the user, the push goes out without a click', async () => {
    window.localStorage.setItem('trackwell:signin:autoPush:ada@example.test', 'true');
    const { calls } = setup({
      'POST /api/v1/authn': () => okta.mfaRequired(['email', 'push']),
      'POST /api/v1/authn/factors/f-push/verify': () => okta.challenge('push', 'WAITING'),
    });
    await signInWithPassword();
    expect(await screen.findByText('Waiting for approval…')).toBeVisible();
    const verify = calls.find((c) => c.path === 'POST /api/v1/authn/factors/f-push/verify');
    expect(verify?.url.searchParams.get('autoPush')).toBe('true');
  });

  it('a poll the SDK stopped is shown as the spec words it, with a way to check again', async () => {
    let polls = 0;
    const { oktaAuth } = setup({
      'POST /api/v1/authn': () => okta.challenge('push', 'WAITING'),
      'POST /api/v1/authn/factors/f-push/verify': () => {
        polls++;
        return okta.challenge('push', 'WAITING');
      },
      // `prev` stops the poll; the identity provider cannot be reached, so the page stays on the push step.
      'POST /api/v1/authn/previous': () => 'network-error',
    });
    void oktaAuth;
    await signInWithPassword();
    expect(await screen.findByText('Waiting for approval…')).toBeVisible();
    await waitFor(() => expect(polls).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: 'Choose another method' }));
    expect(await screen.findByText('The poll was stopped by the sdk', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeVisible();
  }, 10_000);
});

describe('push poll lifetime', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // The cause of a flaky run on a loaded machine: a poll left running by a push test asked the next tests'
  // fake server every 2 s, so a later test saw a stray `factors/f-push/verify` at calls[0].
  it('leaving the push step ends the poll: no request once the step is gone', async () => {
    let answerPoll: (answer: ReturnType<typeof okta.challenge>) => void = () => {};
    let verifies = 0;
    const { calls } = setup({
      'POST /api/v1/authn': () => okta.challenge('push', 'WAITING'),
      'POST /api/v1/authn/factors/f-push/verify': () => {
        verifies++;
        return new Promise((resolve) => {
          answerPoll = resolve;
        });
      },
    });
    await signInWithPassword();
    expect(await screen.findByText('Waiting for approval…')).toBeVisible();
    await waitFor(() => expect(verifies).toBe(1)); // the first poll request is out
    cleanup(); // the user leaves the page while it is in flight
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    answerPoll(okta.challenge('push', 'WAITING'));
    // The SDK waits PUSH_POLL_DELAY_MS before its next request: once that wait is scheduled, run it (and more).
    await vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
    await vi.advanceTimersByTimeAsync(PUSH_POLL_DELAY_MS * 10);
    expect(verifies).toBe(1);
    expect(calls.filter((c) => c.path === 'POST /api/v1/authn/factors/f-push/verify')).toHaveLength(1);
  });
});

describe('enrolment', () => {
  it('MFA_ENROLL offers e-mail and an authenticator app; TOTP shows the QR code and the key', async () => {
    setup({
      'POST /api/v1/authn': () => okta.mfaEnroll(),
      'POST /api/v1/authn/factors': () => okta.enrollActivateTotp(),
    });
    await signInWithPassword();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up a second sign-in step' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Authenticator app/ }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.getByText('KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF')).toBeVisible();
    expect(screen.getByLabelText('Verification code')).toBeVisible();
  });
});

describe('passwords', () => {
  it('PASSWORD_EXPIRED: current + new + repeat, rules shown before submit, a weak password is not sent', async () => {
    const { calls, redirect } = setup({
      'POST /api/v1/authn': () => okta.password('PASSWORD_EXPIRED'),
      'POST /api/v1/authn/credentials/change_password': () => okta.success('tok-new'),
    });
    await signInWithPassword();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your password has expired' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Your new password needs:')).toBeVisible();
    expect(screen.getByText(/at least 8 characters/)).toBeVisible();
    expect(screen.getByText(/at least one number/)).toBeVisible();
    expect(screen.getByText(/no part of your username/)).toBeVisible();
    await user.type(screen.getByLabelText('Current password'), 'Secret-pass-1');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Repeat the new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining('The new password does not meet every rule below.'),
    );
    expect(calls.filter((c) => c.path.includes('change_password'))).toEqual([]);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Better-pass-42');
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'Better-pass-4');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('The two new passwords are not the same.')).toBeVisible();

    await user.type(screen.getByLabelText('Repeat the new password'), '2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('tok-new', RETURN_URL));
    expect(calls.at(-1)?.body).toMatchObject({ oldPassword: 'Secret-pass-1', newPassword: 'Better-pass-42' });
    expect(screen.queryByRole('button', { name: 'Not now' })).not.toBeInTheDocument();
  });

  it('PASSWORD_WARN: change or skip', async () => {
    const { redirect } = setup({
      'POST /api/v1/authn': () => okta.password('PASSWORD_WARN'),
      'POST /api/v1/authn/skip': () => okta.success('tok-skip'),
    });
    await signInWithPassword();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your password will expire soon' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('tok-skip', RETURN_URL));
  });

  it('the old password wrong (E0000014) and the policy refusing (E0000080) are explained', async () => {
    let n = 0;
    setup({
      'POST /api/v1/authn': () => okta.password('PASSWORD_EXPIRED'),
      'POST /api/v1/authn/credentials/change_password': () =>
        ++n === 1
          ? okta.error(403, 'E0000014', 'Update of credentials failed')
          : okta.error(403, 'E0000080', 'The password does not meet the complexity requirements'),
    });
    await signInWithPassword();
    await user.type(await screen.findByLabelText('Current password'), 'x');
    await user.type(screen.getByLabelText('New password'), 'Better-pass-42');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Better-pass-42');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not correct.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The new password does not meet the password rules.')).toBeVisible();
  });
});

describe('locked out, forgot password, recovery links', () => {
  it('LOCKED_OUT: says so and sends the unlock e-mail through the unlock link', async () => {
    const { calls } = setup({
      'POST /api/v1/authn': () => okta.lockedOut(),
      'POST /api/v1/authn/recovery/unlock': () => okta.recoveryChallenge('UNLOCK'),
    });
    await signInWithPassword('ada@example.test');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your account is locked' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByLabelText('E-mail address')).toHaveValue('ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Send the unlock link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
    expect(calls.at(-1)?.body).toMatchObject({
      username: 'ada@example.test',
      factorType: 'EMAIL',
      relayState: RETURN_URL,
    });
  });

  it('forgot password: sends the reset e-mail, same answer for any address', async () => {
    const { calls } = setup({
      'POST /api/v1/authn/recovery/password': () => okta.recoveryChallenge('PASSWORD'),
    });
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    await waitFor(() => expect(heading).toHaveFocus());
    await user.type(screen.getByLabelText('E-mail address'), 'someone@example.test');
    await user.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect(await screen.findByText(/If the address belongs to an account/)).toBeVisible();
    expect(calls[0]?.body).toMatchObject({ username: 'someone@example.test', factorType: 'EMAIL' });
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  it('reset link: RECOVERY question (wrong answer explained) → new password → SUCCESS signs in', async () => {
    let answers = 0;
    const { calls, redirect } = setup(
      {
        'POST /api/v1/authn/recovery/token': () => okta.recovery(),
        'POST /api/v1/authn/recovery/answer': () =>
          ++answers === 1
            ? okta.error(403, 'E0000087', 'The recovery question answer did not match our records.')
            : okta.password('PASSWORD_RESET'),
        'POST /api/v1/authn/credentials/reset_password': () => okta.success('tok-reset'),
      },
      (oktaAuth) => oktaAuth.verifyRecoveryToken({ recoveryToken: 'rec-1' }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Answer your security question' }),
    ).toBeVisible();
    expect(calls[0]?.body).toEqual({ recoveryToken: 'rec-1' });
    await user.type(screen.getByLabelText('What was the name of your first pet?'), 'Rex');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The answer does not match our records.')).toBeVisible();
    await user.clear(screen.getByLabelText('What was the name of your first pet?'));
    await user.type(screen.getByLabelText('What was the name of your first pet?'), 'Biscuit');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'Fresh-start-42');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Fresh-start-42');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('tok-reset', RETURN_URL));
  });

  it('an expired or used link (E0000011) says so, with a way back', async () => {
    setup(
      { 'POST /api/v1/authn/recovery/token': () => okta.error(401, 'E0000011', 'Invalid token provided') },
      (oktaAuth) => oktaAuth.verifyRecoveryToken({ recoveryToken: 'used' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
    expect(
      screen.getByText('This sign-in has expired or the link was already used. Please start again.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  it('unlock link: UNLOCKED → the form says the account is unlocked', async () => {
    setup({ 'POST /api/v1/authn/recovery/token': () => okta.unlocked() }, (oktaAuth) =>
      oktaAuth.verifyRecoveryToken({ recoveryToken: 'unl-1' }),
    );
    expect(await screen.findByText('Your account is unlocked. You can sign in now.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
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
    expect(calls[0]?.body).toEqual({ stateToken: 'state-token-1' });
  });

  it('an expired stored transaction starts over with the form', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the SDK keeps the stateToken in this cookie.
    document.cookie = 'oktaStateToken=old; path=/';
    setup({ 'POST /api/v1/authn': () => okta.error(401, 'E0000011', 'Invalid token provided') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.queryByRole('alert', { name: /./ })).not.toBeInTheDocument();
  });
});
