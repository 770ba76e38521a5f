import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFakeState, stubMyAccount } from '../testing/fake-myaccount.ts';
import { dismissToasts, renderAccount } from '../testing/render-account.tsx';

afterEach(dismissToasts);

const passwordField = (name: string) => screen.getByLabelText(name, { selector: 'input' });

// Journeys of several round trips: jsdom on a shared 2-core machine needs more than the default 5 s.
describe('Password (spec §4 NOT_ENROLLED → enrol; ACTIVE → update or delete)', { timeout: 20_000 }, () => {
  it('NOT_ENROLLED: only "set a password" is offered (no current password, no remove), then it is ACTIVE', async () => {
    const { state, calls } = stubMyAccount(buildFakeState({ password: 'NOT_ENROLLED' }));
    const user = userEvent.setup();
    renderAccount({ path: '/account/password' });
    expect(await screen.findByText(/You have no password yet/)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Set a password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove password' })).not.toBeInTheDocument();
    await user.type(passwordField('New password'), 'Enrolled-pass-8');
    await user.type(passwordField('Repeat the new password'), 'Enrolled-pass-8');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password has been set.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/idp/myaccount/password')?.body).toEqual({
      profile: { password: 'Enrolled-pass-8' },
    });
    expect(state.password).toBe('ACTIVE');
    expect(await screen.findByRole('form', { name: 'Change your password' })).toBeInTheDocument();
  });

  it('ACTIVE: shows when it was last changed, and the rules before anything is submitted', async () => {
    stubMyAccount();
    const user = userEvent.setup();
    renderAccount({ path: '/account/password' });
    expect(await screen.findByText(/It was last changed on March 4, 2026/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Change your password' });
    const rules = within(form).getAllByRole('listitem');
    // The sign-in page's wording (one wording for both pages), each rule with its visible mark.
    expect(rules.map((r) => r.textContent)).toEqual([
      'at least 8 characters (not yet)',
      'at least one number (not yet)',
      'no part of your username (not yet)',
    ]);
    expect(rules.map((r) => r.classList.contains('tw-password-rule--met'))).toEqual([false, false, false]);
    const next = passwordField('New password');
    expect(next).toHaveAccessibleDescription(/Your new password needs:/);
    await user.type(next, 'mary-pass');
    expect(rules.map((r) => r.textContent)).toEqual([
      'at least 8 characters (done)',
      'at least one number (not yet)',
      'no part of your username (not yet)',
    ]);
    expect(rules.map((r) => r.classList.contains('tw-password-rule--met'))).toEqual([true, false, false]);
    expect(within(form).getByRole('status')).toHaveTextContent('Rules met: 1 of 3');
    await user.clear(next);
    await user.type(next, 'Another-pass-7');
    expect(rules.every((r) => r.textContent?.includes('(done)'))).toBe(true);
  });

  it('ACTIVE: change needs the current password; a wrong one is said at its field; the right one changes it', async () => {
    const { state, calls } = stubMyAccount();
    const user = userEvent.setup();
    renderAccount({ path: '/account/password' });
    await screen.findByRole('form', { name: 'Change your password' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(passwordField('Current password')).toHaveAccessibleDescription('Enter your current password.');
    expect(passwordField('Current password')).toHaveFocus();
    expect(passwordField('New password')).toHaveAccessibleDescription(/does not meet all the rules/);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(passwordField('Current password'), 'wrong-password-1');
    await user.type(passwordField('New password'), 'Another-pass-7');
    await user.type(passwordField('Repeat the new password'), 'Another-pass-8');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(passwordField('Repeat the new password')).toHaveAccessibleDescription(
      'The two new passwords are not the same.',
    );
    await user.clear(passwordField('Repeat the new password'));
    await user.type(passwordField('Repeat the new password'), 'Another-pass-7');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(passwordField('Current password')).toHaveAccessibleDescription(
        'Your current password is not correct.',
      ),
    );

    await user.clear(passwordField('Current password'));
    await user.type(passwordField('Current password'), 'Trackwell-Demo-2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      profile: { password: 'Another-pass-7', currentPassword: 'Trackwell-Demo-2026' },
    });
    expect(state.currentPassword).toBe('Another-pass-7');
    expect(passwordField('Current password')).toHaveValue('');
  });

  it('ACTIVE: remove after Yes → NOT_ENROLLED', async () => {
    const { state } = stubMyAccount();
    const user = userEvent.setup();
    renderAccount({ path: '/account/password' });
    await user.click(await screen.findByRole('button', { name: 'Remove password' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove your password' });
    expect(dialog).toHaveTextContent(/You will not be able to sign in with a password/);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Your password has been removed.')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Set a password' })).toBeInTheDocument();
    expect(state.password).toBe('NOT_ENROLLED');
  });

  it('a change refused for an old sign-in (step-up) offers to sign in again', async () => {
    const state = buildFakeState();
    state.failures.set('PUT /idp/myaccount/password', {
      status: 403,
      body: {
        errorCode: 'E0000006',
        errorSummary: 'You do not have permission to perform the requested action',
      },
      headers: {
        'www-authenticate':
          'Bearer realm="IdP", error="insufficient_authentication_context", error_description="The access token requires additional assurance to access the resource", max_age=900, acr_values="urn:okta:loa:1fa:pwd"',
      },
    });
    stubMyAccount(state);
    const user = userEvent.setup();
    renderAccount({ path: '/account/password' });
    await user.type(
      await screen.findByLabelText('Current password', { selector: 'input' }),
      'Trackwell-Demo-2026',
    );
    await user.type(passwordField('New password'), 'Another-pass-7');
    await user.type(passwordField('Repeat the new password'), 'Another-pass-7');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('For your security, sign in again before changing your password.');
    expect(within(alert).getByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
  });
});
