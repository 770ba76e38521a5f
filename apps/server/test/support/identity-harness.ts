import type { AddressInfo } from 'node:net';
import { OktaAuth } from '@okta/okta-auth-js';
import { FACTOR_VENDOR, MYACCOUNT_SCOPES } from '@trackwell/contracts';
import {
  createIdentityUser,
  type FactorType,
  hashPassword,
  type IdentityUser,
  listMailMessages,
  upsertIdentityFactor,
} from '@trackwell/db';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

/**
 * Test harness for the embedded IdP: the real app listening on 127.0.0.1:<random port> (the SDKs need real
 * HTTP), a tenant whose host is 127.0.0.1 (a second one on `localhost` for isolation), users made here,
 * a cookie jar for the SDK's fetch (a browser keeps the IdP session cookie; Node's fetch does not), and the
 * mail sink's inbox.
 */

export const PASSWORD = 'Correct-horse-9';

/**
 * The harness's users all have PASSWORD: its scrypt hash is made once per test process and shared (each
 * hash costs ~110 ms of a core; sign-ins still verify against it as in production).
 */
let passwordHash: Promise<string> | undefined;
const passwordHashOnce = () => (passwordHash ??= hashPassword(PASSWORD));

export interface IdpHarness {
  t: TestApp;
  port: number;
  origin: (host?: string) => string;
  tenantId: (host?: string) => string;
  clientId: (host?: string) => string;
  createUser(
    input?: Partial<{
      login: string;
      firstName: string;
      lastName: string;
      userType: string;
      factor: FactorType;
      totpSecret: string;
      status: 'ACTIVE' | 'LOCKED_OUT';
      passwordExpired: boolean;
      passwordWarn: boolean;
      mfaRequired: boolean;
    }>,
    host?: string,
  ): Promise<IdentityUser>;
  /** Waits for the newest e-mail to `to` matching `q`. */
  mail(to: string, q?: string): Promise<{ subject: string; text: string }>;
  close(): Promise<void>;
}

let counter = 0;

