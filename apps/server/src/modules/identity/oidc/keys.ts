import { createHash, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { type DatabaseHandle, findStableIdentitySecret, getOrCreateIdentityKeys } from '@trackwell/db';
import { exportJWK, importJWK, type JWK } from 'jose';

/**
 * A store's signing key and cookie secret: made once, kept in the database (identity_keys), so every process
 * (and a restarted one) signs and verifies with the same key; rotated on demand (scripts/identity-keys.ts).
 */

export type VerifyKey = Awaited<ReturnType<typeof importJWK>>;

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * A new key pair is made on libuv's thread pool, not on the event loop: an RSA-2048 key takes 10–60 ms here
 * (more on a slower machine), which every other request of every store would otherwise wait for at a
 * store's first sign-in and at each rotation.
 */
async function generateKeys() {
  const { privateKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  // kid = RFC 7638-style thumbprint prefix: stable for the key, unique across tenants.
  const kid = createHash('sha256').update(`${jwk.n}.${jwk.e}`).digest('base64url').slice(0, 22);
  return {
    kid,
    privateJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } as Record<string, unknown>,
    cookieSecret: randomBytes(32).toString('base64url'),
  };
}

const publicKeyOf = async (privateJwk: Record<string, unknown>): Promise<VerifyKey> => {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk as JWK;
  return importJWK({ ...publicJwk, alg: 'RS256' }, 'RS256');
};

/**
 * The store's keys for its identity provider: the signing keys (current first: it signs; a rotation's next
 * one is published before it signs, its previous one only verifies what it signed), the cookie secrets in
 * the same order (the first signs, every one verifies: a process that has not yet heard of a promotion still
 * reads the cookies another process signed with the new secret), and the public keys by kid for verifying
 * our own access tokens.
 */
export async function storeKeys(db: DatabaseHandle, tenantId: string) {
  const keys = await getOrCreateIdentityKeys(db, tenantId, generateKeys);
  const all = [keys, keys.next, keys.previous].filter((k) => k !== undefined);
  const publicKeys = new Map<string, VerifyKey>();
  for (const k of all) publicKeys.set(k.kid, await publicKeyOf(k.privateJwk));
  return {
    kid: keys.kid,
    privateJwks: all.map((k) => k.privateJwk as JWK),
    cookieSecrets: all.map((k) => k.cookieSecret),
    publicKeys,
  };
}

/** A new signing key and cookie secret, for a rotation (db identity-key-rotation.ts). */
export const newIdentityKeys = generateKeys;

/**
 * The store's own secret, for values that must be stable and unguessable (passkey-decoy.ts): the first cookie
 * secret, which a key rotation keeps (identity-key-rotation.ts), so decoys never change.
 */
export async function storeSecret(db: DatabaseHandle, tenantId: string): Promise<string> {
  const stable = await findStableIdentitySecret(db, tenantId);
  return stable ?? (await getOrCreateIdentityKeys(db, tenantId, generateKeys)).cookieSecret;
}
