import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiCalls, okta } from '../testing/authn-server.ts';
import {
  freshSignInForEachTest,
  RETURN_URL,
  setup,
  signInWithPassword,
  user,
} from '../testing/sign-in-flow-harness.tsx';

/** The sign-in page's MFA steps: factor choice, codes, enrolment. */
freshSignInForEachTest();

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
    expect(apiCalls(calls).at(-1)?.path).toBe('POST /api/v1/authn/factors/f-email/verify');
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

describe('MFA choices', () => {
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
