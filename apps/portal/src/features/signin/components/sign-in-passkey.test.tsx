import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiCalls, bodyOf, okta } from '../testing/authn-server.ts';
import { freshSignInForEachTest, RETURN_URL, setup, user } from '../testing/sign-in-flow-harness.tsx';

/** "Sign in with a passkey" on the sign-in page (Okta's webauthn factor; the browser's WebAuthn stubbed). */
const startAuthentication = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: (...args: unknown[]) => startAuthentication(...args),
}));

freshSignInForEachTest();

const assertion = (id: string) => ({
  id,
  rawId: id,
  type: 'public-key',
  response: { clientDataJSON: 'cd', authenticatorData: 'ad', signature: 'sig', userHandle: 'u' },
  clientExtensionResults: {},
});

describe('sign in with a passkey', () => {
  it('is an enabled button outlined in the theme’s primary colour, not Bootstrap’s disabled-looking grey', async () => {
    setup({});
    const button = await screen.findByRole('button', { name: 'Sign in with a passkey' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveClass('btn-outline-primary');
    expect(button).not.toHaveClass('btn-outline-secondary');
  });

  it('asks for the e-mail address first, then signs in with the passkey the browser chose', async () => {
    const { calls, redirect } = setup({
      'POST /api/v1/authn': () => okta.passkeyRequired(),
      'POST /api/v1/authn/factors/pky1/verify': () => okta.passkeyChallenge('Y2hhbGxlbmdl'),
      'POST /api/v1/authn/factors/pky2/verify': () => okta.success('tok-passkey'),
    });
    startAuthentication.mockResolvedValue(assertion('cred-2'));
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      expect.stringContaining('Enter your e-mail address.'),
    );
    expect(apiCalls(calls)).toEqual([]);

    await user.type(screen.getByLabelText('E-mail address'), 'ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('tok-passkey', RETURN_URL));
    expect(bodyOf(calls, 'POST /api/v1/authn')).toEqual({
      username: 'ada@example.test',
      relayState: RETURN_URL,
    });
    expect(startAuthentication).toHaveBeenCalledWith({
      optionsJSON: {
        challenge: 'Y2hhbGxlbmdl',
        allowCredentials: [
          { id: 'cred-1', type: 'public-key' },
          { id: 'cred-2', type: 'public-key' },
        ],
        userVerification: 'required',
      },
    });
    expect(apiCalls(calls).at(-1)?.body).toEqual({
      stateToken: 'state-token-1',
      clientData: 'cd',
      authenticatorData: 'ad',
      signatureData: 'sig',
    });
  });

  it('a start the server refuses (401): the usual failed sign-in', async () => {
    setup({ 'POST /api/v1/authn': () => okta.error(401, 'E0000004', 'Authentication failed') });
    await user.type(await screen.findByLabelText('E-mail address'), 'ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('The e-mail address or password is not correct.')).toBeVisible();
  });

  // An address without a passkey gets a decoy (the server's passkey-decoy.ts): the browser finds none of its
  // credentials, and the person cancels its prompt.
  it('a cancelled browser prompt is said in words, and nothing is sent', async () => {
    const { calls } = setup({
      'POST /api/v1/authn': () => okta.passkeyRequired(['cred-1']),
      'POST /api/v1/authn/factors/pky1/verify': () => okta.passkeyChallenge(),
    });
    startAuthentication.mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    await user.type(await screen.findByLabelText('E-mail address'), 'ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(
      await screen.findByText(
        'The passkey sign-in was cancelled or timed out. Try again, or use your password.',
      ),
    ).toBeVisible();
    expect(calls.filter((c) => 'signatureData' in c.body)).toEqual([]);
  });
});
