import { startAuthentication } from '@simplewebauthn/browser';
import { factorsOf } from './transaction.ts';
import type { AuthnTransaction, OktaAuth } from './types.ts';

/**
 * Signing in with a passkey, as Okta's `webauthn` factor. Fetched (with @simplewebauthn/browser)
 * only when the user chooses it. A username without a password opens the transaction, whose factors are the
 * user's passkeys (MFA_REQUIRED); verifying one gets the challenge (MFA_CHALLENGE); the browser asks the
 * authenticator, and the assertion is sent to the verify link of the passkey it used.
 */
export async function signInWithPasskey(
  oktaAuth: OktaAuth,
  username: string,
  relayState: string,
): Promise<AuthnTransaction> {
  const required = await oktaAuth.signInWithCredentials({ username, relayState } as never);
  const passkeys = factorsOf(required).filter((f) => f.factorType === 'webauthn' && f.verify);
  const first = passkeys[0];
  if (required.status !== 'MFA_REQUIRED' || !first?.verify) return required;
  const challenged = await first.verify();
  const challenge = (
    challenged as unknown as {
      data?: { _embedded?: { factor?: { _embedded?: { challenge?: { challenge?: string } } } } };
    }
  ).data?._embedded?.factor?._embedded?.challenge?.challenge;
  if (!challenge) return challenged;
  const assertion = await startAuthentication({
    optionsJSON: {
      challenge,
      allowCredentials: passkeys.map((f) => ({ id: f.profile?.credentialId ?? '', type: 'public-key' })),
      userVerification: 'required',
    },
  });
  const used = passkeys.find((f) => f.profile?.credentialId === assertion.id) ?? first;
  return (used.verify ?? first.verify)({
    clientData: assertion.response.clientDataJSON,
    authenticatorData: assertion.response.authenticatorData,
    signatureData: assertion.response.signature,
  });
}
