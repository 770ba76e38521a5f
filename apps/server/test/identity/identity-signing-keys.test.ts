import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newIdentityKeys } from '../../src/modules/identity/oidc/keys.ts';

/**
 * A store's new signing key: an RSA key pair made off the event loop (a store's first sign-in and each
 * rotation make one, while every other request of every store keeps being answered).
 */
describe('a new identity signing key', () => {
  it('is made while the event loop goes on turning', async () => {
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const keys = await newIdentityKeys();
    // Made on the event loop, the key and everything after it would be done before the loop turned once.
    expect(turned).toBe(true);
    expect(keys.privateJwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: keys.kid });
  });

  it('is a 2048-bit RSA key named by its thumbprint, with its own cookie secret', async () => {
    const [a, b] = await Promise.all([newIdentityKeys(), newIdentityKeys()]);
    const publicKey = createPublicKey({ key: a.privateJwk as never, format: 'jwk' });
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(a.kid).toMatch(/^[\w-]{22}$/);
    expect(a.kid).not.toBe(b.kid);
    expect(a.cookieSecret).not.toBe(b.cookieSecret);
    expect(Buffer.from(a.cookieSecret, 'base64url')).toHaveLength(32);
  });
});
