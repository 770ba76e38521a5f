import { expect, test } from '@playwright/test';
import { currentSession, demoLogin, signInUrl, submitPassword } from './signin-support.ts';
import { storeUrl, watchConsole } from './support.ts';

/**
 * The tenant sign-in page (issue 6 scope 1) against the real server and the embedded identity provider:
 * each authn state through the unchanged okta-auth-js, codes and links read from the local mail inbox.
 */

test.describe('sign-in page', () => {
  test('password → SUCCESS lands back on the requested tracker URL with an active session', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL);
    const consoleErrors = watchConsole(page);
    const returnTo = `${origin}/?from=signin-test`;
    await page.goto(signInUrl(origin, returnTo));
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(await currentSession(page, origin)).toBeNull();

    await submitPassword(page, demoLogin('user'));

    await page.waitForURL(returnTo);
    const session = await currentSession(page, origin);
    expect(session?.status).toBe('ACTIVE');
    expect(session?.login).toBe(demoLogin('user'));
    expect(consoleErrors).toEqual([]);
  });
});
