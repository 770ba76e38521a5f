import { type BrowserContext, expect, type Page } from '@playwright/test';
import { signInSaved } from './saved-sign-in.ts';
import { demoLogin } from './signin-support.ts';
import { CONFIG_PATH } from './support.ts';

/** What the app-shell journeys (shell*.spec.ts) share: the store's configuration, opening a store, checks. */

export type TenantConfig = {
  tenantName: string;
  'compass-uri': string;
  'public-uri': string;
  footer: {
    displayAddress: string;
    socials: { links: { label: string; url: string; 'fa-icon': string }[] };
    links: { label: string; url: string }[];
  };
  ui: { contactUrl: string; poweredByLogoUrl: string; logoUrl: string };
};

export const NEW_TAB = '(opens in a new tab)';

export async function configOf(page: Page): Promise<TenantConfig> {
  return page.evaluate(async (path) => {
    const answer = await fetch(path, { method: 'POST' });
    return ((await answer.json()) as { responseData: { value: TenantConfig } }).responseData.value;
  }, CONFIG_PATH);
}

/** The demo store code of an origin: localhost → trackwell, awwa.localhost → awwa. */
export function storeCodeOf(origin: string): string {
  const host = new URL(origin).hostname;
  return host === 'localhost' || host === '127.0.0.1' ? 'trackwell' : host.split('.')[0]!;
}

export async function imagesLoaded(page: Page) {
  // Every image (header logo, footer logo) has really loaded before anything is judged or photographed.
  await expect
    .poll(() =>
      page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0)),
    )
    .toBe(true);
}

/**
 * Signs in (as the store's plain demo user unless a journey user's local part is given) and waits for the
 * tracker page with the whole header. A journey that chooses a language while signed in uses a user of its
 * own: the choice becomes that person's language at every later sign-in.
 */
export async function openStore(page: Page, origin: string, local = 'user') {
  if (!new URL(page.url()).href.startsWith(origin)) {
    await signInSaved(page, { origin, username: demoLogin(local, storeCodeOf(origin)) });
  } else {
    await page.goto(`${origin}/`);
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { expanded: false }).last()).toBeVisible();
  await imagesLoaded(page);
}

/** The account area of the signed-in user: the screens with the footer (it arrives in its own chunk). */
export async function openAccount(page: Page, origin: string) {
  await page.goto(`${origin}/account`);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await imagesLoaded(page);
}

export async function localeCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'locale_Dev');
}
