import type { Page } from 'puppeteer-core';

const DEMO_PASSWORD = 'Trackwell-Demo-2026';
/** Runs in the page: on the tracker, holding the app's tokens. */
const SIGNED_IN = "location.pathname === '/' && sessionStorage.getItem('okta-token-storage')";

/**
 * Signs the demo account `login` in on the store at `origin` through its sign-in page, and waits until the
 * tracker holds its tokens (run.ts, profile.ts). A later call finds the identity provider's session of the
 * first one: the tracker then opens signed in, with no form.
 */
export async function signIn(page: Page, origin: string, login: string) {
  await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
  await page.waitForFunction(`document.querySelector('input[autocomplete="username"]') || (${SIGNED_IN})`, {
    timeout: 30_000,
  });
  if (await page.evaluate(SIGNED_IN)) return;
  await page.type('input[autocomplete="username"]', login);
  await page.type('input[autocomplete="current-password"]', DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.keyboard.press('Enter')]);
  await page.waitForFunction(SIGNED_IN, { timeout: 30_000 });
}
