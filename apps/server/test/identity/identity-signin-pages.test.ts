import { OktaAuth } from '@okta/okta-auth-js';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJarFetch, type IdpHarness, PASSWORD, startIdp } from '../support/identity-harness.ts';
import { discover, h, json, startSecurityIdp } from './identity-security-harness.ts';

/** The hosted fallback sign-in form, the store's sign-in page with fromURI, lockout and unlock by e-mail, rate limits. */
startSecurityIdp();

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
