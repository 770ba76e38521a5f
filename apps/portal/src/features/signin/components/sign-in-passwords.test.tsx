import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, bodyOf, okta } from '../testing/authn-server.ts';
import {
  freshSignInForEachTest,
  RETURN_URL,
  setup,
  signInWithPassword,
  user,
} from '../testing/sign-in-flow-harness.tsx';

/** The sign-in page's password states, lockout, forgotten password and recovery links. */
freshSignInForEachTest();

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
    expect(apiCalls(calls).at(-1)?.body).toMatchObject({
      oldPassword: 'Secret-pass-1',
      newPassword: 'Better-pass-42',
    });
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
    expect(apiCalls(calls).at(-1)?.body).toMatchObject({
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
    expect(bodyOf(calls, 'POST /api/v1/authn/recovery/password')).toMatchObject({
      username: 'someone@example.test',
      factorType: 'EMAIL',
    });
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
    expect(bodyOf(calls, 'POST /api/v1/authn/recovery/token')).toEqual({ recoveryToken: 'rec-1' });
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