export async function startIdp(env: Record<string, string> = {}): Promise<IdpHarness> {
  const t = await buildTestApp({ SMTP_SINK_PORT: '0', IDP_RATE_LIMIT_PER_IP: '1000', ...env });
  const tenants = new Map<string, { id: string; clientId: string }>();
  for (const host of ['127.0.0.1', 'localhost']) {
    const { tenant } = await t.createTenant({ hosts: [host] });
    tenants.set(host, { id: tenant.id, clientId: tenant.config['client-id'] });
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const get = (host: string) => {
    const v = tenants.get(host);
    if (!v) throw new Error(`no tenant ${host}`);
    return v;
  };
  return {
    t,
    port,
    origin: (host = '127.0.0.1') => `http://${host}:${port}`,
    tenantId: (host = '127.0.0.1') => get(host).id,
    clientId: (host = '127.0.0.1') => get(host).clientId,
    async createUser(input = {}, host = '127.0.0.1') {
      counter++;
      const tenantId = get(host).id;
      const user = await t.app.db.transaction(async (tx) => {
        const u = await createIdentityUser(tx, tenantId, {
          login: input.login ?? `user${counter}-${Date.now()}@example.test`,
          firstName: input.firstName ?? 'Ada',
          lastName: input.lastName ?? `Lovelace${counter}`,
          userType: input.userType ?? 'individual',
          passwordHash: await passwordHashOnce(),
          status: input.status ?? 'ACTIVE',
          passwordExpiresAt: input.passwordExpired ? new Date(Date.now() - 1000) : null,
          passwordWarnAt: input.passwordWarn ? new Date(Date.now() - 1000) : null,
          mfaRequired: input.mfaRequired ?? false,
        });
        if (input.factor) {
          await upsertIdentityFactor(tx, tenantId, u.id, {
            factorType: input.factor,
            provider: FACTOR_VENDOR[input.factor],
            status: 'ACTIVE',
            secret: input.totpSecret ?? null,
          });
        }
        return u;
      });
      return user;
    },
    async mail(to, q) {
      for (let i = 0; i < 50; i++) {
        const [m] = await listMailMessages(t.app.db, { to, q });
        if (m) return m;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${to} matching ${q}`);
    },
    close: () => t.close(),
  };
}

/**
 * A cookie-keeping `fetch` (per host, like a browser's jar for these tests), installed as the global fetch
 * that okta-auth-js's own request client calls. The SDK code itself stays unchanged.
 */
export function cookieJarFetch(realFetch: typeof fetch = globalThis.fetch) {
  const jar = new Map<string, Map<string, string>>();
  const jarFetch: typeof fetch = async (input, init = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const cookies = jar.get(url.host) ?? new Map<string, string>();
    const headers = new Headers(init.headers);
    if (cookies.size > 0 && init.credentials !== 'omit') {
      headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const response = await realFetch(url, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    jar.set(url.host, cookies);
    return response;
  };
  return { fetch: jarFetch, jar, clear: () => jar.clear() };
}

export const SDK_SCOPES = ['openid', 'profile', 'email', 'offline_access', ...MYACCOUNT_SCOPES];

/** An okta-auth-js client of the tenant at `host`, as the portal builds it (PKCE on), in Node. */
export function oktaClient(
  h: IdpHarness,
  host = '127.0.0.1',
  captured: { url?: string } = {},
  scopes = SDK_SCOPES,
) {
  return new OktaAuth({
    issuer: `${h.origin(host)}/oauth2/default`,
    clientId: h.clientId(host),
    redirectUri: `${h.origin(host)}/implicit/callback`,
    scopes,
    pkce: true,
    tokenManager: { storage: 'memory', autoRenew: false },
    setLocation: (url: string) => {
      captured.url = url;
    },
  });
}

/** An okta-auth-js client for the authn API only (sign-in transactions, recovery), tokens in memory. */
export function authnClient(h: IdpHarness) {
  return new OktaAuth({
    issuer: `${h.origin()}/oauth2/default`,
    clientId: h.clientId(),
    tokenManager: { storage: 'memory' },
  });
}

/** The SDK reads the page's location in parseFromUrl; in Node that is the callback URL we landed on. */
export async function parseCallback(auth: OktaAuth, callback: string) {
  auth.token.parseFromUrl._getLocation = () =>
    new URL(callback) as unknown as ReturnType<typeof auth.token.parseFromUrl._getLocation>;
  return auth.token.parseFromUrl(callback);
}

/** What the browser does with the authorize redirect: follow it (keeping cookies) up to the callback. */
export async function followToCallback(jarFetch: typeof fetch, url: string): Promise<string> {
  let next = url;
  for (let i = 0; i < 5; i++) {
    const res = await jarFetch(next, { redirect: 'manual' });
    const location = res.headers.get('location');
    if (!location) throw new Error(`no redirect from ${next}: ${res.status} ${await res.text()}`);
    next = new URL(location, next).href;
    if (next.includes('/implicit/callback')) return next;
  }
  throw new Error('too many redirects');
}

/** signInWithCredentials → signInWithRedirect({sessionToken}) → parseFromUrl: the portal's sign-in, in Node. */
export async function signInWithSdk(
  h: IdpHarness,
  jarFetch: typeof fetch,
  login: string,
  host = '127.0.0.1',
  scopes = SDK_SCOPES,
) {
  const captured: { url?: string } = {};
  const auth = oktaClient(h, host, captured, scopes);
  const tx = await auth.signInWithCredentials({ username: login, password: PASSWORD });
  expect(tx.status).toBe('SUCCESS');
  await auth.signInWithRedirect({ sessionToken: tx.sessionToken as string });
  expect(captured.url).toContain('sessionToken=');
  const { tokens } = await parseCallback(auth, await followToCallback(jarFetch, captured.url as string));
  auth.tokenManager.setTokens(tokens);
  return { auth, tokens };
}

/**
 * For a test file driving okta-auth-js in Node: starts the IdP before the file and routes the global fetch
 * through a cookie jar (the SDK relies on the session cookie the way a browser keeps it); restores fetch and
 * stops the IdP after. `realFetch` is the original fetch, for requests that must not carry the session;
 * `harness()` is the running IdP (available from the first test on).
 */
export function useIdpWithCookieJar(env: Record<string, string> = {}) {
  const realFetch = globalThis.fetch;
  const jar = cookieJarFetch(realFetch);
  let harness: IdpHarness | undefined;
  beforeAll(async () => {
    harness = await startIdp(env);
    globalThis.fetch = jar.fetch;
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await harness?.close();
  });
  return { realFetch, jar, harness: () => harness! };
}
