import type { verifyRegistrationResponse } from '@simplewebauthn/server';

/** @simplewebauthn/server on the first passkey ceremony: most processes never run one. */
const webauthn = () => import('@simplewebauthn/server');

import {
  type MyAccountPasskey,
  PASSKEY_NAME_MAX,
  type PasskeyRegistrationOptions,
  passkeyNameProblem,
  presentPasskey,
  WEBAUTHN_PATHS,
} from '@trackwell/contracts';
import {
  addWebAuthnCredential,
  deleteWebAuthnCredential,
  listWebAuthnCredentials,
  renameWebAuthnCredential,
} from '@trackwell/db';
import { oktaErrors } from '../okta-errors.ts';
import { challengeOf, newChallenge, relyingPartyOf, spendChallenge } from '../webauthn/relying-party.ts';
import { limitAttempts, type MyAccountCaller } from './caller.ts';

/** The user's passkeys: registration options, registration, list, rename, remove. */

const MAX_PASSKEYS = 20;
const origin = (c: MyAccountCaller) => c.base.slice(0, -'/idp/myaccount'.length);

export async function listPasskeys(c: MyAccountCaller): Promise<MyAccountPasskey[]> {
  return (await listWebAuthnCredentials(c.db, c.tenant.id, c.user.id)).map((p) => presentPasskey(c.base, p));
}

/** POST /webauthn/registration: options for `navigator.credentials.create`, with a new challenge. */
export async function registrationOptions(c: MyAccountCaller): Promise<PasskeyRegistrationOptions> {
  await limitAttempts(c, 'webauthn-options');
  const rp = relyingPartyOf(c.tenant, origin(c));
  const existing = await listWebAuthnCredentials(c.db, c.tenant.id, c.user.id);
  const { challenge, expiresAt } = await newChallenge(c.db, c.tenant.id, c.user.id, 'registration');
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: new TextEncoder().encode(c.user.id),
    userName: c.user.login,
    challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return {
    options: { ...options },
    expiresAt: expiresAt.toISOString(),
    _links: { enroll: { href: `${origin(c)}${WEBAUTHN_PATHS.passkeys}`, hints: { allow: ['POST'] } } },
  };
}

function nameOf(raw: unknown, fallback?: string): string {
  if (raw === undefined && fallback) return fallback;
  if (typeof raw !== 'string') throw oktaErrors.validation('name: Property is required');
  const name = raw.trim();
  if (passkeyNameProblem(name))
    throw oktaErrors.validation(`name: 1 to ${PASSKEY_NAME_MAX} characters, no control characters`);
  return name;
}

/**
 * POST /webauthn: the authenticator's answer to a challenge of this user's, verified against the store's
 * relying party (id and origin); the challenge is spent whatever the outcome.
 */
export async function registerPasskey(
  c: MyAccountCaller,
  input: { credential?: unknown; name?: unknown },
): Promise<MyAccountPasskey> {
  const name = nameOf(input.name, 'Passkey');
  const credential = input.credential as { response?: { clientDataJSON?: unknown } } | undefined;
  const challenge = challengeOf(credential?.response?.clientDataJSON);
  if (!credential || typeof credential !== 'object' || !challenge)
    throw oktaErrors.validation('credential: Not a WebAuthn registration response');
  await limitAttempts(c, 'webauthn-register');
  if (!(await spendChallenge(c.db, c.tenant.id, c.user.id, 'registration', challenge)))
    throw oktaErrors.validation('credential: The challenge is unknown, expired or already used');
  if ((await listWebAuthnCredentials(c.db, c.tenant.id, c.user.id)).length >= MAX_PASSKEYS)
    throw oktaErrors.validation(`credential: At most ${MAX_PASSKEYS} passkeys`);
  const rp = relyingPartyOf(c.tenant, origin(c));
  const { verifyRegistrationResponse: verify } = await webauthn();
  const verification = await verify({
    response: credential as Parameters<typeof verifyRegistrationResponse>[0]['response'],
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => undefined);
  const info = verification?.verified ? verification.registrationInfo : undefined;
  if (!info) throw oktaErrors.validation('credential: The registration response could not be verified');
  const saved = await addWebAuthnCredential(c.db, c.tenant.id, c.user.id, {
    credentialId: info.credential.id,
    publicKey: info.credential.publicKey,
    signCount: info.credential.counter,
    transports: (info.credential.transports ?? []).slice(0, 8),
    name,
  });
  if (!saved) throw oktaErrors.validation('credential: This passkey is already registered');
  return presentPasskey(c.base, saved);
}

export async function renamePasskey(
  c: MyAccountCaller,
  id: string,
  rawName: unknown,
): Promise<MyAccountPasskey> {
  const name = nameOf(rawName);
  const saved = await renameWebAuthnCredential(c.db, c.tenant.id, c.user.id, id, name);
  if (!saved) throw oktaErrors.notFound(`${id} (Passkey)`);
  return presentPasskey(c.base, saved);
}

export async function removePasskey(c: MyAccountCaller, id: string): Promise<void> {
  if (!(await deleteWebAuthnCredential(c.db, c.tenant.id, c.user.id, id)))
    throw oktaErrors.notFound(`${id} (Passkey)`);
}
