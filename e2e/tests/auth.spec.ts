import { decodeFromUri } from '../../apps/portal/src/features/auth/okta.ts';
import { expect, test } from './fixtures.ts';
import { currentSession, demoLogin, submitPassword } from './signin-support.ts';
import { storeUrl } from './support.ts';

/**
 * The tracker's sign-in flow (spec §4 "Auth flow", §6) in Chromium against the real server and identity
 * provider: the login redirect with a base64 fromURI and newApproach, the silent sign-in back on the tracker,
 * sign-out to the root, and the `subscriber company` user who is signed out.
 */

test.describe.configure({ timeout: 60_000 });

test('the tracker sends a visitor to the login page with the URL base64-encoded, and back signed in', async ({
  page,
  baseURL,
}) => {
  const origin = storeUrl(baseURL, 'awwa');
  await page.goto(`${origin}/?track=demo`);

  await page.waitForURL(/\/signin\?/);
  const login = new URL(page.url());
  expect(login.searchParams.get('newApproach')).toBe('true');
  expect(decodeFromUri(login.searchParams.get('fromURI')!)).toBe(`${origin}/?track=demo`);

  await submitPassword(page, demoLogin('user', 'awwa'));
  // The session cookie, the silent sign-in (authorize → /implicit/callback), then the page the user asked for.
  await page.waitForURL(`${origin}/?track=demo`);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Morgan Alex' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Tokens in session storage under the spec's key (§9).
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('okta-token-storage') ?? '{}'));
  expect(Object.keys(stored).sort()).toEqual(['accessToken', 'idToken']);
  expect(stored.accessToken.scopes).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
});

test('sign-out ends the session and returns to the site root, which asks to sign in again', async ({
  page,
  baseURL,
}) => {
  const origin = storeUrl(baseURL, 'pacific');
  await page.goto(`${origin}/`);
  await page.waitForURL(/\/signin\?/);
  await submitPassword(page, demoLogin('user', 'pacific'));
  await page.waitForURL(`${origin}/`);

  await page.getByRole('banner').getByRole('button', { name: 'Morgan Alex' }).click();
  await page.getByRole('menuitem').last().click();

  // Logout at the identity provider, back to the root, which (signed out) goes on to the login page.
  await page.waitForURL(/\/signin\?/);
  expect(await currentSession(page)).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('okta-token-storage') ?? '{}')).toBe('{}');
});

test('a "subscriber company" user is signed out and sent to the site root', async ({ page, baseURL }) => {
  const origin = storeUrl(baseURL, 'nordic');
  const trackerCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('get-user-content-tracking-data')) trackerCalls.push(request.url());
  });
  await page.goto(`${origin}/`);
  await page.waitForURL(/\/signin\?/);
  await submitPassword(page, demoLogin('company', 'nordic'));

  // Signed in for a moment (the user info says who it is), then signed out and back on the login page.
  await page.waitForURL(/\/implicit\/callback/);
  await page.waitForURL(/\/signin\?/, { timeout: 30_000 });
  await expect.poll(() => currentSession(page)).toBeNull();
  // The tracker itself never asked for this user's data, from the sign-in to the login page again.
  expect(trackerCalls).toEqual([]);
});
