import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { withArabic } from './signin-journey-support.ts';
import { signIn, signInUrl } from './signin-support.ts';
import { addStoreUser } from './store-users.ts';
import { storeUrl } from './support.ts';

/**
 * Passkeys as a user meets them, with Chromium's virtual authenticator (DevTools protocol
 * WebAuthn; http://localhost is a secure context): signed in with the password, Account › Passkeys adds one
 * and renames it (also in Arabic at 360 px); signed out, "Sign in with a passkey" signs in with it and lands on the tracker; the passkey shows when it
 * was last used.
 */

const suffix = randomUUID().slice(0, 6).toLowerCase();
const LOGIN = `passkey-${suffix}@trackwell.example`;

/**
 * Renames the passkey just added: the inline form opens on the current name; Escape cancels (the focus back on
 * Rename), Enter saves; then the form in Arabic at 360 px (right to left, nothing wider than the screen).
 */
async function renameTheAddedPasskey(page: Page, origin: string) {
  const rename = page.getByRole('button', { name: 'Rename Virtual authenticator' });
  await rename.click();
  const field = page.getByRole('textbox', { name: 'New name for “Virtual authenticator”' });
  await expect(field).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(rename).toBeFocused();
  await page.keyboard.press('Enter');
  await field.fill('Office laptop');
  await page.screenshot({ path: test.info().outputPath('passkeys-rename-en.png'), fullPage: true });
  await field.press('Enter');
  await expect(page.getByText('The passkey is now called “Office laptop”.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rename Office laptop' })).toBeFocused();
  const item = page.getByRole('listitem').filter({ hasText: 'Office laptop' });
  await expect(item).toContainText('Never');

  // 360 px in Arabic: the form right to left, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 780 });
  await withArabic(page.context(), origin);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'إعادة تسمية Office laptop' }).click();
  await expect(page.getByRole('textbox', { name: 'اسم جديد لـ «Office laptop»' })).toBeFocused();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('passkeys-rename-ar-360.png'), fullPage: true });
  await page.keyboard.press('Escape');
  await page.context().addCookies([{ name: 'locale_Dev', value: 'en', url: origin }]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
}

test('add a passkey in the account area, sign out, sign in with the passkey, land on the tracker', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = storeUrl(baseURL);
  await addStoreUser('trackwell', { login: LOGIN, firstName: 'Pass', lastName: 'Key' });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  // Straight back to Account › Passkeys (a goto after landing could be cut short by the silent sign-in).
  await signIn(page, { origin, username: LOGIN, returnTo: `${origin}/account/passkeys` });
  await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Virtual authenticator');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('The passkey was added.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Virtual authenticator' })).toContainText(
    'Never',
  );

  await renameTheAddedPasskey(page, origin);

  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.rpId).toBe(new URL(origin).hostname);

  // Sign out (the user menu); the signed-out root goes on to the sign-in page.
  await page.getByRole('banner').getByRole('button', { name: 'Key Pass' }).click();
  await page.getByRole('menuitem').last().click();
  await page.waitForURL(/\/signin\?/);

  // Sign in with the passkey: the e-mail address, then the authenticator (no password typed).
  await page.goto(signInUrl(origin));
  await page.locator('input[autocomplete="username"]').fill(LOGIN);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL(`${origin}/`);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Key Pass' })).toBeVisible();

  // Through the menus (no goto that the silent sign-in could cut short): the passkey was used just now.
  await page.getByRole('banner').getByRole('button', { name: 'Key Pass' }).click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await page
    .getByRole('navigation', { name: 'Account settings' })
    .getByRole('link', { name: 'Passkeys' })
    .click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Office laptop' })).not.toContainText('Never');
});
