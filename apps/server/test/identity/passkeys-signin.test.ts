import { WEBAUTHN_PATHS } from '@trackwell/contracts';
import { setProvisionedUserStatus, upsertIdentityFactor } from '@trackwell/db';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedUser, EMBEDDED_PASSWORD, embeddedAccessToken } from '../support/embedded-signin.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';
import { assert, register, type SoftwarePasskey } from './software-authenticator.ts';

/**
 * Signing in with a passkey through the authn API as Okta's `webauthn` factor: a username and
 * no password → MFA_REQUIRED with the user's passkeys → verify (challenge) → verify with the assertion →
 * SUCCESS. A replayed challenge, another origin, a counter that does not move, another store's passkey: 403
 * or 404, never a session. Each test makes its own store and users; the authenticator is software (Node).
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

const post = (s: Store, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { host: s.host, 'content-type': 'application/json', accept: 'application/json', ...headers },
    payload,
  });

/** A user of the store with a passkey registered through the account area. */
async function userWithPasskey(s: Store) {
  const user = await createEmbeddedUser(t.app, s.tenant.id);
  const token = await embeddedAccessToken(t.app, s.host, s.clientId, user.login);
  const auth = { authorization: `Bearer ${token}` };
  const { options } = (await post(s, WEBAUTHN_PATHS.registration, {}, auth)).json();
  const { passkey, response } = register(options, s.origin);
  const saved = await post(s, WEBAUTHN_PATHS.passkeys, { credential: response, name: 'Phone' }, auth);
  expect(saved.statusCode).toBe(201);
  return { user, passkey, passkeyId: saved.json().id as string };
}

type Tx = {
  status: string;
  stateToken: string;
  sessionToken?: string;
  _embedded: {
    factors?: Array<{
      id: string;
      factorType: string;
      profile: { credentialId: string };
      _links: { verify: { href: string } };
    }>;
    factor?: { id: string; _embedded: { challenge: { challenge: string } } };
  };
  _links: { next?: { href: string } };
};
const path = (href: string) => new URL(href).pathname;

/** Username, no password → MFA_REQUIRED → challenge: the transaction waiting for an assertion. */
async function challenged(s: Store, login: string) {
  const required = await post(s, '/api/v1/authn', { username: login });
  expect(required.statusCode).toBe(200);
  const tx = required.json() as Tx;
  expect(tx.status).toBe('MFA_REQUIRED');
  const factor = tx._embedded.factors![0]!;
  const challenge = (
    await post(s, path(factor._links.verify.href), { stateToken: tx.stateToken })
  ).json() as Tx;
  expect(challenge.status).toBe('MFA_CHALLENGE');
  return challenge;
}

const answer = (
  s: Store,
  tx: Tx,
  passkey: SoftwarePasskey,
  origin = s.origin,
  signCount?: number,
  userVerified = true,
) => {
  const challenge = tx._embedded.factor!._embedded.challenge.challenge;
  const a = assert(passkey, challenge, origin, undefined, signCount, userVerified);
  return post(s, path(tx._links.next!.href), {
    stateToken: tx.stateToken,
    clientData: a.response.clientDataJSON,
    authenticatorData: a.response.authenticatorData,
    signatureData: a.response.signature,
  });
};

