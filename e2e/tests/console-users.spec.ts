import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInSaved } from './saved-sign-in.ts';
import { withArabic } from './signin-journey-support.ts';
import { currentSession, signIn, signInUrl, statusWithPageToken, submitPassword } from './signin-support.ts';
import { addStoreUser } from './store-users.ts';
import { closeContext, storeUrl, watchConsole } from './support.ts';

/**
 * A store's users in the console against the real server: a shopper of aenor (made by this test) is signed in on
 * the tracker; aenor's administrator finds them under Users (search), opens them and deactivates them behind
 * the confirmation → the shopper's next tracker API call is refused (their token no longer works) and the
 * sign-in page says the account is not active; on their own account they are offered no action that would
 * lock them out. Axe, 360 px and Arabic on the way.
 */

const LOGIN = `shopper-${randomUUID().slice(0, 8)}@example.com`;

/**
 * The status of a tracker API call made from the page with the page's own access token; 0 while the page is
 * still finishing its sign-in (its silent callback navigates, and the question is lost with the page).
 */
const trackerStatus = (page: Page, userId: string) =>
  statusWithPageToken(page, `/api/tracker/v1/notification-preferences?userId=${userId}`);

test('an administrator finds a user and deactivates them: their token is refused, the sign-in page says so', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const origin = storeUrl(baseURL, 'aenor');
  await addStoreUser('aenor', { login: LOGIN, firstName: 'Sandra', lastName: 'Shopper' });
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await signIn(shopper, { origin, username: LOGIN });
  await expect.poll(async () => (await currentSession(shopper))?.status).toBe('ACTIVE');
  const userId = (await currentSession(shopper))!.userId;
  await expect.poll(() => trackerStatus(shopper, userId)).toBe(200);

  const errors = watchConsole(page);
  // aenor opens in Spanish; the administrator reads English first (the locale cookie the language menu sets).
  await page.context().addCookies([{ name: 'locale_Dev', value: 'en', url: origin }]);
  await signInSaved(page, {
    origin,
    username: 'admin@aenor.example',
    returnTo: `${origin}/admin/stores/aenor/users`,
  });
  await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('searchbox', { name: 'Login, e-mail or name starts with' }).fill('shopper-');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Active' });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const table = page.getByRole('table', { name: "The store's users" });
  await table.getByRole('button', { name: `Open ${LOGIN}` }).click();
  await expect(page.getByRole('heading', { level: 3, name: LOGIN })).toBeFocused();
  await expect(page.getByText('Signed-in devices')).toBeVisible();

  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page, '.tw-console__content');

  await page.getByRole('button', { name: 'Deactivate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate' });
  await expect(dialog).toContainText('their tokens stop working');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`${LOGIN} is deactivated.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('console-users-en-1280.png'), fullPage: true });

  // The administrator's own account: none of the actions that would lock them out, and why.
  await page.getByRole('searchbox', { name: 'Login, e-mail or name starts with' }).fill('admin@aenor');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Any status' });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await table.getByRole('button', { name: 'Open admin@aenor.example' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'admin@aenor.example' })).toBeFocused();
  await expect(page.getByText('This is you:', { exact: false })).toBeVisible();
  for (const name of ['Lock', 'Deactivate', 'Delete', 'Send a password reset'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('console-users-self-en.png'), fullPage: true });

  // The shopper's next tracker API call is refused; signing in again is told the account is not active.
  await expect.poll(() => trackerStatus(shopper, userId)).toBe(401);
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(`${signInUrl(origin)}&lang=en`);
  await submitPassword(fresh, LOGIN);
  await expect(fresh.getByText('This account is not active.', { exact: false })).toBeVisible();

  // 360 px in Arabic: right to left, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 780 });
  await withArabic(page.context(), origin);
  await page.goto(`${origin}/admin/stores/aenor/users`);
  await expect(page.getByRole('heading', { level: 2, name: 'المستخدمون' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('console-users-ar-360.png'), fullPage: true });
  expect(errors).toEqual([]);
  await closeContext(shopperContext);
});
