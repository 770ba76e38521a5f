import type { OktaAuth } from '@okta/okta-auth-js';
import { MYACCOUNT_SCOPES, PORTAL_SCOPES } from '@trackwell/contracts';

/**
 * The account area's own access token. The portal signs in with openid profile email only (spec §9), and the
 * MyAccount API (spec §7 "Account management") wants `okta.myAccount.*` scopes, so the account area asks the
 * identity provider for a second token, silently: the user has an IdP session, so `getWithoutPrompt` (hidden
 * iframe, prompt=none) answers without showing anything. The token stays in memory, never in storage, and is
 * never handed to the token manager: the sign-in's own tokens and their auto-renewal are left alone.
 */
export const ACCOUNT_SCOPES: readonly string[] = [...PORTAL_SCOPES, ...MYACCOUNT_SCOPES];

/** Asked again this long before it expires (the same margin as the sign-in's tokens, spec §9). */
const EXPIRE_EARLY_SECONDS = 60;

type HeldToken = { value: string; expiresAt: number };
const held = new WeakMap<OktaAuth, HeldToken>();
const pending = new WeakMap<OktaAuth, Promise<string>>();

/** The MyAccount access token for this SDK instance; one request at a time, reused until it nears expiry. */
export function myAccountAccessToken(oktaAuth: OktaAuth): Promise<string> {
  const token = held.get(oktaAuth);
  if (token && token.expiresAt - EXPIRE_EARLY_SECONDS > Date.now() / 1000)
    return Promise.resolve(token.value);
  let request = pending.get(oktaAuth);
  if (!request) {
    request = oktaAuth.token
      .getWithoutPrompt({ scopes: [...ACCOUNT_SCOPES] })
      .then(({ tokens }) => {
        const accessToken = tokens.accessToken;
        if (!accessToken) throw new Error('The identity provider returned no access token.');
        held.set(oktaAuth, { value: accessToken.accessToken, expiresAt: accessToken.expiresAt });
        return accessToken.accessToken;
      })
      .finally(() => pending.delete(oktaAuth));
    pending.set(oktaAuth, request);
  }
  return request;
}

/** Drops the held token (the server refused it), so the next call asks for a new one. */
export function forgetMyAccountAccessToken(oktaAuth: OktaAuth): void {
  held.delete(oktaAuth);
}
