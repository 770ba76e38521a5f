import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, okta } from '../testing/authn-server.ts';
import { freshSignInForEachTest, RETURN_URL, setup, user } from '../testing/sign-in-flow-harness.tsx';

/**
 * "Create an account" on the sign-in page: shown only when the store enables registration; the
 * form checks its fields before sending, the server's refusal names a field, the e-mailed code activates the
 * account and the page signs in with the chosen password.
 */
freshSignInForEachTest();

const TERMS = '/store/terms';
const registered = {
  status: 200,
  body: { status: 'VERIFICATION_REQUIRED', registrationToken: 'reg-1', expiresAt: '2030-01-01T00:00:00Z' },
};

async function openForm() {
  await user.click(await screen.findByRole('button', { name: 'Create an account' }));
  return screen.findByRole('heading', { level: 1, name: 'Create an account' });
}

async function fillForm(password = 'Brand-new-Pass-42') {
  await user.type(screen.getByLabelText('E-mail address'), 'zoe@example.test');
  await user.type(screen.getByLabelText('First name'), 'Zoë');
  await user.type(screen.getByLabelText('Last name'), 'Núñez');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('checkbox', { name: /I accept the terms of use/ }));
}

describe('registration on the sign-in page', () => {
  it('no "Create an account" when the store does not enable it', async () => {
    setup({});
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create an account' })).not.toBeInTheDocument();
  });

  it('register → the code → ACTIVE → signed in and sent back', async () => {
    const { calls, redirect } = setup(
      {
        'POST /api/v1/registration': () => registered,
        'POST /api/v1/registration/verify': () => ({
          status: 200,
          body: { status: 'ACTIVE', login: 'zoe@example.test' },
        }),
        'POST /api/v1/authn': () => okta.success('tok-registered'),
      },
      undefined,
      { registrationTermsUrl: TERMS },
    );
    const heading = await openForm();
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('link', { name: /Read the terms of use/ })).toHaveAttribute('href', TERMS);
    await fillForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
    expect(apiCalls(calls).at(-1)?.body).toEqual({
      email: 'zoe@example.test',
      firstName: 'Zoë',
      lastName: 'Núñez',
      password: 'Brand-new-Pass-42',
      acceptTerms: true,
    });
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('tok-registered', RETURN_URL));
    expect(calls.find((c) => c.path.endsWith('/verify'))?.body).toEqual({
      registrationToken: 'reg-1',
      passCode: '123456',
    });
    expect(apiCalls(calls).at(-1)?.body).toMatchObject({
      username: 'zoe@example.test',
      password: 'Brand-new-Pass-42',
    });
  });

  it('checks the fields before sending: empty, bad address, weak password, terms not accepted', async () => {
    const { calls } = setup({}, undefined, { registrationTermsUrl: TERMS });
    await openForm();
    await user.type(screen.getByLabelText('E-mail address'), 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      expect.stringContaining('valid e-mail address'),
    );
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Fill in this field.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('The new password does not meet every rule below.'),
    );
    expect(screen.getByRole('checkbox', { name: /I accept the terms/ })).toHaveAccessibleDescription(
      'Accept the terms of use to continue.',
    );
    expect(calls.filter((c) => c.path.includes('registration'))).toEqual([]);
  });

  it("the server's refusal names the field; a wrong code is explained and can be retried", async () => {
    let n = 0;
    setup(
      {
        'POST /api/v1/registration': () =>
          ++n === 1
            ? {
                status: 400,
                body: {
                  errorCode: 'E0000001',
                  errorSummary: 'Api validation failed',
                  errorCauses: [{ errorSummary: 'body/firstName must be a name' }],
                },
              }
            : registered,
        'POST /api/v1/registration/verify': () => okta.error(403, 'E0000068', 'Invalid Passcode/Answer'),
      },
      undefined,
      { registrationTermsUrl: TERMS },
    );
    await openForm();
    await fillForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
        expect.stringContaining('not accepted'),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText('That code is not correct. Check it and try again.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });
});
