import { type Cookie, expect, type Page } from '@playwright/test';
import { pageAccessToken, type SignInOptions, signIn } from './signin-support.ts';
import { askStore } from './support.ts';

/**
 * Signing in once per worker, store and user. A journey whose subject is not the sign-in itself (the tracker,
 * the console, the account area…) needs a signed-in page, not the sign-in page, the identity provider and the
 * callback again: the first time a user signs in on a worker's server it goes through the full flow (`signIn`),
 * and what the browser then holds is kept: the identity provider's session cookies and the tokens in session
 * storage (`okta-token-storage`, spec §9). Later journeys get both in a fresh context before the page loads,
 * so the page is signed in as a tab that signed in earlier is: every API call still carries the token and the
 * server still checks it, and silent token requests (the account area's) still use the provider's session.
 *
 * What is kept is asked about before it is given again: a journey may have signed that session out, revoked the
 * token or changed the password. When the provider no longer knows the session, the server refuses the token,
 * or the token has less than a quarter of an hour left, the user signs in through the page again.
 *
 * Journeys that test signing in (sign-in page, MFA, sign-out, a second device, the person's language applied at
 * sign-in) call `signIn` itself.
 */

/** spec §9: the tokens' key in session storage (features/auth/okta.ts). */
const TOKEN_STORAGE_KEY = 'okta-token-storage';

/** A token with less than this left is not handed on: the journey might outlive it. */
const TOKEN_MARGIN_MS = 15 * 60_000;

/** The locale cookie is the journey's own choice (the language menu sets it), never part of a sign-in. */
const JOURNEY_COOKIES = new Set(['locale_Dev']);

interface SavedSignIn {
  cookies: Cookie[];
  tokens: string;
  accessToken: string;
  expiresAt: number;
}

/** By worker server, store and user: `http://awwa.localhost:8400 admin@awwa.example`. */
const saved = new Map<string, SavedSignIn>();

/**
 * Signed in as `username` on `origin`, at `returnTo` (default: the store root), as `signIn` leaves the page:
 * through the full flow the first time on this worker, with what that sign-in left for the browser after that.
 */
export async function signInSaved(page: Page, options: SignInOptions): Promise<void> {
  const { origin, username } = options;
  const returnTo = options.returnTo ?? `${origin}/`;
  const key = `${origin} ${username}`;
  const kept = saved.get(key);
  if (kept && (await stillSignedIn(origin, kept))) {
    await page.context().addCookies(kept.cookies);
    const tokensFirst = await page.addInitScript(
      ({ origin, key, tokens }) => {
        if (window === window.top && location.origin === origin) sessionStorage.setItem(key, tokens);
      },
      { origin, key: TOKEN_STORAGE_KEY, tokens: kept.tokens },
    );
    try {
      await page.goto(returnTo);
    } finally {
      await tokensFirst.dispose();
    }
    await expect
      .poll(async () => page.url() === returnTo && (await pageAccessToken(page)) === kept.accessToken)
      .toBe(true);
    return;
  }
  saved.delete(key);
  await signIn(page, { ...options, returnTo });
  const host = new URL(origin).hostname;
  const cookies = (await page.context().cookies(origin)).filter(
    (cookie) => !JOURNEY_COOKIES.has(cookie.name) && cookie.domain.replace(/^\./, '') === host,
  );
  const tokens = await page.evaluate((k) => sessionStorage.getItem(k), TOKEN_STORAGE_KEY);
  if (!tokens) throw new Error(`no ${TOKEN_STORAGE_KEY} after signing ${username} in`);
  const access = (JSON.parse(tokens) as { accessToken: { accessToken: string; expiresAt: number } })
    .accessToken;
  saved.set(key, { cookies, tokens, accessToken: access.accessToken, expiresAt: access.expiresAt * 1000 });
}

/** The provider still knows the session, the server still takes the token, and the token lasts long enough. */
async function stillSignedIn(origin: string, kept: SavedSignIn): Promise<boolean> {
  if (kept.expiresAt - Date.now() < TOKEN_MARGIN_MS) return false;
  const cookie = kept.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const session = await askStore(origin, '/api/v1/sessions/me', { headers: { cookie } });
  if (session.status !== 200 || (JSON.parse(session.text) as { status?: string }).status !== 'ACTIVE')
    return false;
  const me = await askStore(origin, '/api/identity/v1/me', {
    headers: { authorization: `Bearer ${kept.accessToken}` },
  });
  return me.status === 200;
}
