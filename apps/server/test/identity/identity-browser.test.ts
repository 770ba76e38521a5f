import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdpHarness, PASSWORD, startIdp } from '../support/identity-harness.ts';

/**
 * The unchanged okta-auth-js 8 browser bundle in Debian's Chromium against the embedded IdP, on the page's own
 * origin (as the portal runs it): getWithoutPrompt({sessionToken}) and iframe renewal over okta_post_message,
 * session.get/exists, signInWithRedirect with and without a sessionToken, handleLoginRedirect, signOut landing
 * back at the origin with the session gone. The page loads the SDK's dist bundle from the portal's /app/ path;
 * the site CSP stays on (the IdP's iframe answer is allowed by its script hash).
 */

let h: IdpHarness;
let browser: Browser;
let page: Page;
const dist = mkdtempSync(join(tmpdir(), 'trackwell-idp-browser-'));

const require = createRequire(import.meta.url);
const sdkBundle = join(
  dirname(require.resolve('@okta/okta-auth-js/package.json')),
  'dist',
  'okta-auth-js.min.js',
);

/** What the page offers the evaluated functions (they run in the browser, where globalThis is window). */
interface PageGlobals {
  makeAuth: (options?: Record<string, unknown>) => import('@okta/okta-auth-js').OktaAuth;
  location: { origin: string };
  __idp: unknown;
}

