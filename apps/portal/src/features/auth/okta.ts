import type { OktaAuth, OktaAuthOptions } from '@okta/okta-auth-js';
import {
  createCoreOptionsConstructor,
  createCoreStorageManager,
  createOktaAuthCore,
  createTransactionManager,
  mixinAuthn,
} from '@okta/okta-auth-js/authn';
import { mixinMyAccount } from '@okta/okta-auth-js/myaccount';
import { PORTAL_SCOPES, type TenantConfig } from '@trackwell/contracts';

/**
 * The SDK's OktaAuth without its IDX (Identity Engine) part, which our identity provider does not serve
 * (Okta's Classic Authentication API and MyAccount API): core (OIDC, token manager, session) + authn + MyAccount, built
 * the way the SDK builds its own entry points. The full class's type is kept: `idx` is the one member
 * missing, and nothing here calls it.
 */
const SlimOktaAuth = mixinAuthn(
  mixinMyAccount(
    createOktaAuthCore(
      createCoreStorageManager(),
      createCoreOptionsConstructor(),
      createTransactionManager(),
    ),
  ),
) as unknown as new (
  options: OktaAuthOptions,
) => OktaAuth;

/** spec §2: the sign-in callback route. */
export const CALLBACK_PATH = '/implicit/callback';

/** spec §9: tokens in session storage under this key. */
export const TOKEN_STORAGE_KEY = 'okta-token-storage';

/** spec §9 "Token early expiry is 60 s". */
export const TOKEN_EXPIRE_EARLY_SECONDS = 60;

/**
 * The Okta SDK set up from the tenant configuration (spec §1, §9): the tenant's issuer and client id, PKCE,
 * scopes openid profile email, auto-renew, tokens in session storage under `okta-token-storage`, early expiry
 * 60 s. (The SDK itself honours a non-default early expiry only on localhost; elsewhere it keeps its 30 s.)
 *
 * One instance per tenant and page: the SDK keeps its token manager and transaction state on it, and both the
 * tracker's auth gate and the sign-in page use the same one.
 */
const instances = new Map<string, OktaAuth>();

export function oktaAuthFor(
  tenant: Pick<TenantConfig, 'issuer-uri' | 'client-id'>,
  origin = window.location.origin,
) {
  const issuer = new URL(tenant['issuer-uri'], `${origin}/`).href.replace(/\/$/, '');
  const key = `${issuer} ${tenant['client-id']}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = new SlimOktaAuth({
      issuer,
      clientId: tenant['client-id'],
      redirectUri: `${origin}${CALLBACK_PATH}`,
      postLogoutRedirectUri: `${origin}/`,
      scopes: [...PORTAL_SCOPES],
      pkce: true,
      // Every call says which language the page shows, so the identity provider writes its
      // sign-in e-mails (codes, push, reset, unlock) in it. <html lang> follows the page (lib/i18n.ts).
      httpRequestInterceptors: [
        (request) => {
          const lang = document.documentElement.lang;
          if (lang) request.headers = { ...request.headers, 'Accept-Language': lang };
        },
      ],
      tokenManager: {
        autoRenew: true,
        // The server draws the first screen with this SDK too (entry-server.tsx), where only the SDK's memory
        // storage exists: nothing is stored there (no effect runs on the server).
        storage: typeof window === 'undefined' ? 'memory' : 'sessionStorage',
        // Tokens live in this tab's session storage, so there is nothing to share with other tabs: no storage
        // sync, hence no cross-tab leader election (broadcast-channel's election adds a deprecated `unload`
        // listener, which browsers are removing; Lighthouse best practices flag it). Each tab renews its own.
        syncStorage: false,
        storageKey: TOKEN_STORAGE_KEY,
        expireEarlySeconds: TOKEN_EXPIRE_EARLY_SECONDS,
      },
    });
    instances.set(key, instance);
  }
  return instance;
}

/** Forgets the instances (tests build a fresh SDK per case). */
export function resetOktaAuthInstances(): void {
  for (const instance of instances.values()) void instance.stop();
  instances.clear();
}

/** The `newApproach` login redirect (spec §4 "Auth flow"): the current URL base64-encoded, plus the flag. */
export const NEW_APPROACH_PARAM = 'newApproach';

export function encodeFromUri(url: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(url)));
}

export function decodeFromUri(value: string): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(atob(value), (c) => c.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
}

/** The tenant's login page with `fromURI` = the base64 of `currentUrl` and `newApproach=true`. */
export function loginPageUrl(tenant: Pick<TenantConfig, 'login-page-url'>, currentUrl: string): string {
  const page = new URL(tenant['login-page-url'], new URL(currentUrl).origin);
  page.searchParams.set('fromURI', encodeFromUri(currentUrl));
  page.searchParams.set(NEW_APPROACH_PARAM, 'true');
  return page.href;
}

/**
 * Where a sign-in may send the user back to (no open redirect): `fromURI` (base64 when `newApproach` is set) if
 * it is on `origin`, else the tracker root.
 */
export function safeReturnUrl(fromUri: string | null, newApproach: boolean, origin: string): string {
  const root = `${origin}/`;
  if (!fromUri) return root;
  const decoded = newApproach ? decodeFromUri(fromUri) : fromUri;
  if (!decoded) return root;
  try {
    const url = new URL(decoded, root);
    return url.origin === origin && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : root;
  } catch {
    return root;
  }
}