describe('sign in with a passkey (authn API, webauthn factor)', () => {
  it('username → the passkeys → challenge → assertion → SUCCESS with a session token; last used recorded', async () => {
    const s = await store();
    const { user, passkey, passkeyId } = await userWithPasskey(s);
    const answered = await post(s, '/api/v1/authn', { username: user.login });
    const required = answered.json() as Tx;
    expect(required._embedded.factors).toEqual([
      expect.objectContaining({
        id: passkeyId,
        factorType: 'webauthn',
        profile: { credentialId: passkey.credentialId.toString('base64url') },
      }),
    ]);
    const tx = await challenged(s, user.login);
    // Whoever typed the address learns nothing of the person before the passkey answered: no name, no
    // user object, not the name they gave their passkey.
    for (const body of [answered.body, JSON.stringify(tx)]) {
      expect(body).not.toMatch(/Ada|Lovelace|Phone|"user"/);
    }
    expect(tx._embedded.factor!._embedded.challenge.challenge).toMatch(/^[\w-]{43}$/);
    const done = await answer(s, tx, passkey);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'SUCCESS', sessionToken: expect.any(String) });
    const token = await embeddedAccessToken(t.app, s.host, s.clientId, user.login);
    const listed = await t.app.inject({
      method: 'GET',
      url: WEBAUTHN_PATHS.passkeys,
      headers: { host: s.host, accept: 'application/json', authorization: `Bearer ${token}` },
    });
    expect(listed.json()[0].lastUsedAt).not.toBeNull();
  });

  it('a replayed challenge, another origin, a counter that does not move: 403, and the challenge is spent', async () => {
    const s = await store();
    const { user, passkey } = await userWithPasskey(s);
    const tx = await challenged(s, user.login);
    const wrongOrigin = await answer(s, tx, passkey, 'http://evil.localhost');
    expect(wrongOrigin.statusCode).toBe(403);
    expect(wrongOrigin.json().errorCode).toBe('E0000068');
    // The same challenge again, now from the right origin: spent.
    expect((await answer(s, tx, passkey)).statusCode).toBe(403);

    const second = await challenged(s, user.login);
    expect((await answer(s, second, passkey)).statusCode).toBe(200);
    const third = await challenged(s, user.login);
    // A cloned authenticator: its counter is where the last sign-in left it.
    expect((await answer(s, third, passkey, s.origin, passkey.signCount)).statusCode).toBe(403);
    // The passkey is both factors only with the person verified (PIN, biometrics), not a touch alone.
    const fourth = await challenged(s, user.login);
    expect((await answer(s, fourth, passkey, s.origin, undefined, false)).statusCode).toBe(403);
    expect(fourth._embedded.factor!._embedded.challenge).toMatchObject({ userVerification: 'required' });
  });

  it('another store’s passkey is never accepted, and its id is not a factor here', async () => {
    const s = await store();
    const other = await store();
    const mine = await userWithPasskey(s);
    const theirs = await userWithPasskey(other);
    const tx = await challenged(s, mine.user.login);
    // Signed by the other store's key (for this store's origin and challenge): not this factor's key.
    expect((await answer(s, tx, theirs.passkey)).statusCode).toBe(403);
    const again = await challenged(s, mine.user.login);
    const foreign = await post(s, `/api/v1/authn/factors/${theirs.passkeyId}/verify`, {
      stateToken: again.stateToken,
    });
    expect(foreign.statusCode).toBe(404);
    // The other store's user does not exist here: a decoy, with none of their passkeys.
    const elsewhere = (await post(s, '/api/v1/authn', { username: theirs.user.login })).json() as Tx;
    expect(elsewhere.status).toBe('MFA_REQUIRED');
    expect(JSON.stringify(elsewhere)).not.toContain(theirs.passkeyId);
    expect(JSON.stringify(elsewhere)).not.toContain(theirs.passkey.credentialId.toString('base64url'));
  });

  it('a password still works beside a passkey; "previous" offers only passkeys', async () => {
    const s = await store();
    const { user } = await userWithPasskey(s);
    const withPassword = await post(s, '/api/v1/authn', {
      username: user.login,
      password: EMBEDDED_PASSWORD,
    });
    expect(withPassword.json().status).toBe('SUCCESS');
    // An e-mail factor of the user's is not a way round the password in a passkey sign-in.
    const email = await upsertIdentityFactor(t.app.db, s.tenant.id, user.id, {
      factorType: 'email',
      provider: 'OKTA',
      status: 'ACTIVE',
    });
    const tx = await challenged(s, user.login);
    const back = (await post(s, '/api/v1/authn/previous', { stateToken: tx.stateToken })).json() as Tx;
    expect(back.status).toBe('MFA_REQUIRED');
    expect(back._embedded.factors!.map((f) => f.factorType)).toEqual(['webauthn']);
    const viaEmail = await post(s, `/api/v1/authn/factors/${email.id}/verify`, { stateToken: tx.stateToken });
    expect(viaEmail.statusCode).toBe(404);
  });
});

