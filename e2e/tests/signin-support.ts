import { createHmac } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/**
 * Helpers for journeys that sign in through the tenant sign-in page and read what the
 * embedded identity provider e-mails (codes, links, push approvals) from the local mail sink.
 */

/** The demo accounts' password (packages/db/src/seed/demo-users.ts). */
export const DEMO_PASSWORD = 'Trackwell-Demo-2026';

/** The TOTP demo user's shared secret (base32). */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** A demo login: `<local>@<store code>.example` (locals: user, mfa-email, mfa-totp, mfa-push, …). */
export const demoLogin = (local: string, storeCode = 'trackwell') => `${local}@${storeCode}.example`;

/** The base64 `fromURI` the tracker sends to the login page (features/auth/okta.ts `encodeFromUri`). */
export const encodeFromUri = (url: string) => Buffer.from(url, 'utf8').toString('base64');

/** The sign-in page as the tracker's redirect opens it: `?fromURI=<base64 of url>&newApproach=true`. */
export function signInUrl(origin: string, returnTo = `${origin}/`): string {
  return `${origin}/signin?fromURI=${encodeURIComponent(encodeFromUri(returnTo))}&newApproach=true`;
}

/** Fills the username/password form and submits it (the page must be on /signin). */
export async function submitPassword(page: Page, username: string, password = DEMO_PASSWORD) {
  // By the fields' autocomplete roles, so it works in whatever language the store opens in.
  const form = page.locator('form').filter({ has: page.locator('input[autocomplete="current-password"]') });
  await form.locator('input[autocomplete="username"]').fill(username);
  await form.locator('input[autocomplete="current-password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

/**
 * Signs in a user with a password only (no MFA) through the sign-in page and waits until the browser is
 * back on `returnTo` (default: the store root). For the tracker and account journeys.
 */
export async function signIn(
  page: Page,
  { origin, username, password = DEMO_PASSWORD, returnTo = `${origin}/` }: SignInOptions,
) {
  await page.goto(signInUrl(origin, returnTo));
  await submitPassword(page, username, password);
  // The sign-in page sends the browser to `returnTo` twice: first without tokens (the app then asks the
  // identity provider silently: authorize → callback), then back with them. Done only on the second arrival;
  // a journey that navigates on after the first has its navigation aborted by the app's own redirect.
  await expect
    .poll(async () => page.url() === returnTo && (await pageAccessToken(page)) !== undefined, {
      timeout: 30_000,
    })
    .toBe(true);
}

/** The app's access token in the page's session storage; undefined when it has none, or while it navigates. */
export async function pageAccessToken(page: Page): Promise<string | undefined> {
  try {
    return await page.evaluate(() => {
      const stored = JSON.parse(sessionStorage.getItem('okta-token-storage') ?? '{}') as {
        accessToken?: { accessToken?: string };
      };
      return stored.accessToken?.accessToken;
    });
  } catch {
    return undefined;
  }
}

/**
 * The status of `GET path` asked from the page with the page's own access token (as the app calls its APIs);
 * 0 while the page navigates (the question is lost with the page).
 */
export async function statusWithPageToken(page: Page, path: string): Promise<number> {
  const token = await pageAccessToken(page);
  return page
    .evaluate(
      async ({ path, token }) =>
        (
          await fetch(path, {
            headers: { authorization: `Bearer ${token ?? ''}`, accept: 'application/json' },
          })
        ).status,
      { path, token },
    )
    .catch(() => 0);
}

export interface SignInOptions {
  origin: string;
  username: string;
  password?: string;
  returnTo?: string;
}

/**
 * The identity provider's session for this browser (`GET /api/v1/sessions/me`, asked from the page so that
 * `*.localhost` stores resolve and the browser's own cookies go with it), or null when none.
 */
export async function currentSession(page: Page) {
  // A page that is signing in moves on by itself (the tracker's silent sign-in: authorize → callback → back):
  // asked while it navigates, the question is lost with the page; ask again on the next one (same origin).
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.evaluate(async () => {
        const res = await fetch('/api/v1/sessions/me', {
          headers: { accept: 'application/json' },
          credentials: 'include',
        });
        return res.ok ? ((await res.json()) as { status: string; login: string; userId: string }) : null;
      });
    } catch (error) {
      if (attempt >= 5 || !/Execution context was destroyed|navigation/i.test(String(error))) throw error;
      await page.waitForLoadState('domcontentloaded');
    }
  }
}

interface MailMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt?: string;
}

/** Messages in the local mail sink (`/_dev/mail/messages?to=&q=`, one inbox for every store), newest first. */
export async function listMail(page: Page, origin: string, to: string, q?: string): Promise<MailMessage[]> {
  const url = new URL('/_dev/mail/messages', origin);
  url.searchParams.set('to', to);
  if (q) url.searchParams.set('q', q);
  const res = await page.request.get(url.href);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { messages: MailMessage[] }).messages;
}

/**
 * Waits for an e-mail to `to` matching `q` that was not in `seen` (pass the ids you already used, so a
 * second code or link is not confused with the first), and returns it.
 */
export async function waitForMail(
  page: Page,
  origin: string,
  to: string,
  q: string,
  seen: Set<number> = new Set(),
): Promise<MailMessage> {
  let found: MailMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await listMail(page, origin, to, q)).find((m) => !seen.has(m.id));
        return Boolean(found);
      },
      { timeout: 15_000, message: `an e-mail to ${to} matching "${q}"` },
    )
    .toBe(true);
  seen.add(found!.id);
  return found!;
}

/** The ids of the messages already in the inbox for `to` (so the next wait only sees new ones). */
export async function seenMail(page: Page, origin: string, to: string): Promise<Set<number>> {
  return new Set((await listMail(page, origin, to)).map((m) => m.id));
}

/** The six-digit code in an e-mail's text. */
export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as an authenticator app computes it from the base32 secret. */
export function totpCode(base32Secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}
