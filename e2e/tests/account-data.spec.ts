import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, signIn, statusWithPageToken } from './signin-support.ts';
import { addStoreUser } from './store-users.ts';
import { closeContext, storeUrl } from './support.ts';

/**
 * Devices and "Your data", as a user does it: signed in on two browsers, Account › Devices lists both, this one marked;
 * signing the other out refuses that browser's next API call. Your data: the export downloads as JSON; the
 * account is deleted after the confirmation, and that login can no longer sign in.
 */

const suffix = randomUUID().slice(0, 6).toLowerCase();
const LOGIN = `devices-${suffix}@trackwell.example`;

/** The status of `/api/identity/v1/me` called from the page with the page's own access token. */
const apiStatus = (page: Page) => statusWithPageToken(page, '/api/identity/v1/me');

test('two devices, sign out the other (its API call is refused), export my data, delete my account', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const origin = storeUrl(baseURL);
  await addStoreUser('trackwell', { login: LOGIN, firstName: 'Dev', lastName: 'Ices' });
  const other = await (await browser.newContext()).newPage();
  await signIn(other, { origin, username: LOGIN });
  await signIn(page, { origin, username: LOGIN });
  await expect.poll(() => apiStatus(other)).toBe(200);

  // Account › Devices: both browsers, this one marked; sign the other out.
  await page.goto(`${origin}/account/devices`);
  await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'IP address' })).toHaveCount(2);
  await expect(page.getByText('This device')).toBeVisible();
  const signOutOther = page
    .getByRole('button', { name: /^Sign out .+/ })
    .filter({ hasNotText: 'everywhere' });
  await expect(signOutOther).toHaveCount(1);
  await signOutOther.click();
  await expect(page.getByText('The device was signed out.')).toBeVisible();
  await expect(page.getByText('No other device is signed in.')).toBeVisible();
  await expect.poll(() => apiStatus(other)).toBe(401);
  expect(await apiStatus(page)).toBe(200);

  // Your data: the export is a JSON file of this user's data.
  await page
    .getByRole('navigation', { name: 'Account settings' })
    .getByRole('link', { name: 'Your data' })
    .click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    profile: { login: string };
    sessions: unknown[];
  };
  expect(exported.profile.login).toBe(LOGIN);
  expect(exported.sessions).toHaveLength(1);

  // Delete my account: confirmed in the dialog; then that login cannot sign in.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  // The page goes home, which sends a signed-out visitor on to sign in: one navigation may interrupt the
  // other (ERR_ABORTED), so the address is polled rather than a navigation awaited.
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).not.toMatch(/^\/account/);
  const authn = await page.request.post(`${origin}/api/v1/authn`, {
    headers: { accept: 'application/json' },
    data: { username: LOGIN, password: DEMO_PASSWORD },
  });
  expect(authn.status()).toBe(401);
  await closeContext(other.context());
});
