import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signIn, signInUrl } from './signin-support.ts';
import { addStoreUser } from './store-users.ts';
import { storeUrl } from './support.ts';

/**
 * Issue 15 §4, passkeys as a user meets them, with Chromium's virtual authenticator (DevTools protocol
 * WebAuthn; http://localhost is a secure context): signed in with the password, Account › Passkeys adds one;
 * signed out, "Sign in with a passkey" signs in with it and lands on the tracker; the passkey shows when it
 * was last used.
 */

const suffix = randomUUID().slice(0, 6).toLowerCase();
const LOGIN = `passkey-${suffix}@trackwell.example`;

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
  const item = page.getByRole('listitem').filter({ hasText: 'Virtual authenticator' });
  await expect(item).toContainText('Never');
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
  await expect(page.getByRole('listitem').filter({ hasText: 'Virtual authenticator' })).not.toContainText(
    'Never',
  );
});