beforeAll(async () => {
  mkdirSync(join(dist, 'app'));
  copyFileSync(sdkBundle, join(dist, 'app', 'okta-auth-js.min.js'));
  writeFileSync(
    join(dist, 'app', 'harness.js'),
    `window.makeAuth = function (options) {
       var cfg = window.__idp;
       return new OktaAuth(Object.assign({ issuer: cfg.issuer, clientId: cfg.clientId,
         redirectUri: location.origin + '/implicit/callback', scopes: ['openid', 'profile', 'email', 'offline_access'],
         pkce: true, tokenManager: { autoRenew: false } }, options || {}));
     };`,
  );
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>portal</title></head><body><script src="/app/okta-auth-js.min.js"></script><script src="/app/harness.js"></script></body></html>',
  );
  h = await startIdp({ PORTAL_DIST: dist });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  page = await (await browser.newContext()).newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await h?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** Opens a page of the portal with the SDK loaded and the tenant's issuer known to the harness. */
async function open(path = '/') {
  await page.goto(`${h.origin()}${path}`);
  await page.evaluate(
    (cfg) => {
      (globalThis as unknown as PageGlobals).__idp = cfg;
    },
    { issuer: `${h.origin()}/oauth2/default`, clientId: h.clientId() },
  );
}

describe('okta-auth-js browser bundle in Chromium', () => {
  it('getWithoutPrompt({sessionToken}) and iframe renew over okta_post_message; session exists', async () => {
    const user = await h.createUser();
    await open();
    const result = await page.evaluate(
      async ({ login, password }) => {
        const noSession = await (globalThis as unknown as PageGlobals)
          .makeAuth()
          .token.getWithoutPrompt()
          .then(
            () => 'no error',
            (e: Error) => `${e.name}: ${e.message}`,
          );
        const auth = (globalThis as unknown as PageGlobals).makeAuth({
          scopes: ['openid', 'profile', 'email'],
        });
        const tx = await auth.signInWithCredentials({ username: login, password });
        const { tokens } = await auth.token.getWithoutPrompt({ sessionToken: tx.sessionToken });
        auth.tokenManager.setTokens(tokens);
        const renewed = await auth.token.renewTokens(); // no refresh token: the hidden iframe, prompt=none
        const session = (await auth.session.get()) as unknown as { status: string; login: string };
        return {
          noSession,
          email: tokens.idToken?.claims.email,
          refresh: Boolean(tokens.refreshToken),
          renewedSub: renewed.idToken?.claims.sub,
          session: session.status,
          sessionLogin: session.login,
        };
      },
      { login: user.login, password: PASSWORD },
    );
    expect(result).toEqual({
      noSession: 'OAuthError: End-User authentication is required',
      email: user.login,
      refresh: false,
      renewedSub: user.id,
      session: 'ACTIVE',
      sessionLogin: user.login,
    });
  });

  it('signInWithRedirect without a sessionToken (session present) → handleLoginRedirect; signOut ends at the origin', async () => {
    const user = await h.createUser();
    await open();
    const sessionToken = await page.evaluate(
      async ({ login, password }) =>
        (
          await (globalThis as unknown as PageGlobals)
            .makeAuth()
            .signInWithCredentials({ username: login, password })
        ).sessionToken as string,
      { login: user.login, password: PASSWORD },
    );
    await Promise.all([
      page.waitForNavigation({ url: `${h.origin()}/` }),
      page.evaluate((token) => {
        (globalThis as unknown as PageGlobals)
          .makeAuth()
          .session.setCookieAndRedirect(token, `${(globalThis as unknown as PageGlobals).location.origin}/`);
      }, sessionToken),
    ]);
    await open();
    await page.evaluate(() => {
      void (globalThis as unknown as PageGlobals)
        .makeAuth()
        .signInWithRedirect({ originalUri: '/after-sign-in' });
    });
    await page.waitForURL(/\/implicit\/callback\?code=/);
    await open(new URL(page.url()).pathname + new URL(page.url()).search);
    await page.evaluate(async () => {
      await (globalThis as unknown as PageGlobals).makeAuth().handleLoginRedirect();
    });
    await page.waitForURL(`${h.origin()}/after-sign-in`);
    await open('/after-sign-in');
    const signedIn = await page.evaluate(async () => {
      const auth = (globalThis as unknown as PageGlobals).makeAuth();
      const tokens = auth.tokenManager.getTokensSync();
      return {
        sub: tokens.idToken?.claims.sub,
        refresh: Boolean(tokens.refreshToken),
        exists: await auth.session.exists(),
      };
    });
    expect(signedIn).toEqual({ sub: user.id, refresh: true, exists: true });

    await page.evaluate(() => {
      void (globalThis as unknown as PageGlobals).makeAuth().signOut();
    });
    await page.waitForURL(new RegExp(`^${h.origin()}/?(\\?.*)?$`));
    await open();
    const after = await page.evaluate(async () => {
      const auth = (globalThis as unknown as PageGlobals).makeAuth();
      await auth.start(); // what okta-react's Security does on the landing page: drops tokens flagged by signOut
      const tokens = Object.keys(auth.tokenManager.getTokensSync()).length;
      await auth.stop();
      return { exists: await auth.session.exists(), tokens };
    });
    expect(after).toEqual({ exists: false, tokens: 0 });
  });

  it('MFA in the browser: e-mail code, then push polled WAITING until the e-mailed link is approved', async () => {
    const emailUser = await h.createUser({ factor: 'email' });
    const pushUser = await h.createUser({ factor: 'push' });
    await open();
    const challenged = await page.evaluate(
      async ({ login, password }) => {
        const auth = (globalThis as unknown as PageGlobals).makeAuth();
        const tx = (await auth.signInWithCredentials({ username: login, password })) as unknown as {
          status: string;
          factors: Array<{ verify: () => Promise<{ status: string }> }>;
        };
        return { first: tx.status, second: (await tx.factors[0]?.verify())?.status };
      },
      { login: emailUser.login, password: PASSWORD },
    );
    expect(challenged).toEqual({ first: 'MFA_REQUIRED', second: 'MFA_CHALLENGE' });
    const code = /\b(\d{6})\b/.exec((await h.mail(emailUser.login, 'sign-in code')).text)?.[1];
    const verified = await page.evaluate(async (passCode) => {
      const auth = (globalThis as unknown as PageGlobals).makeAuth();
      const tx = (await auth.tx.resume()) as unknown as {
        verify: (o: object) => Promise<{ status: string }>;
      };
      return (await tx.verify({ passCode })).status;
    }, code);
    expect(verified).toBe('SUCCESS');

    // Push: start polling in the page, approve from "the phone" (the e-mailed link), the poll resolves.
    await page.evaluate(
      async ({ login, password }) => {
        const g = globalThis as unknown as PageGlobals & { pushResult?: Promise<string> };
        const auth = g.makeAuth();
        const tx = (await auth.signInWithCredentials({ username: login, password })) as unknown as {
          factors: Array<{ verify: () => Promise<{ poll: (o: object) => Promise<{ status: string }> }> }>;
        };
        const challenge = await tx.factors[0]?.verify();
        g.pushResult = challenge?.poll({ delay: 100 }).then((r) => r.status);
      },
      { login: pushUser.login, password: PASSWORD },
    );
    const link = /(http\S+\/api\/v1\/authn\/push\/\S+)/.exec(
      (await h.mail(pushUser.login, 'approve')).text,
    )?.[1];
    await fetch(link as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
    });
    const pushed = await page.evaluate(
      () => (globalThis as unknown as { pushResult: Promise<string> }).pushResult,
    );
    expect(pushed).toBe('SUCCESS');
  });

  it('signInWithRedirect({sessionToken}) lands on the callback with a code, without any sign-in page', async () => {
    const user = await h.createUser();
    await open();
    await page.evaluate(
      async ({ login, password }) => {
        const auth = (globalThis as unknown as PageGlobals).makeAuth();
        const tx = await auth.signInWithCredentials({ username: login, password });
        void auth.signInWithRedirect({ sessionToken: tx.sessionToken, originalUri: '/tracked' });
      },
      { login: user.login, password: PASSWORD },
    );
    await page.waitForURL(/\/implicit\/callback\?code=/);
    await open(new URL(page.url()).pathname + new URL(page.url()).search);
    await page.evaluate(async () => {
      await (globalThis as unknown as PageGlobals).makeAuth().handleLoginRedirect();
    });
    await page.waitForURL(`${h.origin()}/tracked`);
    await open('/tracked');
    const email = await page.evaluate(
      () =>
        (globalThis as unknown as PageGlobals).makeAuth().tokenManager.getTokensSync().idToken?.claims.email,
    );
    expect(email).toBe(user.login);
  });
});
