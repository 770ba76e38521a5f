import { generateKeyPairSync } from 'node:crypto';
import { retirePreviousIdentityKeys, rotateIdentityKeys } from '@trackwell/db';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { decodeProtectedHeader, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newIdentityKeys, storeSecret } from '../../src/modules/identity/oidc/keys.ts';
import { createEmbeddedUser, EMBEDDED_PASSWORD, embeddedTokens } from '../support/embedded-signin.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import { eventually } from '../support/notifications-fixtures.ts';

/**
 * Rotating a store's identity keys (the embedded provider's signing key and cookie secret) in two steps:
 * after the rotation, new tokens are signed with the new key while tokens signed with the previous one are
 * still accepted and the JWKS lists both; once the previous keys are retired, their tokens are refused. A
 * token that merely names the previous key's kid, signed with another key, is refused throughout.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const kidsOf = async (host: string) =>
  ((await t.app.inject({ url: '/oauth2/default/v1/keys', headers: { host } })).json() as { keys: unknown[] })
    .keys;

describe('identity key rotation', () => {
  it('accepts the previous key’s tokens until it is retired, signs new ones with the new key, refuses forgeries', async () => {
    const def = buildTenantDefinition();
    const { tenant, host } = await t.createTenant({ code: def.code, config: def.config });
    const clientId = tenant.config['client-id'];
    const user = await createEmbeddedUser(t.app, tenant.id);
    const headers = (token: string) => ({
      host,
      authorization: `Bearer ${token}`,
      accept: 'application/json',
    });
    const profile = async (token: string) =>
      (await t.app.inject({ url: '/idp/myaccount/profile', headers: headers(token) })).statusCode;
    const kids = async () =>
      (
        (await t.app.inject({ url: '/oauth2/default/v1/keys', headers: { host } })).json() as {
          keys: Array<{ kid: string; d?: string }>;
        }
      ).keys;

    const before = await embeddedTokens(t.app, host, clientId, user.login);
    const oldKid = decodeProtectedHeader(before.access_token).kid!;
    expect((await kids()).map((k) => k.kid)).toEqual([oldKid]);
    expect(await profile(before.access_token)).toBe(200);

    const decoySecret = await storeSecret(t.app.db, tenant.id);
    const fresh = await newIdentityKeys();
    expect(await t.app.db.transaction((tx) => rotateIdentityKeys(tx, tenant.id, fresh))).toBe(true);
    // Every process hears the store's change and rebuilds its provider: the JWKS lists the new key first.
    const listed = await eventually(async () => {
      const keys = await kids();
      expect(keys.map((k) => k.kid)).toEqual([fresh.kid, oldKid]);
      return keys;
    });
    expect(listed.every((k) => k.d === undefined)).toBe(true); // public halves only
    expect(await profile(before.access_token)).toBe(200);
    const after = await embeddedTokens(t.app, host, clientId, user.login);
    expect(decodeProtectedHeader(after.access_token).kid).toBe(fresh.kid);
    expect(decodeProtectedHeader(after.id_token).kid).toBe(fresh.kid);
    expect(await profile(after.access_token)).toBe(200);

    // A token naming the previous kid, signed with a key the store never had.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const claims = JSON.parse(Buffer.from(before.access_token.split('.')[1]!, 'base64url').toString());
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: oldKid, typ: 'at+jwt' })
      .sign(await importJWK(privateKey.export({ format: 'jwk' }), 'RS256'));
    expect(await profile(forged)).toBe(401);

    expect(await t.app.db.transaction((tx) => retirePreviousIdentityKeys(tx, tenant.id))).toBe(true);
    await eventually(async () => expect((await kids()).map((k) => k.kid)).toEqual([fresh.kid]));
    expect(await profile(before.access_token)).toBe(401);
    expect(await profile(after.access_token)).toBe(200);
    expect(await t.app.db.transaction((tx) => retirePreviousIdentityKeys(tx, tenant.id))).toBe(false);
    // The passkey sign-in's decoys never change: their secret survives rotations (else they would tell an
    // unknown address from a real account, whose passkeys stay).
    await t.app.db.transaction(async (tx) => rotateIdentityKeys(tx, tenant.id, await newIdentityKeys()));
    expect(await storeSecret(t.app.db, tenant.id)).toBe(decoySecret);
  });

  it('a session cookie signed with the previous cookie secret keeps its session until the secret is retired', async () => {
    const def = buildTenantDefinition();
    const { tenant, host } = await t.createTenant({ code: def.code, config: def.config });
    const clientId = tenant.config['client-id'];
    const user = await createEmbeddedUser(t.app, tenant.id);
    const authorize = (extra: Record<string, string>, cookie = '') =>
      t.app.inject({
        url: `/oauth2/default/v1/authorize?${new URLSearchParams({
          client_id: clientId,
          redirect_uri: `http://${host}/implicit/callback`,
          response_type: 'code',
          scope: 'openid',
          state: 'st4te',
          nonce: 'n0nce',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
          ...extra,
        })}`,
        headers: { host, ...(cookie ? { cookie } : {}) },
      });
    /** What the silent renewal (prompt=none) with these cookies gets: a code, or the OAuth error. */
    const silently = async (cookie: string) => {
      const location = String((await authorize({ prompt: 'none' }, cookie)).headers.location ?? '');
      const answer = new URL(location, `http://${host}`).searchParams;
      return answer.get('code') ? 'code' : answer.get('error');
    };
    const authn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authn',
      headers: { host, 'content-type': 'application/json' },
      payload: { username: user.login, password: EMBEDDED_PASSWORD },
    });
    const signedIn = await authorize({ sessionToken: authn.json().sessionToken });
    const cookie = [signedIn.headers['set-cookie'] ?? []]
      .flat()
      .map((c) => c.split(';')[0]!)
      .filter((c) => c.startsWith('_session'))
      .join('; ');
    expect(cookie).toMatch(/_session=.*_session\.sig=/);
    expect(await silently(cookie)).toBe('code');

    await t.app.db.transaction(async (tx) => rotateIdentityKeys(tx, tenant.id, await newIdentityKeys()));
    await eventually(async () => expect((await kidsOf(host)).length).toBe(2));
    expect(await silently(cookie)).toBe('code');
    await t.app.db.transaction((tx) => retirePreviousIdentityKeys(tx, tenant.id));
    await eventually(async () => expect((await kidsOf(host)).length).toBe(1));
    expect(await silently(cookie)).toBe('login_required');
  });

  it('a store whose provider never ran has nothing to rotate', async () => {
    const { tenant } = await t.createTenant();
    expect(
      await t.app.db.transaction(async (tx) => rotateIdentityKeys(tx, tenant.id, await newIdentityKeys())),
    ).toBe(false);
  });
});
