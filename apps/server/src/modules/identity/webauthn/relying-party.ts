import { randomBytes } from 'node:crypto';
import { WEBAUTHN_CHALLENGE_TTL_SECONDS } from '@trackwell/contracts';
import { consumeIdentityToken, createIdentityToken, type DatabaseHandle, type Tenant } from '@trackwell/db';

/**
 * The relying party of a store's passkeys: its id is the host of the store's canonical origin and the only
 * origin accepted is that origin (configuration, never the request's Host). Challenges are identity tokens
 * of kind "webauthn_challenge" whose token is the challenge itself: stored hashed, single-use (consumed
 * before the answer is checked, so a failed check spends it too), bound to a user and a purpose, minutes long.
 */

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(tenant: Tenant, origin: string): RelyingParty {
  return { id: new URL(origin).hostname, origin, name: tenant.config.tenantName };
}

export type ChallengePurpose = 'registration' | 'authentication';

interface ChallengeData {
  purpose: ChallengePurpose;
}

/** A new challenge (base64url of 32 random bytes) for the user and purpose. */
export async function newChallenge(
  db: DatabaseHandle,
  tenantId: string,
  userId: string,
  purpose: ChallengePurpose,
): Promise<{ challenge: string; expiresAt: Date }> {
  const challenge = randomBytes(32).toString('base64url');
  const { expiresAt } = await createIdentityToken(db, tenantId, {
    kind: 'webauthn_challenge',
    userId,
    data: { purpose } satisfies ChallengeData,
    ttlSeconds: WEBAUTHN_CHALLENGE_TTL_SECONDS,
    token: challenge,
  });
  return { challenge, expiresAt };
}

/** The challenge the browser signed (client data), or undefined when the answer carries none. */
export function challengeOf(clientDataJSON: unknown): string | undefined {
  if (typeof clientDataJSON !== 'string' || clientDataJSON.length > 4096) return undefined;
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Spends the challenge: true only when it was issued by this store, to this user, for this purpose, is not
 * expired and was not used before.
 */
export async function spendChallenge(
  db: DatabaseHandle,
  tenantId: string,
  userId: string,
  purpose: ChallengePurpose,
  challenge: string,
): Promise<boolean> {
  const token = await consumeIdentityToken<ChallengeData>(db, tenantId, 'webauthn_challenge', challenge);
  return !!token && token.userId === userId && token.data.purpose === purpose;
}
