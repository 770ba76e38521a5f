import { randomBytes } from 'node:crypto';
import { maySignIn } from '@trackwell/contracts';
import {
  findIdentityUserByLogin,
  listWebAuthnCredentials,
  recordWebAuthnUse,
  sha256,
  type WebAuthnCredential,
} from '@trackwell/db';
import { storeSecret } from '../oidc/keys.ts';
import { oktaErrors } from '../okta-errors.ts';
import { challengeOf, newChallenge, relyingPartyOf, spendChallenge } from '../webauthn/relying-party.ts';
import { limitAttempts } from './attempt-limits.ts';
import type { AuthnContext, AuthnResult, LoadedTransaction } from './authn-context.ts';
import { decoySeed, decoyUser, passkeysOf } from './passkey-decoy.ts';
import { afterMfa } from './sign-in-outcome.ts';
import { endTransaction, moveTransaction, newTransaction } from './transaction.ts';

/**
 * Signing in with a passkey, as Okta's `webauthn` factor: `POST /api/v1/authn` with a username
 * and no password opens a passwordless transaction whose only factors are the user's passkeys
 * (MFA_REQUIRED); verifying one without an assertion challenges it (MFA_CHALLENGE with
 * `_embedded.factor._embedded.challenge`); verifying with `clientData`, `authenticatorData` and
 * `signatureData` checks the assertion against the store's relying party (configured origin and host), spends
 * the challenge whatever the outcome, and moves the counter on. An unknown address, a user without passkeys
 * or one who may not sign in gets a decoy transaction that answers the same way (passkey-decoy.ts), and
 * whose assertion is refused as a wrong one is. The user must be verified by the authenticator (PIN,
 * biometrics): the passkey is then both factors, hence the `amr`.
 */

/** RFC 8176: a hardware-bound key, with the user verified by it (required: `requireUserVerification`). */
const PASSKEY_AMR = ['hwk', 'user'];

/** POST /api/v1/authn `{ username }` without a password. */
export async function startPasskeySignIn(
  ctx: AuthnContext,
  username: string,
  relayState: string | undefined,
): Promise<AuthnResult> {
  await limitAttempts(ctx, `ip:${ctx.ip}`, ctx.rateLimitPerIp);
  await limitAttempts(ctx, `login:${sha256(username.trim().toLowerCase())}`, ctx.rateLimitPerUser);
  const seed = decoySeed(await storeSecret(ctx.db, ctx.tenant.id), username);
  const user = await findIdentityUserByLogin(ctx.db, ctx.tenant.id, username);
  const mayUse = user && maySignIn(user.status) && user.status !== 'LOCKED_OUT';
  const passkeys = mayUse ? await listWebAuthnCredentials(ctx.db, ctx.tenant.id, user.id) : [];
  const data = { status: 'MFA_REQUIRED', relayState, passwordless: true } as const;
  if (!user || passkeys.length === 0)
    return newTransaction(ctx, decoyUser(ctx.tenant.id, seed), { ...data, decoy: seed });
  return newTransaction(ctx, user, data);
}

export interface AssertionInput {
  clientData?: unknown;
  authenticatorData?: unknown;
  signatureData?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 4096 ? v : undefined);

/** POST …/factors/{passkey id}/verify in a passwordless transaction: challenge, or check the assertion. */
export async function verifyPasskey(
  ctx: AuthnContext,
  tx: LoadedTransaction,
  factorId: string,
  input: AssertionInput,
): Promise<AuthnResult> {
  const passkey = (await passkeysOf(ctx, tx.data, tx.user)).find((p) => p.id === factorId);
  if (!passkey) throw oktaErrors.notFound(`${factorId} (UserFactor)`);
  if (input.clientData === undefined && input.signatureData === undefined) {
    const { challenge } = tx.data.decoy
      ? { challenge: randomBytes(32).toString('base64url') }
      : await newChallenge(ctx.db, ctx.tenant.id, tx.user.id, 'authentication');
    return moveTransaction(ctx, tx, {
      ...tx.data,
      status: 'MFA_CHALLENGE',
      factorId: passkey.id,
      webauthnChallenge: challenge,
    });
  }
  // A decoy's passkeys have no key: its assertion is refused as a wrong one is.
  if (!('publicKey' in passkey) || !(await assertionValid(ctx, tx, passkey, input)))
    throw oktaErrors.invalidPasscode();
  await endTransaction(ctx, tx);
  return afterMfa(ctx, tx.user, PASSKEY_AMR, tx.data.relayState);
}

/** The assertion answers this transaction's challenge (spent now), for the store's relying party, counter moving on. */
async function assertionValid(
  ctx: AuthnContext,
  tx: LoadedTransaction,
  passkey: WebAuthnCredential,
  input: AssertionInput,
): Promise<boolean> {
  const [clientDataJSON, authenticatorData, signature] = [
    text(input.clientData),
    text(input.authenticatorData),
    text(input.signatureData),
  ];
  const challenge = challengeOf(clientDataJSON);
  if (!clientDataJSON || !authenticatorData || !signature || !challenge) return false;
  if (challenge !== tx.data.webauthnChallenge) return false;
  if (!(await spendChallenge(ctx.db, ctx.tenant.id, tx.user.id, 'authentication', challenge))) return false;
  const rp = relyingPartyOf(ctx.tenant, ctx.origin);
  const { verifyAuthenticationResponse } = await import('@simplewebauthn/server'); // on the first passkey sign-in
  const verification = await verifyAuthenticationResponse({
    response: {
      id: passkey.credentialId,
      rawId: passkey.credentialId,
      type: 'public-key',
      response: { clientDataJSON, authenticatorData, signature },
      clientExtensionResults: {},
    },
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: passkey.publicKey as Uint8Array<ArrayBuffer>,
      counter: passkey.signCount,
    },
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) return false;
  return recordWebAuthnUse(ctx.db, ctx.tenant.id, passkey.id, verification.authenticationInfo.newCounter);
}
