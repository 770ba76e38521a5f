import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/identity-harness.ts';
import { codeFor, discover, h, json, sessionToken, startSecurityIdp } from './identity-security-harness.ts';

/** openid-client (a certified relying party) against the same issuer; tenant isolation; bad input answered with the protocol's own error and nothing changed. */
startSecurityIdp();

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
    const { buildApp } = await import('../../src/app.ts');
    const { parseEnv } = await import('../../src/config/env.ts');
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