/** The answer's shape: its keys, nested, with every string reduced to its kind of value. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'expiresAt')
        .map(([k, v]) => [k, shapeOf(v)]),
    );
  if (typeof value !== 'string') return value;
  if (value.startsWith('http')) return new URL(value).pathname.replace(/pky[\w-]{12}/, 'pky…');
  return /^[\w-]{12,}$/.test(value) ? `token:${value.length > 20 ? 'long' : value.length}` : value;
}

describe('passkey sign-in does not tell who has a passkey (decoy transactions)', () => {
  it('an unknown address, one without passkeys and a deactivated one answer as a real account does', async () => {
    const s = await store();
    const real = await userWithPasskey(s);
    const plain = await createEmbeddedUser(t.app, s.tenant.id);
    const ended = await userWithPasskey(s);
    await setProvisionedUserStatus(t.app.db, s.tenant.id, ended.user.id, 'DEPROVISIONED');
    const ask = async (login: string) => {
      const r = await post(s, '/api/v1/authn', { username: login });
      expect(r.statusCode).toBe(200);
      return r.json() as Tx;
    };
    const realTx = await ask(real.user.login);
    for (const login of [plain.login, 'nobody@example.test', ended.user.login]) {
      const decoy = await ask(login);
      expect(decoy.status).toBe('MFA_REQUIRED');
      const factors = decoy._embedded.factors!;
      expect(factors.length === 1 || factors.length === 2).toBe(true);
      // The same shape as the real account's answer (one passkey: compare with its first).
      expect(shapeOf({ ...decoy, _embedded: { factors: factors.slice(0, 1) } })).toEqual(shapeOf(realTx));
      // Asked again, the same passkeys, as a real account's are.
      expect((await ask(login))._embedded.factors!.map((f) => f.id)).toEqual(factors.map((f) => f.id));
      expect(factors[0]!.id).toMatch(/^pky[\w-]{12}$/);
      expect(factors[0]!.profile.credentialId).toMatch(/^[\w-]{43}$/);
    }
    expect(JSON.stringify(await ask(ended.user.login))).not.toContain(ended.passkeyId);
  });

  it("a decoy's challenge, previous, introspect and cancel work; its assertion gets a wrong one's answer", async () => {
    const s = await store();
    const { user, passkey } = await userWithPasskey(s);
    const resendOf = async (tx: Tx) =>
      post(s, path(tx._links.next!.href).replace(/verify$/, 'verify/resend'), { stateToken: tx.stateToken });
    const realResend = await resendOf(await challenged(s, user.login));
    const tx = await challenged(s, 'nobody@example.test');
    const decoyResend = await resendOf(tx);
    expect(decoyResend.statusCode).toBe(realResend.statusCode);
    expect(decoyResend.json().errorCode).toBe(realResend.json().errorCode);
    expect(tx._embedded.factor!._embedded.challenge.challenge).toMatch(/^[\w-]{43}$/);
    const introspected = await post(s, '/api/v1/authn/introspect', { stateToken: tx.stateToken });
    expect(introspected.json()).toMatchObject({ status: 'MFA_CHALLENGE' });
    const refused = await answer(s, tx, passkey);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('E0000068');
    const back = await post(s, '/api/v1/authn/previous', { stateToken: tx.stateToken });
    expect(back.json()).toMatchObject({ status: 'MFA_REQUIRED' });
    expect((back.json() as Tx)._embedded.factors!.map((f) => f.id)).toContain(tx._embedded.factor!.id);
    const cancelled = await post(s, '/api/v1/authn/cancel', { stateToken: tx.stateToken });
    expect(cancelled.statusCode).toBe(200);
    expect((await post(s, '/api/v1/authn/introspect', { stateToken: tx.stateToken })).statusCode).toBe(401);
  });

  it("another store's decoy for the same address is another one (the store's own secret)", async () => {
    const [a, b] = [await store(), await store()];
    const ids = async (s: Store) =>
      (
        (await post(s, '/api/v1/authn', { username: 'same@example.test' })).json() as Tx
      )._embedded.factors!.map((f) => f.id);
    expect(await ids(a)).not.toEqual(await ids(b));
  });
});
