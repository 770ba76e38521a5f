import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { expectSignedIn } from './signin-journey-support.ts';
import { codeIn, signInUrl, waitForMail } from './signin-support.ts';
import { storeUrl } from './support.ts';

/**
 * Self-registration, as a shopper does it: on the aenor demo store (registration on, seed), "Create an account" on
 * the sign-in page → the verification code from the dev inbox → signed in on the tracker. Then the page in
 * Arabic at 360 px: right to left, nothing wider than the screen, reachable by keyboard.
 */

const PASSWORD = 'Registro-Nuevo-2026';

test('register on the demo store: the code from the inbox, then signed in on the tracker', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = storeUrl(baseURL, 'aenor');
  const login = `reg-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto(`${signInUrl(origin)}&lang=en`);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeFocused();
  await expect(page.getByRole('link', { name: /Read the terms of use/ })).toHaveAttribute(
    'href',
    '/store/policies',
  );
  await page.getByLabel('E-mail address').fill(login);
  await page.getByLabel('First name').fill('Zoë');
  await page.getByLabel('Last name').fill('Núñez');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();

  // The dev inbox, asked on the default host (the test runner cannot resolve *.localhost; the browser can).
  const mail = await waitForMail(page, storeUrl(baseURL), login, 'verification code');
  await page.getByLabel('Verification code').fill(codeIn(mail.text));
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expectSignedIn(page, `${origin}/`, login);
});

test('the registration form in Arabic at 360 px: right to left, fits the screen, keyboard only', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const origin = storeUrl(baseURL, 'aenor');
  await page.goto(`${signInUrl(origin)}&lang=ar`);
  const open = page.getByRole('button', { name: 'إنشاء حساب' });
  await expect(open).toBeEnabled(); // live once the page's script has taken over the drawn page
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'إنشاء حساب' })).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Tab from the heading reaches the e-mail field first, then the names.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('البريد الإلكتروني', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('الاسم الأول')).toBeFocused();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('registration-ar-360.png'), fullPage: true });
});
