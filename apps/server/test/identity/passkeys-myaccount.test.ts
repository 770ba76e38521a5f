import { ACCOUNT_DATA_PATHS, WEBAUTHN_PATHS as PATHS } from '@trackwell/contracts';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmbeddedUser,
  EMBEDDED_PASSWORD,
  embeddedAccessToken,
  embeddedTokens,
} from '../support/embedded-signin.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import { register } from './software-authenticator.ts';

/**
 * Passkeys in the account area (MyAccount API, `okta.myAccount.webauthn.*`): registration
 * options and registration verified for real (a software authenticator in Node), list, rename, remove; the
 * challenge single-use and bound to its user; the origin and RP ID the store's configured ones; another
 * store's token and passkeys never seen. Each test makes its own store and users.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

async function store() {
  const def = buildTenantDefinition();
  const { tenant, host } = await t.createTenant({ code: def.code, config: def.config });
  return { tenant, host, clientId: tenant.config['client-id'], origin: t.app.publicUrls.origin(tenant) };
}
type Store = Awaited<ReturnType<typeof store>>;

async function signedIn(s: Store) {
  const user = await createEmbeddedUser(t.app, s.tenant.id);
  return { user, token: await embeddedAccessToken(t.app, s.host, s.clientId, user.login) };
}

const call = (
  s: Store,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: {
      host: s.host,
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { payload } : {}),
  });

type Options = { challenge: string; rp: { id: string; name: string }; user: { id: string } };
const optionsFor = async (s: Store, token: string) => {
  const res = await call(s, token, 'POST', PATHS.registration);
  expect(res.statusCode).toBe(200);
  return (res.json() as { options: Options }).options;
};
const passkeyPath = (id: string) => PATHS.passkey.replace(':id', encodeURIComponent(id));

describe('passkeys in the account area', () => {
  it('registers a passkey for the store’s relying party, lists, renames and removes it', async () => {
    const s = await store();
    const { token } = await signedIn(s);
    const options = await optionsFor(s, token);
    expect(options.rp.id).toBe(new URL(s.origin).hostname);
    const { response } = register(options, s.origin);
    const created = await call(s, token, 'POST', PATHS.passkeys, { credential: response, name: 'Laptop' });
    expect(created.statusCode).toBe(201);
    const passkey = created.json();
    expect(passkey).toMatchObject({ name: 'Laptop', lastUsedAt: null });
    expect(passkey._links.self.href).toBe(`${s.origin}/idp/myaccount/webauthn/${passkey.id}`);

    const listed = await call(s, token, 'GET', PATHS.passkeys);
    expect(listed.json()).toEqual([passkey]);
    const renamed = await call(s, token, 'PUT', passkeyPath(passkey.id), { name: 'Work laptop' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Work laptop');
    // "Export my data" lists it by name and dates; the key itself is the authenticator's, not exported.
    const exported = await call(s, token, 'GET', ACCOUNT_DATA_PATHS.export);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().passkeys).toEqual([
      { id: passkey.id, name: 'Work laptop', createdAt: passkey.createdAt, lastUsedAt: null },
    ]);
    expect((await call(s, token, 'DELETE', passkeyPath(passkey.id))).statusCode).toBe(204);
    expect((await call(s, token, 'GET', PATHS.passkeys)).json()).toEqual([]);
    expect((await call(s, token, 'DELETE', passkeyPath(passkey.id))).statusCode).toBe(404);
  });

  it('a challenge works once: the same answer again, and a second answer to it, are 400 naming credential', async () => {
    const s = await store();
    const { token } = await signedIn(s);
    const options = await optionsFor(s, token);
    const first = register(options, s.origin).response;
    expect((await call(s, token, 'POST', PATHS.passkeys, { credential: first })).statusCode).toBe(201);
    for (const credential of [first, register(options, s.origin).response]) {
      const res = await call(s, token, 'POST', PATHS.passkeys, { credential });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCauses[0].errorSummary).toMatch(/^credential: The challenge/);
    }
    expect((await call(s, token, 'GET', PATHS.passkeys)).json()).toHaveLength(1);
  });

  it('an answer made for another origin or RP ID is refused, and spends the challenge', async () => {
    const s = await store();
    const { token } = await signedIn(s);
    for (const [origin, rpId] of [
      ['http://evil.localhost', undefined],
      [s.origin, 'evil.localhost'],
    ] as const) {
      const options = await optionsFor(s, token);
      const res = await call(s, token, 'POST', PATHS.passkeys, {
        credential: register(options, origin, rpId ?? new URL(origin).hostname).response,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCauses[0].errorSummary).toBe(
        'credential: The registration response could not be verified',
      );
      const again = await call(s, token, 'POST', PATHS.passkeys, {
        credential: register(options, s.origin).response,
      });
      expect(again.json().errorCauses[0].errorSummary).toMatch(/^credential: The challenge/);
    }
  });

  it('another user’s challenge, another store’s passkey and token: refused, nothing leaks', async () => {
    const s = await store();
    const other = await store();
    const me = await signedIn(s);
    const them = await signedIn(s);
    const elsewhere = await signedIn(other);
    const theirOptions = await optionsFor(s, them.token);
    const stolen = await call(s, me.token, 'POST', PATHS.passkeys, {
      credential: register(theirOptions, s.origin).response,
    });
    expect(stolen.statusCode).toBe(400);
    const foreign = (
      await call(other, elsewhere.token, 'POST', PATHS.passkeys, {
        credential: register(await optionsFor(other, elsewhere.token), other.origin).response,
      })
    ).json();
    expect((await call(s, me.token, 'DELETE', passkeyPath(foreign.id))).statusCode).toBe(404);
    expect((await call(s, me.token, 'PUT', passkeyPath(foreign.id), { name: 'x' })).statusCode).toBe(404);
    expect((await call(s, me.token, 'GET', PATHS.passkeys)).json()).toEqual([]);
    // The other store's token at this store: 401.
    expect((await call(s, elsewhere.token, 'GET', PATHS.passkeys)).statusCode).toBe(401);
    expect((await call(other, elsewhere.token, 'GET', PATHS.passkeys)).json()).toHaveLength(1);
  });

  it('401 without a token on every route; 400 naming the field for bad bodies', async () => {
    const s = await store();
    const { token } = await signedIn(s);
    for (const [method, url] of [
      ['GET', PATHS.passkeys],
      ['POST', PATHS.registration],
      ['POST', PATHS.passkeys],
      ['PUT', passkeyPath('pky1')],
      ['DELETE', passkeyPath('pky1')],
    ] as const) {
      const res = await call(
        s,
        undefined,
        method,
        url,
        method === 'POST' || method === 'PUT' ? {} : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const bad = async (url: string, method: 'POST' | 'PUT', payload: object, field: string) => {
      const res = await call(s, token, method, url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errorCauses[0].errorSummary).toMatch(new RegExp(`^(body\\.)?${field}: `));
    };
    await bad(PATHS.passkeys, 'POST', {}, 'credential');
    await bad(
      PATHS.passkeys,
      'POST',
      { credential: { response: { clientDataJSON: 'x'.repeat(5000) } } },
      'credential',
    );
    await bad(PATHS.passkeys, 'POST', { credential: {}, name: 'x'.repeat(101) }, 'name');
    await bad(PATHS.passkeys, 'POST', { credential: {}, name: 'a\u0000b' }, 'name');
    const options = await optionsFor(s, token);
    const id = (
      await call(s, token, 'POST', PATHS.passkeys, { credential: register(options, s.origin).response })
    ).json().id;
    await bad(passkeyPath(id), 'PUT', {}, 'name');
    await bad(passkeyPath(id), 'PUT', { name: '   ' }, 'name');
  });

  it('403 without the webauthn scopes (read for the list, manage for changes)', async () => {
    const s = await store();
    const user = await createEmbeddedUser(t.app, s.tenant.id);
    const readOnly = (
      await embeddedTokens(t.app, s.host, s.clientId, user.login, EMBEDDED_PASSWORD, [
        'okta.myAccount.profile.read',
        'okta.myAccount.webauthn.read',
      ])
    ).access_token;
    expect((await call(s, readOnly, 'GET', PATHS.passkeys)).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', PATHS.registration],
      ['POST', PATHS.passkeys],
      ['PUT', passkeyPath('pky1')],
      ['DELETE', passkeyPath('pky1')],
    ] as const) {
      const res = await call(s, readOnly, method, url, method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.headers['www-authenticate']).toContain('scope="okta.myAccount.webauthn.manage"');
    }
    const none = (
      await embeddedTokens(t.app, s.host, s.clientId, user.login, EMBEDDED_PASSWORD, [
        'okta.myAccount.profile.read',
      ])
    ).access_token;
    expect((await call(s, none, 'GET', PATHS.passkeys)).statusCode).toBe(403);
  });

  it('an expired challenge is refused', async () => {
    const s = await store();
    const { token } = await signedIn(s);
    const options = await optionsFor(s, token);
    await t.app.db.query(
      `UPDATE identity_tokens SET expires_at = now() - interval '1 second'
        WHERE tenant_id = $1 AND kind = 'webauthn_challenge'`,
      [s.tenant.id],
    );
    const res = await call(s, token, 'POST', PATHS.passkeys, {
      credential: register(options, s.origin).response,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCauses[0].errorSummary).toMatch(/^credential: The challenge/);
  });
});
