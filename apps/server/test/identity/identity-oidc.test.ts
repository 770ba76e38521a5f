import { createRemoteJWKSet, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  followToCallback as follow,
  type IdpHarness,
  oktaClient,
  PASSWORD,
  parseCallback,
  signInWithSdk,
  useIdpWithCookieJar,
} from '../support/identity-harness.ts';

/**
 * Conformance: the unchanged @okta/okta-auth-js 8 in Node against the embedded IdP on a real port —
 * signInWithCredentials, signInWithRedirect with a sessionToken (authorize + PKCE + code exchange through
 * the SDK's own parseFromUrl), getUser, renew by refresh token, revoke, session get/exists/close, signOut's
 * logout without a confirmation page.
 */

const idp = useIdpWithCookieJar();
const { realFetch, jar } = idp;
let h: IdpHarness;
beforeAll(() => {
  h = idp.harness();
});

const sdk = (host = '127.0.0.1', captured: { url?: string } = {}) => oktaClient(h, host, captured);
const followToCallback = (url: string) => follow(jar.fetch, url);
const signInWithTokens = (login: string) => signInWithSdk(h, jar.fetch, login);

describe('embedded IdP × okta-auth-js 8 (Node)', () => {
  it('serves discovery with Okta-style endpoints and S256 only', async () => {
    const res = await realFetch(`${h.origin()}/oauth2/default/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const d = (await res.json()) as Record<string, unknown>;
    const issuer = `${h.origin()}/oauth2/default`;
    expect(d.issuer).toBe(issuer);
    expect(d.authorization_endpoint).toBe(`${issuer}/v1/authorize`);
    expect(d.token_endpoint).toBe(`${issuer}/v1/token`);
    expect(d.jwks_uri).toBe(`${issuer}/v1/keys`);
    expect(d.userinfo_endpoint).toBe(`${issuer}/v1/userinfo`);
    expect(d.end_session_endpoint).toBe(`${issuer}/v1/logout`);
    expect(d.revocation_endpoint).toBe(`${issuer}/v1/revoke`);
    expect(d.introspection_endpoint).toBe(`${issuer}/v1/introspect`);
    expect(d.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('signInWithCredentials: SUCCESS with a sessionToken; a wrong password is E0000004', async () => {
    const user = await h.createUser();
    const auth = sdk();
    const ok = await auth.signInWithCredentials({ username: user.login, password: PASSWORD });
    expect(ok.status).toBe('SUCCESS');
    expect(ok.sessionToken).toMatch(/^[\w-]{20,}$/);
    expect(ok.user?.profile?.login).toBe(user.login);
    const bad = await auth
      .signInWithCredentials({ username: user.login, password: 'wrong-password-1' })
      .catch((e) => e);
    expect(bad.name).toBe('AuthApiError');
    expect(bad.errorCode).toBe('E0000004');
    expect(bad.errorSummary).toBe('Authentication failed');
    const unknown = await auth
      .signInWithCredentials({ username: 'nobody@example.test', password: PASSWORD })
      .catch((e) => e);
    expect(unknown.errorCode).toBe('E0000004');
  });

  it('signInWithRedirect({sessionToken}) → code + PKCE → tokens the API can verify from the JWKS', async () => {
    const user = await h.createUser({ firstName: 'Grace', lastName: 'Hopper' });
    const { auth, tokens } = await signInWithTokens(user.login);
    expect(tokens.idToken?.claims.sub).toBe(user.id);
    expect(tokens.idToken?.claims.email).toBe(user.login);
    expect(tokens.idToken?.claims.name).toBe('Grace Hopper');
    expect(tokens.refreshToken?.refreshToken).toBeTruthy();
    expect(tokens.accessToken?.scopes).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'okta.myAccount.profile.read']),
    );

    // The tracker API's view: jose against the issuer's JWKS.
    const issuer = `${h.origin()}/oauth2/default`;
    const jwks = createRemoteJWKSet(new URL(`${issuer}/v1/keys`));
    const { payload, protectedHeader } = await jwtVerify(tokens.accessToken?.accessToken as string, jwks, {
      issuer,
      audience: 'api://default',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ sub: user.login, uid: user.id, cid: h.clientId(), ver: 1 });
    expect(payload.scp).toEqual(expect.arrayContaining(['openid', 'email', 'okta.myAccount.email.manage']));

    // getUser: our /v1/userinfo, sub equal to the ID token's.
    const info = await auth.getUser();
    expect(info.sub).toBe(user.id);
    expect(info.email).toBe(user.login);
    expect(info.given_name).toBe('Grace');

    // The portal's user info (spec §3).
    const me = await realFetch(`${h.origin()}/api/identity/v1/me`, {
      headers: { authorization: `Bearer ${tokens.accessToken?.accessToken}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      MAEUserID: user.id,
      MAETenantID: h.tenantId(),
      userType: 'individual',
      firstName: 'Grace',
      lastName: 'Hopper',
      login: user.login,
      locale: null,
      // In no organisation of the store (the "subscriber company" sign-out applies to such users).
      organisationMember: false,
    });
  });

  it('the sessionToken is one-time: a replay gets an OAuth error at the redirect URI', async () => {
    const user = await h.createUser();
    const captured: { url?: string } = {};
    const auth = sdk('127.0.0.1', captured);
    const tx = await auth.signInWithCredentials({ username: user.login, password: PASSWORD });
    await auth.signInWithRedirect({ sessionToken: tx.sessionToken as string });
    jar.clear();
    await followToCallback(captured.url as string);
    jar.clear();
    const replay = await followToCallback(captured.url as string);
    expect(new URL(replay).searchParams.get('error')).toBe('invalid_request');
  });

  it("renewTokens with the refresh token (rotated), then revoke; a dead refresh token gets Okta's message", async () => {
    const user = await h.createUser();
    const { auth, tokens } = await signInWithTokens(user.login);
    const oldRefresh = tokens.refreshToken?.refreshToken;
    const renewed = await auth.token.renewTokens();
    expect(renewed.idToken?.claims.sub).toBe(user.id);
    expect(renewed.accessToken?.scopes).toContain('openid');
    expect(renewed.refreshToken?.refreshToken).toBeTruthy();
    expect(renewed.refreshToken?.refreshToken).not.toBe(oldRefresh);
    auth.tokenManager.setTokens(renewed);

    // The rotated-away refresh token is dead.
    const dead = await realFetch(`${h.origin()}/oauth2/default/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: h.clientId(),
        refresh_token: oldRefresh as string,
      }),
    });
    expect(dead.status).toBe(400);
    expect(await dead.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token is invalid or expired.',
    });

    await auth.revokeAccessToken();
    await auth.revokeRefreshToken();
    const afterRevoke = await realFetch(`${h.origin()}/oauth2/default/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: h.clientId(),
        refresh_token: renewed.refreshToken?.refreshToken as string,
      }),
    });
    expect(afterRevoke.status).toBe(400);
  });

  it('session.get/exists/refresh/close over the IdP session cookie; sessionCookieRedirect refuses other origins', async () => {
    jar.clear();
    const user = await h.createUser();
    const auth = sdk();
    expect(await auth.session.exists()).toBe(false);
    expect((await auth.session.get()).status).toBe('INACTIVE');
    const tx = await auth.signInWithCredentials({ username: user.login, password: PASSWORD });

    const evil = await jar.fetch(
      `${h.origin()}/login/sessionCookieRedirect?token=${tx.sessionToken}&redirectUrl=${encodeURIComponent('https://evil.example/')}`,
      { redirect: 'manual' },
    );
    expect(evil.status).toBe(400);
    expect(evil.headers.get('location')).toBeNull();

    const res = await jar.fetch(
      `${h.origin()}/login/sessionCookieRedirect?checkAccountSetupComplete=true&token=${tx.sessionToken}&redirectUrl=${encodeURIComponent(`${h.origin()}/`)}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${h.origin()}/`);
    expect(res.headers.get('set-cookie')).toMatch(/_session=.*HttpOnly/i);

    const session = (await auth.session.get()) as unknown as Record<string, unknown> & {
      refresh: () => Promise<{ status: string }>;
    };
    expect(session.status).toBe('ACTIVE');
    expect(session.login).toBe(user.login);
    expect(session.userId).toBe(user.id);
    expect(session.amr).toEqual(['pwd']);
    expect(await auth.session.exists()).toBe(true);
    const refreshed = await session.refresh();
    expect(refreshed.status).toBe('ACTIVE');

    // With a session, authorize needs no sessionToken (the iframe renew / signInWithRedirect case).
    const captured: { url?: string } = {};
    const auth2 = sdk('127.0.0.1', captured);
    await auth2.signInWithRedirect();
    const { tokens } = await parseCallback(auth2, await followToCallback(captured.url as string));
    expect(tokens.idToken?.claims.sub).toBe(user.id);

    expect(await auth.closeSession()).toBe(true);
    expect(await auth.session.exists()).toBe(false);
    expect(await auth.closeSession()).toBe(false); // E0000007 → false
  });

  it('signOut: revokes, then /v1/logout ends the session with no confirmation page and lands on the origin', async () => {
    jar.clear();
    const user = await h.createUser();
    const { auth } = await signInWithTokens(user.login);
    expect(await auth.session.exists()).toBe(true);
    const captured: { url?: string } = {};
    // signOut reads and sets the page's location: give it one for this call.
    const g = globalThis as { window?: unknown };
    g.window = {
      location: { origin: h.origin(), href: `${h.origin()}/`, assign: (url: string) => (captured.url = url) },
    };
    try {
      await auth.signOut();
    } finally {
      delete g.window;
    }
    expect(captured.url).toContain('/oauth2/default/v1/logout?id_token_hint=');
    // The browser: GET logout → self-submitting form → POST confirm → redirect to the origin.
    const page = await jar.fetch(captured.url as string, { redirect: 'manual' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/Do you want to sign-out/);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);
    const action = /action="([^"]+)"/.exec(html)?.[1] as string;
    const fields = new URLSearchParams();
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
      fields.set(m[1] as string, m[2] as string);
    expect(fields.get('logout')).toBe('yes');
    const done = await jar.fetch(new URL(action.replaceAll('&amp;', '&'), h.origin()).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields,
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toMatch(new RegExp(`^${h.origin()}/?$`));
    expect(await sdk().session.exists()).toBe(false);
  });

  it('prompt=none with okta_post_message answers a postMessage page (error without a session)', async () => {
    jar.clear();
    const params = new URLSearchParams({
      client_id: h.clientId(),
      redirect_uri: `${h.origin()}/implicit/callback`,
      response_type: 'code',
      response_mode: 'okta_post_message',
      prompt: 'none',
      scope: 'openid email',
      state: 'st4te',
      nonce: 'n0nce',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const res = await jar.fetch(`${h.origin()}/oauth2/default/v1/authorize?${params}`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBeNull();
    const html = await res.text();
    expect(html).toContain('"error":"login_required"');
    expect(html).toContain('"state":"st4te"');
    expect(html).toContain(`postMessage(d,"${h.origin()}")`);
  });
});
