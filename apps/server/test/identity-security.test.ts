import { OktaAuth } from '@okta/okta-auth-js';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJarFetch, type IdpHarness, PASSWORD, startIdp } from './identity-harness.ts';

/**
 * openid-client (a certified relying party) against the same issuer; tenant isolation; bad input answered
 * with the protocol's own error and nothing changed; the hosted fallback form; lockout and rate limits.
 */

let h: IdpHarness;
beforeAll(async () => {
  h = await startIdp({ IDP_LOCKOUT_THRESHOLD: '3' });
});
afterAll(async () => h?.close());

const json = (url: string, body: unknown, init: RequestInit = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });

async function sessionToken(login: string, host = '127.0.0.1') {
  const res = await json(`${h.origin(host)}/api/v1/authn`, { username: login, password: PASSWORD });
  const body = (await res.json()) as { status: string; sessionToken: string };
  expect(body.status).toBe('SUCCESS');
  return body.sessionToken;
}

async function discover(host = '127.0.0.1') {
  return oidc.discovery(
    new URL(`${h.origin(host)}/oauth2/default`),
    h.clientId(host),
    undefined,
    oidc.None(),
    {
      execute: [oidc.allowInsecureRequests],
    },
  );
}

/** authorize with a sessionToken → the callback URL, plus the verifier. */
async function codeFor(login: string, host = '127.0.0.1') {
  const config = await discover(host);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${h.origin(host)}/implicit/callback`,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    sessionToken: await sessionToken(login, host),
  });
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return { config, verifier, state, callback: new URL(res.headers.get('location') as string) };
}

describe('openid-client (certified RP): discovery + code + PKCE', () => {
  it('completes the flow and reads userinfo', async () => {
    const user = await h.createUser();
    const { config, verifier, state, callback } = await codeFor(user.login);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()?.sub).toBe(user.id);
    expect(tokens.claims()?.email).toBe(user.login);
    const info = await oidc.fetchUserInfo(config, tokens.access_token, user.id);
    expect(info.email).toBe(user.login);
  });

  it('a replayed code and a wrong code_verifier are invalid_grant', async () => {
    const user = await h.createUser();
    const a = await codeFor(user.login);
    await oidc.authorizationCodeGrant(a.config, a.callback, {
      pkceCodeVerifier: a.verifier,
      expectedState: a.state,
    });
    const replay = await oidc
      .authorizationCodeGrant(a.config, a.callback, { pkceCodeVerifier: a.verifier, expectedState: a.state })
      .catch((e) => e);
    expect(replay.error).toBe('invalid_grant');

    const b = await codeFor(user.login);
    const wrong = await oidc
      .authorizationCodeGrant(b.config, b.callback, {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        expectedState: b.state,
      })
      .catch((e) => e);
    expect(wrong.error).toBe('invalid_grant');
  });

  it('requires PKCE, refuses plain, and never redirects to an unregistered redirect_uri', async () => {
    const base = `${h.origin()}/oauth2/default/v1/authorize`;
    const common = { client_id: h.clientId(), response_type: 'code', scope: 'openid', state: 's' };
    const noPkce = await fetch(
      `${base}?${new URLSearchParams({ ...common, redirect_uri: `${h.origin()}/implicit/callback` })}`,
      {
        redirect: 'manual',
      },
    );
    expect(new URL(noPkce.headers.get('location') as string).searchParams.get('error')).toBe(
      'invalid_request',
    );

    const evil = await fetch(
      `${base}?${new URLSearchParams({ ...common, redirect_uri: 'https://evil.example/cb', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`,
      { redirect: 'manual' },
    );
    expect(evil.status).toBe(400);
    expect(evil.headers.get('location')).toBeNull();
    expect(await evil.text()).toContain('redirect_uri');

    const logout = await fetch(
      `${h.origin()}/oauth2/default/v1/logout?${new URLSearchParams({ client_id: h.clientId(), post_logout_redirect_uri: 'https://evil.example/' })}`,
      { redirect: 'manual' },
    );
    expect(logout.headers.get('location')).toBeNull();
  });

  it('keeps the signing key (and kid) across a restart: keys live in the database', async () => {
    const k1 = (await (await fetch(`${h.origin()}/oauth2/default/v1/keys`)).json()) as {
      keys: Array<{ kid: string; alg: string; n: string }>;
    };
    expect(k1.keys).toHaveLength(1);
    expect(k1.keys[0]?.alg).toBe('RS256');
    expect(JSON.stringify(k1)).not.toMatch(/"d":/);
    const other = (await (await fetch(`${h.origin('localhost')}/oauth2/default/v1/keys`)).json()) as {
      keys: Array<{ kid: string }>;
    };
    expect(other.keys[0]?.kid).not.toBe(k1.keys[0]?.kid);
    // A second app on the same database (a restarted or another process) serves the same key.
    const { buildApp } = await import('../src/app.ts');
    const { parseEnv } = await import('../src/config/env.ts');
    const second = await buildApp({
      env: parseEnv({ LOG_LEVEL: 'silent', SMTP_SINK_PORT: '0', PORT: String(h.port) }), // same public port
      db: h.t.app.db,
      services: new Set(['idp']),
    });
    const res = await second.inject({
      url: '/oauth2/default/v1/keys',
      headers: { host: `127.0.0.1:${h.port}` },
    });
    expect(res.json()).toEqual(k1);
    await second.close();
  });
});

describe('tenant isolation', () => {
  it("a user of one tenant cannot sign in on another; its token is refused by the other's userinfo and user info", async () => {
    const user = await h.createUser({}, '127.0.0.1');
    const other = await json(`${h.origin('localhost')}/api/v1/authn`, {
      username: user.login,
      password: PASSWORD,
    });
    expect(other.status).toBe(401);
    expect(((await other.json()) as { errorCode: string }).errorCode).toBe('E0000004');

    const { config, verifier, state, callback } = await codeFor(user.login);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    expect((await fetch(`${h.origin()}/oauth2/default/v1/userinfo`, { headers: auth })).status).toBe(200);
    const cross = await fetch(`${h.origin('localhost')}/oauth2/default/v1/userinfo`, { headers: auth });
    expect(cross.status).toBe(401);
    expect(cross.headers.get('www-authenticate')).toMatch(/invalid_token/);
    expect((await fetch(`${h.origin('localhost')}/api/identity/v1/me`, { headers: auth })).status).toBe(401);
    expect(
      (
        await fetch(`${h.origin('localhost')}/idp/myaccount/profile`, {
          headers: { ...auth, accept: '*/*;okta-version=1.0.0' },
        })
      ).status,
    ).toBe(401);
    // A sessionToken of one tenant is no good on another.
    const st = await sessionToken(user.login);
    const cfg = await discover('localhost');
    const url = oidc.buildAuthorizationUrl(cfg, {
      redirect_uri: `${h.origin('localhost')}/implicit/callback`,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: 's',
      sessionToken: st,
    });
    const res = await fetch(url, { redirect: 'manual' });
    expect(new URL(res.headers.get('location') as string).searchParams.get('error')).toBe('invalid_request');
  });
});

describe('bad input', () => {
  it('malformed JSON, unknown stateToken, wrong types → Okta error JSON', async () => {
    const bad = await json(`${h.origin()}/api/v1/authn`, '{"username": ');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errorCode: 'E0000003', errorCauses: [] });
    const unknown = await json(`${h.origin()}/api/v1/authn`, { stateToken: 'nope' });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({
      errorCode: 'E0000011',
      errorSummary: 'Invalid token provided',
    });
    const arr = await json(`${h.origin()}/api/v1/authn`, [1, 2]);
    expect(arr.status).toBe(400);
    const types = await json(`${h.origin()}/api/v1/authn`, { username: { $ne: 1 }, password: ['x'] });
    expect(types.status).toBe(401);
    const introspect = await json(`${h.origin()}/api/v1/authn/introspect`, {});
    expect(((await introspect.json()) as { errorCode: string }).errorCode).toBe('E0000011');
  });

  it('purges expired one-time tokens and counters without touching live ones', async () => {
    const { purgeExpiredIdentityData } = await import('@trackwell/db');
    const user = await h.createUser();
    const token = await sessionToken(user.login);
    await h.t.app.db.query(
      `INSERT INTO identity_tokens (token_hash, tenant_id, kind, user_id, expires_at)
       VALUES ('old', $1, 'state', $2, now() - interval '2 days')`,
      [h.tenantId(), user.id],
    );
    await purgeExpiredIdentityData(h.t.app.db);
    const { rows } = await h.t.app.db.query(`SELECT 1 FROM identity_tokens WHERE token_hash = 'old'`);
    expect(rows).toHaveLength(0);
    const res = await json(
      `${h.origin()}/login/sessionCookieRedirect?token=${token}&redirectUrl=%2F`,
      {},
      { method: 'GET', body: undefined, redirect: 'manual' },
    );
    expect(res.status).toBe(302);
  });

  it('an untrusted X-Forwarded-Host or -Proto does not steer the issuer', async () => {
    const res = await fetch(`${h.origin()}/oauth2/default/.well-known/openid-configuration`, {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    const d = (await res.json()) as { issuer: string; token_endpoint: string };
    expect(d.issuer).toBe(`${h.origin()}/oauth2/default`);
    expect(d.token_endpoint).toBe(`${h.origin()}/oauth2/default/v1/token`);
  });

  it('a host with no tenant has no issuer', async () => {
    const res = await h.t.app.inject({
      url: '/oauth2/default/.well-known/openid-configuration',
      headers: { host: 'nobody.example' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('hosted fallback sign-in form', () => {
  it('authorize without a session shows an accessible form whose POST finishes the flow', async () => {
    const user = await h.createUser();
    const jar = cookieJarFetch();
    const config = await discover();
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `${h.origin()}/implicit/callback`,
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'abc',
    });
    const first = await jar.fetch(url, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const formUrl = new URL(first.headers.get('location') as string, h.origin()).href;
    expect(formUrl).toMatch(/\/interaction\/[\w-]+$/);
    const page = await jar.fetch(formUrl);
    const html = await page.text();
    expect(html).toContain('<label for="username">');
    expect(html).toContain('autocomplete="current-password"');
    expect(html).not.toMatch(/<script|style=/);
    expect(html).toContain('fromURI=');

    const wrong = await jar.fetch(formUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: user.login, password: 'nope-nope-1' }),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('role="alert"');

    const ok = await jar.fetch(formUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: user.login, password: PASSWORD }),
      redirect: 'manual',
    });
    expect(ok.status).toBe(303);
    const resume = await jar.fetch(new URL(ok.headers.get('location') as string, h.origin()).href, {
      redirect: 'manual',
    });
    const callback = new URL(resume.headers.get('location') as string);
    expect(callback.pathname).toBe('/implicit/callback');
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: 'abc',
    });
    expect(tokens.claims()?.sub).toBe(user.id);
  });
});

describe("the tenant's sign-in page (login-page-url) with fromURI", () => {
  it('an MFA user is sent there; after MFA, sessionCookieRedirect(fromURI) resumes the authorize request', async () => {
    const user = await h.createUser({ factor: 'email' });
    const jar = cookieJarFetch();
    const config = await discover();
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `${h.origin()}/implicit/callback`,
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'xyz',
    });
    const first = await jar.fetch(url, { redirect: 'manual' });
    const formUrl = new URL(first.headers.get('location') as string, h.origin()).href;
    const posted = await jar.fetch(formUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: user.login, password: PASSWORD }),
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    const signinPage = new URL(posted.headers.get('location') as string);
    expect(signinPage.pathname).toBe('/signin');
    const fromURI = signinPage.searchParams.get('fromURI') as string;
    expect(fromURI.startsWith(`${h.origin()}/oauth2/default/v1/authorize?`)).toBe(true);

    // What the portal's sign-in page does: authn with MFA, then setCookieAndRedirect(sessionToken, fromURI).
    type AuthnBody = {
      status: string;
      stateToken: string;
      sessionToken: string;
      _embedded: { factors: Array<{ _links: { verify: { href: string } } }> };
    };
    const primary = await json(`${h.origin()}/api/v1/authn`, { username: user.login, password: PASSWORD });
    const tx = (await primary.json()) as AuthnBody;
    expect(tx.status).toBe('MFA_REQUIRED');
    const verifyUrl = tx._embedded.factors[0]?._links.verify.href as string;
    await json(verifyUrl, { stateToken: tx.stateToken });
    const code = /\b(\d{6})\b/.exec((await h.mail(user.login, 'sign-in code')).text)?.[1];
    const done = (await (
      await json(verifyUrl, { stateToken: tx.stateToken, passCode: code })
    ).json()) as AuthnBody;
    expect(done.status).toBe('SUCCESS');
    const redirect = await jar.fetch(
      `${h.origin()}/login/sessionCookieRedirect?token=${done.sessionToken}&redirectUrl=${encodeURIComponent(fromURI)}`,
      { redirect: 'manual' },
    );
    expect(redirect.headers.get('location')).toBe(fromURI);
    const resumed = await jar.fetch(fromURI, { redirect: 'manual' });
    const callback = new URL(resumed.headers.get('location') as string);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: 'xyz',
    });
    expect(tokens.claims()?.sub).toBe(user.id);
    expect(tokens.claims()?.amr).toEqual(['pwd', 'mfa']);
  });
});

describe('lockout and unlock by e-mail (okta-auth-js unlockAccount + verifyRecoveryToken)', () => {
  it('locks after N wrong passwords, then unlocks through the e-mailed token', async () => {
    const user = await h.createUser();
    const auth = new OktaAuth({
      issuer: `${h.origin()}/oauth2/default`,
      clientId: h.clientId(),
      tokenManager: { storage: 'memory' },
    });
    for (let i = 0; i < 2; i++) {
      const e = await auth
        .signInWithCredentials({ username: user.login, password: 'wrong-pass-1' })
        .catch((x) => x);
      expect(e.errorCode).toBe('E0000004');
    }
    const third = await auth.signInWithCredentials({ username: user.login, password: 'wrong-pass-1' });
    expect(third.status).toBe('LOCKED_OUT');
    const evenRight = await auth.signInWithCredentials({ username: user.login, password: PASSWORD });
    expect(evenRight.status).toBe('LOCKED_OUT');

    const challenge = await auth.unlockAccount({ username: user.login, factorType: 'EMAIL' });
    expect(challenge.status).toBe('RECOVERY_CHALLENGE');
    const mail = await h.mail(user.login, 'unlock');
    const token = /Recovery token: (\S+)/.exec(mail.text)?.[1] as string;
    const unlocked = await auth.verifyRecoveryToken({ recoveryToken: token });
    expect(unlocked.status).toBe('UNLOCKED');
    const again = await auth.verifyRecoveryToken({ recoveryToken: token }).catch((x) => x);
    expect(again.errorCode).toBe('E0000011');
    expect((await auth.signInWithCredentials({ username: user.login, password: PASSWORD })).status).toBe(
      'SUCCESS',
    );
  });
});

describe('rate limiting', () => {
  // Its own identity provider with a limit of 3, started before the test (a start, with its database, can
  // take longer than a test's time on a busy machine).
  let limited: IdpHarness;
  beforeAll(async () => {
    limited = await startIdp({ IDP_RATE_LIMIT_PER_USER: '3' });
  });
  afterAll(() => limited?.close());

  it('answers 429 E0000047 past the per-user limit', async () => {
    const user = await limited.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await json(`${limited.origin()}/api/v1/authn`, {
        username: user.login,
        password: 'wrong-pass-1',
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(await res.json()).toMatchObject({ errorCode: 'E0000047' });
        expect(res.headers.get('retry-after')).toBe('60');
      }
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});
