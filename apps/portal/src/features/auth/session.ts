import type { OktaAuth } from '@okta/okta-auth-js';
import type { TenantConfig } from '@trackwell/contracts';
import { leavePage } from '../../lib/leave-page.ts';
import { loginPageUrl } from './okta.ts';

/** spec §4 "A URL hash with a session token triggers a silent sign-in": `#sessionToken=…` (or `#session_token=`). */
export function sessionTokenFromHash(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('sessionToken') ?? params.get('session_token');
  return token && /^[\w.~-]{8,512}$/.test(token) ? token : undefined;
}

/** The page's URL without its hash, relative to the origin: where the user returns after signing in. */
function currentRelativeUrl(): string {
  const { pathname, search } = window.location;
  return `${pathname}${search}`;
}

export type FirstAuthAction = 'silent-with-session-token' | 'login-page' | 'silent';

/**
 * What to do on the first auth state of a visit that is not authenticated (spec §4 "Auth flow"):
 * - a session token in the hash → silent sign-in with it;
 * - no ACTIVE session at the identity provider → the tenant's login page, with the current URL base64-encoded
 *   and the newApproach flag;
 * - an ACTIVE session → a silent sign-in redirect (the authorize request completes without a prompt).
 * Returns the action taken (tests read it); the page is navigating away afterwards.
 */
export async function startSignIn(oktaAuth: OktaAuth, tenant: TenantConfig): Promise<FirstAuthAction> {
  const sessionToken = sessionTokenFromHash(window.location.hash);
  if (sessionToken) {
    await oktaAuth.signInWithRedirect({ sessionToken, originalUri: currentRelativeUrl() });
    return 'silent-with-session-token';
  }
  let active = false;
  try {
    active = (await oktaAuth.session.get()).status === 'ACTIVE';
  } catch {
    active = false; // No answer counts as no session: the login page is where the user can act.
  }
  if (!active) {
    leavePage(loginPageUrl(tenant, window.location.href));
    return 'login-page';
  }
  await oktaAuth.signInWithRedirect({ originalUri: currentRelativeUrl() });
  return 'silent';
}

/** spec §2 Header, §6: sign-out returns to the site root after logout. */
export async function signOutToRoot(oktaAuth: OktaAuth): Promise<void> {
  await oktaAuth.signOut({ postLogoutRedirectUri: `${window.location.origin}/` });
}
