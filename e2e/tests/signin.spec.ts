import { expect, test } from './fixtures.ts';
import { signInSaved } from './saved-sign-in.ts';
import { expectSignedIn } from './signin-journey-support.ts';
import {
  codeIn,
  currentSession,
  DEMO_TOTP_SECRET,
  demoLogin,
  pageAccessToken,
  seenMail,
  signIn,
  signInUrl,
  statusWithPageToken,
  submitPassword,
  totpCode,
  waitForMail,
} from './signin-support.ts';
import { closeContext, storeUrl, watchConsole } from './support.ts';

/**
 * The tenant sign-in page against the real server and the embedded identity provider, in
 * Chromium, through the unchanged okta-auth-js: each authn state, with codes and links read from the local
 * mail inbox. Every run starts on a fresh database (playwright.config.ts), and each journey that changes a
 * user (lock, reset, expiry, enrolment) uses a demo user no other journey signs in with.
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
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeFocused();
    await expect(page.getByLabel('E-mail address')).toHaveAttribute('autocomplete', 'username');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
      'autocomplete',
      'current-password',
    );

    await submitPassword(page, demoLogin('user'));

    await expectSignedIn(page, returnTo, demoLogin('user'));
    expect(consoleErrors).toEqual([]);
  });

  test('the signIn helper signs a user in for other journeys', async ({ page, baseURL }) => {
    const origin = storeUrl(baseURL);
    await signIn(page, { origin, username: demoLogin('user') });
    expect((await currentSession(page))?.login).toBe(demoLogin('user'));
  });

  test("a saved sign-in: a second browser is given the first one's tokens and session, and the server takes them", async ({
    page,
    browser,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL, 'nordic');
    const username = demoLogin('user', 'nordic');
    await signInSaved(page, { origin, username });
    const token = await pageAccessToken(page);
    const second = await browser.newContext();
    const other = await second.newPage();
    await signInSaved(other, { origin, username });
    // Handed on, not signed in again: the same token, which the server still takes, and the same session.
    expect(await pageAccessToken(other)).toBe(token);
    expect(await statusWithPageToken(other, '/api/identity/v1/me')).toBe(200);
    expect((await currentSession(other))?.login).toBe(username);
    await expect(other.getByRole('banner').getByRole('button', { expanded: false }).last()).toBeVisible();
    // That session signed out: the next one signs in through the page again, with a token of its own.
    await other.evaluate(() => fetch('/api/v1/sessions/me', { method: 'DELETE', credentials: 'include' }));
    expect(await currentSession(other)).toBeNull();
    await closeContext(second);
    const third = await browser.newContext();
    const again = await third.newPage();
    await signInSaved(again, { origin, username });
    expect(await pageAccessToken(again)).not.toBe(token);
    expect((await currentSession(again))?.status).toBe('ACTIVE');
    await closeContext(third);
  });

  test('a crafted fromURI to another origin lands on the tracker root (no open redirect)', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL);
    await page.goto(signInUrl(origin, 'https://evil.example/steal?x=1'));
    expect(await currentSession(page)).toBeNull();
    await submitPassword(page, demoLogin('user'));
    await expectSignedIn(page, `${origin}/`, demoLogin('user'));
  });

  test('wrong password: a clear error on the form, linked to the fields', async ({ page, baseURL }) => {
    const origin = storeUrl(baseURL);
    await page.goto(signInUrl(origin));
    await submitPassword(page, demoLogin('company'), 'not-the-password-1');
    const alert = page.getByRole('alert').filter({ hasText: 'not correct' });
    await expect(alert).toHaveText('The e-mail address or password is not correct.');
    await expect(alert).toBeFocused();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
      'aria-describedby',
      /signin-error/,
    );
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  });

  test('e-mail MFA: choose the e-mail factor, enter the code from the inbox → signed in', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL);
    const login = demoLogin('mfa-email');
    const seen = await seenMail(page, origin, login);
    await page.goto(signInUrl(origin));
    await submitPassword(page, login);
    await expect(page.getByRole('heading', { level: 1, name: "Verify it's you" })).toBeFocused();
    await page.getByRole('button', { name: /E-mail me a code/ }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Enter the code we e-mailed you' }),
    ).toBeVisible();

    // A wrong code first: the error is shown and the step stays.
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'code' })).toHaveText(
      'That code is not correct. Check it and try again.',
    );

    const mail = await waitForMail(page, origin, login, 'sign-in code', seen);
    await page.getByLabel('Verification code').fill(codeIn(mail.text));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectSignedIn(page, `${origin}/`, login);
  });

  test('TOTP: the code computed from the secret signs in', async ({ page, baseURL }) => {
    const origin = storeUrl(baseURL);
    const login = demoLogin('mfa-totp');
    await page.goto(signInUrl(origin));
    await submitPassword(page, login);
    await page.getByRole('button', { name: /Authenticator app/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter the code from your app' })).toBeVisible();
    await page.getByLabel('Verification code').fill(totpCode(DEMO_TOTP_SECRET));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectSignedIn(page, `${origin}/`, login);
  });

  test('push: the page polls "waiting for approval" until the e-mailed link is approved', async ({
    page,
    context,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL);
    const login = demoLogin('mfa-push');
    const seen = await seenMail(page, origin, login);
    await page.goto(signInUrl(origin));
    await submitPassword(page, login);
    // The "next time" options come with the choice, before the request goes out…
    const options = page.getByRole('group', { name: 'When you approve from your e-mail' });
    await expect(options.getByRole('checkbox', { name: "Don't ask again on this device" })).toBeVisible();
    await expect(
      options.getByRole('checkbox', { name: 'Send the approval request automatically next time' }),
    ).toBeVisible();
    await page.getByRole('button', { name: /Approve from my e-mail/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Waiting for approval…' })).toBeVisible();
    // …not while it waits.
    await expect(page.getByRole('checkbox')).toHaveCount(0);

    const mail = await waitForMail(page, origin, login, 'approve', seen);
    const link = /(http\S+\/api\/v1\/authn\/push\/\S+)/.exec(mail.text)?.[1] ?? '';
    expect(link).not.toBe('');
    // The person opens the link (in another tab) and approves; the sign-in page notices by itself.
    const approver = await context.newPage();
    await approver.goto(link);
    await approver.getByRole('button', { name: "Yes, it's me" }).click();
    await expect(approver.getByText('Sign-in approved')).toBeVisible();
    await approver.close();

    await expectSignedIn(page, `${origin}/`, login);
  });

  test('push: cancel while waiting stops the poll and returns to the form', async ({ page, baseURL }) => {
    const origin = storeUrl(baseURL, 'pacific');
    await page.goto(signInUrl(origin));
    await submitPassword(page, demoLogin('mfa-push', 'pacific'));
    await page.getByRole('button', { name: /Approve from my e-mail/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Waiting for approval…' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel sign-in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: /\w/ })).toHaveCount(0);
  });

  test('MFA enrolment: set up an authenticator app from the shown key, then signed in', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL);
    const login = demoLogin('mfa-enroll');
    await page.goto(signInUrl(origin));
    await submitPassword(page, login);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up a second sign-in step' })).toBeVisible();
    await page.getByRole('button', { name: /Authenticator app/ }).click();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Verification code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectSignedIn(page, `${origin}/`, login);
  });
});
