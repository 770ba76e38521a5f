import * as oidc from 'openid-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { type IdpHarness, PASSWORD, startIdp } from '../support/identity-harness.ts';

/**
 * The identity provider of the security tests (identity-security*.test.ts): lockout after 3 wrong passwords;
 * `startSecurityIdp()` starts it before the file's tests and stops it after (`h` is a live binding), and
 * openid-client (a certified relying party) helpers against its issuer.
 */

export let h: IdpHarness;

export function startSecurityIdp() {
  beforeAll(async () => {
    h = await startIdp({ IDP_LOCKOUT_THRESHOLD: '3' });
  });
  afterAll(async () => h?.close());
}

export const json = (url: string, body: unknown, init: RequestInit = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });

export async function sessionToken(login: string, host = '127.0.0.1') {
  const res = await json(`${h.origin(host)}/api/v1/authn`, { username: login, password: PASSWORD });
  const body = (await res.json()) as { status: string; sessionToken: string };
  expect(body.status).toBe('SUCCESS');
  return body.sessionToken;
}

export async function discover(host = '127.0.0.1') {
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
export async function codeFor(login: string, host = '127.0.0.1') {
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
