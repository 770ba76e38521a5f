import { createHmac } from 'node:crypto';
import { type IdentityUser, listWebAuthnCredentials, type WebAuthnCredential } from '@trackwell/db';
import type { AuthnContext, TransactionData } from './authn-context.ts';

/**
 * No account enumeration through passkey sign-in: an address that is unknown, has no passkey, or
 * may not sign in gets a decoy transaction that answers exactly as a real one does. Its passkeys (factor ids
 * and credential ids) are derived from the store's secret and the address with HMAC, so asking twice shows the
 * same ones, as for a real account, and nobody without the secret can tell them from real ones; one or two of
 * them, as most people have. Challenging one gives a fresh challenge; an assertion is always refused with the
 * same answer as a wrong one. The decoy has no user row: the transaction keeps only its seed.
 *
 * What it cannot hide: an account with three passkeys or more shows that many.
 */

/** The seed of an address's decoy at a store: HMAC-SHA256 of the normalised address under the store's secret. */
export function decoySeed(storeSecret: string, login: string): string {
  return createHmac('sha256', storeSecret)
    .update(`passkey-decoy:${login.trim().toLowerCase()}`)
    .digest('base64url');
}

const bytesOf = (seed: string, label: string) => createHmac('sha256', seed).update(label).digest();

export type DecoyPasskey = Pick<WebAuthnCredential, 'id' | 'credentialId'>;

/** The decoy's passkeys, as a real one's are listed (`pky…` ids, 32-byte credential ids). */
export function decoyPasskeys(seed: string): DecoyPasskey[] {
  const count = 1 + (bytesOf(seed, 'count')[0]! % 2);
  return Array.from({ length: count }, (_, i) => ({
    id: `pky${bytesOf(seed, `factor:${i}`).subarray(0, 9).toString('base64url')}`,
    credentialId: bytesOf(seed, `credential:${i}`).toString('base64url'),
  }));
}

/**
 * The transaction's stand-in user: never stored, never shown (a passkey sign-in names nobody). Its id is a
 * stable UUID of the seed, so the per-user attempt limits count a decoy's attempts like a real user's.
 */
export function decoyUser(tenantId: string, seed: string): IdentityUser {
  const hex = bytesOf(seed, 'user').toString('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  const epoch = new Date(0);
  return {
    id,
    tenantId,
    login: '',
    firstName: '',
    lastName: '',
    userType: 'decoy',
    locale: null,
    createdAt: epoch,
    passwordHash: null,
    passwordChangedAt: null,
    passwordExpiresAt: null,
    passwordWarnAt: null,
    status: 'ACTIVE',
    mfaRequired: false,
    failedAttempts: 0,
    profileExtra: {},
    updatedAt: epoch,
  };
}

/** The passkeys a passwordless transaction offers: its user's, or its decoy's. */
export async function passkeysOf(
  ctx: AuthnContext,
  data: TransactionData,
  user: IdentityUser,
): Promise<Array<WebAuthnCredential | DecoyPasskey>> {
  if (data.decoy) return decoyPasskeys(data.decoy);
  return listWebAuthnCredentials(ctx.db, ctx.tenant.id, user.id);
}
