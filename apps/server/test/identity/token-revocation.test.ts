import { TRACKER_PATHS, USER_INFO_PATH } from '@trackwell/contracts';
import { createStoreApiKey, deactivateIdentityUser } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authnClient,
  cookieJarFetch,
  type IdpHarness,
  PASSWORD,
  signInWithSdk,
  useIdpWithCookieJar,
} from '../support/identity-harness.ts';

/**
 * Revocation that revokes, in one process (the multi-process case is multi-process.test.ts): after a revocation, a
 * sign-out (DELETE /api/v1/sessions/me, or /v1/logout), a password reset or change, or a deactivation, the
 * embedded issuer's introspection says inactive and every verifier refuses the token — the tracker API,
 * /api/identity/v1/me, MyAccount and userinfo — while other users' tokens go on working.
 */

const idp = useIdpWithCookieJar();
const { realFetch, jar } = idp;
let h: IdpHarness;
beforeAll(() => {
  h = idp.harness();
});

const basic = () => `Basic ${Buffer.from(h.clientId()).toString('base64')}`;

async function introspect(token: string): Promise<boolean> {
  const res = await realFetch(`${h.origin()}/oauth2/default/v1/introspect`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic() },
    body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { active: boolean }).active;
}

/** The status each of the product's verifiers answers for this bearer token. */
async function verifiers(token: string) {
  const get = async (path: string) =>
    (
      await realFetch(`${h.origin()}${path}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      })
    ).status;
  return {
    tracker: await get(TRACKER_PATHS.featureFlags),
    me: await get(USER_INFO_PATH),
    myaccount: await get('/idp/myaccount/profile'),
    userinfo: await get('/oauth2/default/v1/userinfo'),
  };
}

/** POST /api/v1/users/{id}/lifecycle/{operation} with a provisioning key of the store, as an administrator's tool. */
async function lifecycle(userId: string, operation: string) {
  const { key } = await h.t.app.db.transaction((tx) =>
    createStoreApiKey(tx, h.tenantId(), 'admin tool', null, 'provisioning'),
  );
  const res = await realFetch(`${h.origin()}/api/v1/users/${userId}/lifecycle/${operation}?sendEmail=false`, {
    method: 'POST',
    headers: { authorization: `SSWS ${key}`, accept: 'application/json' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

const ACCEPTED = { tracker: 200, me: 200, myaccount: 200, userinfo: 200 };
const REFUSED = { tracker: 401, me: 401, myaccount: 401, userinfo: 401 };

/**
 * A user signed in through the SDK. `browser: 'own'` keeps their IdP session in a cookie jar of its own (another
 * browser): a sign-in in the shared jar replaces the session there, which ends that session's refresh tokens.
 */
async function signedIn({ browser = 'shared' }: { browser?: 'shared' | 'own' } = {}) {
  const user = await h.createUser();
  const cookies = browser === 'own' ? cookieJarFetch(realFetch).fetch : jar.fetch;
  const { auth, tokens } = await signInWithSdk(h, cookies, user.login);
  const accessToken = tokens.accessToken?.accessToken as string;
  const refreshToken = tokens.refreshToken?.refreshToken as string;
  expect(await verifiers(accessToken)).toEqual(ACCEPTED);
  expect(await introspect(refreshToken)).toBe(true);
  return { user, auth, tokens, accessToken, refreshToken };
}

describe('revocation that revokes', () => {
  it('POST /v1/revoke of an access token: introspection inactive, every verifier 401; other tokens unaffected', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const a2 = await signInWithSdk(h, jar.fetch, a.user.login); // the same user's other token
    const res = await realFetch(`${h.origin()}/oauth2/default/v1/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic() },
      body: new URLSearchParams({ token: a.accessToken, token_type_hint: 'access_token' }),
    });
    expect(res.status).toBe(200);
    expect(await introspect(a.accessToken)).toBe(false);
    expect(await verifiers(a.accessToken)).toEqual(REFUSED);
    expect(await introspect(b.accessToken)).toBe(true);
    expect(await verifiers(b.accessToken)).toEqual(ACCEPTED);
    expect(await verifiers(a2.tokens.accessToken?.accessToken as string)).toEqual(ACCEPTED);
  });

  it('a token of another client or a forged one is not recorded: revoke answers 200 and changes nothing', async () => {
    const a = await signedIn();
    const [head, , sig] = a.accessToken.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ jti: 'x', uid: a.user.id })).toString('base64url')}.${sig}`;
    const res = await realFetch(`${h.origin()}/oauth2/default/v1/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic() },
      body: new URLSearchParams({ token: forged }),
    });
    expect(res.status).toBe(200);
    const { rows } = await h.t.app.db.query('SELECT 1 FROM token_revocations WHERE subject = $1', ['x']);
    expect(rows).toHaveLength(0);
    expect(await verifiers(a.accessToken)).toEqual(ACCEPTED);
  });

  it('sign-out (DELETE /api/v1/sessions/me) revokes the user’s tokens; signing in again at once works', async () => {
    const other = await signedIn({ browser: 'own' });
    const a = await signedIn(); // the jar now holds a's IdP session
    const out = await jar.fetch(`${h.origin()}/api/v1/sessions/me`, { method: 'DELETE' });
    expect(out.status).toBe(204);
    expect(await introspect(a.accessToken)).toBe(false);
    expect(await verifiers(a.accessToken)).toEqual(REFUSED);
    expect(await introspect(a.refreshToken)).toBe(false); // the session's grant went with it
    expect(await verifiers(other.accessToken)).toEqual(ACCEPTED);
    expect(await introspect(other.refreshToken)).toBe(true);
    // Within the same second as the sign-out: the new token is stamped after the cut-off, and accepted.
    const again = await signInWithSdk(h, jar.fetch, a.user.login);
    expect(await verifiers(again.tokens.accessToken?.accessToken as string)).toEqual(ACCEPTED);
  });

  it('sign-out through /v1/logout (RP-initiated, confirmed) revokes the user’s tokens', async () => {
    const other = await signedIn({ browser: 'own' });
    const a = await signedIn();
    const logout = new URL(`${h.origin()}/oauth2/default/v1/logout`);
    logout.searchParams.set('id_token_hint', a.tokens.idToken?.idToken as string);
    logout.searchParams.set('post_logout_redirect_uri', h.origin());
    const page = await jar.fetch(logout, { redirect: 'manual' });
    expect(page.status).toBe(200); // the provider's self-submitting logout form; submit it as the browser would
    const html = await page.text();
    const action = /action="([^"]+)"/.exec(html)?.[1] as string;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] as string;
    const confirm = await jar.fetch(new URL(action, h.origin()), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirm.status).toBeGreaterThanOrEqual(300);
    expect(confirm.status).toBeLessThan(400);
    expect(await introspect(a.accessToken)).toBe(false);
    expect(await verifiers(a.accessToken)).toEqual(REFUSED);
    expect(await verifiers(other.accessToken)).toEqual(ACCEPTED);
  });

  it('a password reset (forgot password → e-mailed link → new password) revokes the user’s tokens', async () => {
    const other = await signedIn({ browser: 'own' });
    const a = await signedIn();
    const post = (path: string, body: unknown) =>
      realFetch(`${h.origin()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (await post('/api/v1/authn/recovery/password', { username: a.user.login, factorType: 'EMAIL' })).status,
    ).toBe(200);
    const mail = await h.mail(a.user.login, '/signin/reset-password/');
    const recoveryToken = new RegExp(`${h.origin()}/signin/reset-password/([^\\s?]+)`).exec(mail.text)?.[1];
    const state = (await (await post('/api/v1/authn/recovery/token', { recoveryToken })).json()) as {
      stateToken: string;
      status: string;
    };
    expect(state.status).toBe('PASSWORD_RESET');
    const done = await post('/api/v1/authn/credentials/reset_password', {
      stateToken: state.stateToken,
      newPassword: 'Brand-new-pass-77',
    });
    expect(done.status).toBe(200);
    expect(await introspect(a.accessToken)).toBe(false);
    expect(await verifiers(a.accessToken)).toEqual(REFUSED);
    expect(await introspect(a.refreshToken)).toBe(false); // sessions and grants ended too
    expect(await verifiers(other.accessToken)).toEqual(ACCEPTED);
    expect(await introspect(other.refreshToken)).toBe(true);
  });

  it('a password change through MyAccount revokes the user’s older tokens, not the one that made it', async () => {
    const a = await signedIn();
    // iat has one-second resolution: the second token must be of a later second than the first.
    await new Promise((r) => setTimeout(r, 1_100));
    const current = await signInWithSdk(h, jar.fetch, a.user.login);
    const currentToken = current.tokens.accessToken?.accessToken as string;
    const res = await realFetch(`${h.origin()}/idp/myaccount/password`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${currentToken}`,
        accept: 'application/json; okta-version=1.0.0',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ profile: { password: 'Another-pass-88', currentPassword: PASSWORD } }),
    });
    expect(res.status).toBe(201);
    expect(await verifiers(a.accessToken)).toEqual(REFUSED);
    expect(await introspect(a.accessToken)).toBe(false);
    expect(await verifiers(currentToken)).toEqual(ACCEPTED);
  });

  it('deactivation (repository: no administration route exists yet) revokes the user’s tokens and sign-in', async () => {
    const other = await signedIn({ browser: 'own' });
    const a = await signedIn();
    expect(await deactivateIdentityUser(h.t.app.db, h.tenantId(), a.user.id)).toBe(true);
    // Written straight to the database, as another process would: seen through NOTIFY or the 2 s poll.
    await expect.poll(() => introspect(a.accessToken), { timeout: 5_000, interval: 100 }).toBe(false);
    expect(await verifiers(a.accessToken)).toEqual(REFUSED);
    expect(await introspect(a.refreshToken)).toBe(false);
    expect(await verifiers(other.accessToken)).toEqual(ACCEPTED);
    expect(await introspect(other.refreshToken)).toBe(true);
    const tx = await authnClient(h)
      .signInWithCredentials({ username: a.user.login, password: PASSWORD })
      .catch((e) => e);
    expect(tx.errorCode).toBe('E0000004');
  });

  it('an administrator’s password reset (Users API) revokes the user’s tokens at once, not when the user completes it', async () => {
    const other = await signedIn({ browser: 'own' });
    const a = await signedIn();
    await lifecycle(a.user.id, 'reset_password');
    expect(await introspect(a.accessToken)).toBe(false);
    expect(await verifiers(a.accessToken)).toEqual(REFUSED);
    expect(await introspect(a.refreshToken)).toBe(false);
    expect(await verifiers(other.accessToken)).toEqual(ACCEPTED);
  });

  it('suspend, unsuspend, a new sign-in and a deactivation in quick succession: the new token is refused', async () => {
    const a = await signedIn();
    await lifecycle(a.user.id, 'suspend');
    await lifecycle(a.user.id, 'unsuspend');
    const again = await signInWithSdk(h, jar.fetch, a.user.login);
    const token = again.tokens.accessToken?.accessToken as string;
    expect(await verifiers(token)).toEqual(ACCEPTED);
    await lifecycle(a.user.id, 'deactivate');
    expect(await introspect(token)).toBe(false);
    expect(await verifiers(token)).toEqual(REFUSED);
  });
});
