import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { type DatabaseHandle, getOrCreateIdentityKeys } from '@trackwell/db';
import { exportJWK, importJWK, type JWK } from 'jose';

/**
 * A store's signing key and cookie secret: made once, kept in the database (identity_keys), so every process
 * (and a restarted one) signs and verifies with the same key.
 */

export type VerifyKey = Awaited<ReturnType<typeof importJWK>>;

async function generateKeys() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  // kid = RFC 7638-style thumbprint prefix: stable for the key, unique across tenants.
  const kid = createHash('sha256').update(`${jwk.n}.${jwk.e}`).digest('base64url').slice(0, 22);
  return {
    kid,
    privateJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } as Record<string, unknown>,
    cookieSecret: randomBytes(32).toString('base64url'),
  };
}

/** The store's keys, and the public half imported for verifying our own access tokens. */
export async function storeKeys(db: DatabaseHandle, tenantId: string) {
  const keys = await getOrCreateIdentityKeys(db, tenantId, generateKeys);
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = keys.privateJwk as JWK;
  const publicKey: VerifyKey = await importJWK({ ...publicJwk, alg: 'RS256' }, 'RS256');
  return { kid: keys.kid, privateJwk: keys.privateJwk as JWK, cookieSecret: keys.cookieSecret, publicKey };
}

/** The store's own secret (identity_keys), for values that must be stable and unguessable (passkey-decoy.ts). */
export async function storeSecret(db: DatabaseHandle, tenantId: string): Promise<string> {
  return (await getOrCreateIdentityKeys(db, tenantId, generateKeys)).cookieSecret;
}
