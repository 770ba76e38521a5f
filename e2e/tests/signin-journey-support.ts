import { type BrowserContext, expect, type Page } from '@playwright/test';
import { currentSession } from './signin-support.ts';

/** What the sign-in page's journeys (signin*.spec.ts) share. */

/** Back on `returnTo`, with an ACTIVE identity-provider session for `login`. */
export async function expectSignedIn(page: Page, returnTo: string, login: string) {
  await page.waitForURL((url) => url.href === returnTo, { timeout: 15_000 });
  const session = await currentSession(page);
  expect(session?.status).toBe('ACTIVE');
  expect(session?.login).toBe(login);
  // The tracker finishes the sign-in silently (authorize → /implicit/callback) and comes back to returnTo,
  // signed in: the user menu is in the header.
  await expect(page.getByRole('banner').getByRole('button', { expanded: false }).last()).toBeVisible({
    timeout: 20_000,
  });
  await page.waitForURL((url) => url.href === returnTo);
}

export async function withArabic(context: BrowserContext, origin: string) {
  await context.addCookies([{ name: 'locale_Dev', value: 'ar', url: origin }]);
}

/** A colour as the browser computes it (rgb()), for comparing a control with the store's theme. */
export async function themeColour(page: Page, property: string) {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, property);
}
