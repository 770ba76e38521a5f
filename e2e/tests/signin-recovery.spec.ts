import { resolve } from 'node:path';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { screenshotDir } from './screenshot-dir.ts';
import { expectSignedIn, withArabic } from './signin-journey-support.ts';
import {
  DEMO_PASSWORD,
  demoLogin,
  seenMail,
  signInUrl,
  submitPassword,
  waitForMail,
} from './signin-support.ts';
import { storeUrl } from './support.ts';

/**
 * The sign-in page when the password is the problem: lockout and unlock by e-mail, a forgotten password,
 * an expired one; and axe on the page in English and Arabic.
 */

test.describe('sign-in page', () => {
  test('wrong password five times → locked → unlock by e-mail → sign in', async ({ page, baseURL }) => {
    test.slow(); // seven sign-in attempts and an e-mail
    // nordic's plain user: no other journey signs in with it.
    const origin = storeUrl(baseURL, 'nordic');
    const mailOrigin = storeUrl(baseURL);
    const login = demoLogin('user', 'nordic');
    const seen = await seenMail(page, mailOrigin, login);
    await page.goto(signInUrl(origin));
    for (let attempt = 1; attempt <= 4; attempt++) {
      await submitPassword(page, login, `Wrong-password-${attempt}`);
      await expect(page.getByRole('alert').filter({ hasText: 'not correct' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    }
    await submitPassword(page, login, 'Wrong-password-5');
    await expect(page.getByRole('heading', { level: 1, name: 'Your account is locked' })).toBeFocused();
    // Even the right password is refused now.
    await page
      .getByRole('button', { name: 'Cancel sign-in' })
      .or(page.getByRole('button', { name: 'Back to sign-in' }))
      .first()
      .click();
    await submitPassword(page, login);
    await expect(page.getByRole('heading', { level: 1, name: 'Your account is locked' })).toBeVisible();

    await expect(page.getByLabel('E-mail address')).toHaveValue(login);
    await page.getByRole('button', { name: 'Send the unlock link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();

    const mail = await waitForMail(page, mailOrigin, login, '/signin/unlock/', seen);
    const link = /(http\S+\/signin\/unlock\/\S+)/.exec(mail.text)?.[1] ?? '';
    await page.goto(link);
    await expect(page.getByText('Your account is unlocked. You can sign in now.')).toBeVisible();
    await submitPassword(page, login);
    await expectSignedIn(page, `${origin}/`, login);
  });

  test('forgot password → e-mailed link → security question → new password → signed in; the new password works', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two sign-ins, an e-mail and a second browser context: three times the default time on a busy machine.
    test.slow();
    const origin = storeUrl(baseURL);
    const login = demoLogin('recovery');
    const newPassword = 'Brand-new-pass-2027';
    const seen = await seenMail(page, origin, login);
    const returnTo = `${origin}/?after=reset`;
    await page.goto(signInUrl(origin, returnTo));
    await page.getByLabel('E-mail address').fill(login);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeFocused();
    await expect(page.getByLabel('E-mail address')).toHaveValue(login);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();

    const mail = await waitForMail(page, origin, login, '/signin/reset-password/', seen);
    const link = /(http\S+\/signin\/reset-password\/\S+)/.exec(mail.text)?.[1] ?? '';
    await page.goto(link);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Answer your security question' }),
    ).toBeVisible();
    await page.getByLabel('What was the name of your first pet?').fill('Rex');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /\w/ })).toHaveText(
      'The answer does not match our records.',
    );
    await page.getByLabel('What was the name of your first pet?').fill('Biscuit');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    // The rules are visible before submit, and a password breaking them is not sent.
    await expect(page.getByText('at least 8 characters')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Repeat the new password').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The new password does not meet every rule below.')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    // The link carried the return URL: the user lands where the sign-in started.
    await expectSignedIn(page, returnTo, login);

    const fresh = await browser.newContext({ baseURL: origin });
    const other = await fresh.newPage();
    await other.goto(signInUrl(origin));
    await submitPassword(other, login, DEMO_PASSWORD);
    await expect(other.getByRole('alert').filter({ hasText: 'not correct' })).toBeVisible();
    await submitPassword(other, login, newPassword);
    await expectSignedIn(other, `${origin}/`, login);
    await fresh.close();
  });

  test('expired password → change (current, new, repeat) → signed in', async ({ page, baseURL }) => {
    const origin = storeUrl(baseURL);
    const login = demoLogin('expired');
    await page.goto(signInUrl(origin));
    await submitPassword(page, login);
    await expect(page.getByRole('heading', { level: 1, name: 'Your password has expired' })).toBeFocused();
    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('Changed-pass-2027');
    await page.getByLabel('Repeat the new password').fill('Changed-pass-2027');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectSignedIn(page, `${origin}/`, login);
  });

  test('axe finds nothing on the sign-in page in English and in Arabic; Arabic screenshot', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const origin = storeUrl(baseURL);
    await page.goto(signInUrl(origin));
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    // With the errors shown too.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Enter your e-mail address.')).toBeVisible();
    await expectNoAxeViolations(page);
    // "Sign in with a passkey" is enabled and looks it: drawn in the primary colour, at full opacity
    const passkey = page.getByRole('button', { name: 'Sign in with a passkey' });
    await expect(passkey).toBeEnabled();
    const primary = await page
      .getByRole('button', { name: 'Sign in', exact: true })
      .evaluate((b) => getComputedStyle(b).backgroundColor);
    await expect(passkey).toHaveCSS('color', primary);
    await expect(passkey).toHaveCSS('opacity', '1');

    await withArabic(context, origin);
    await page.goto(signInUrl(origin));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Sign in');
    await expectNoAxeViolations(page);
    const shot = await page.screenshot({ fullPage: true });
    await testInfo.attach('signin-ar', { body: shot, contentType: 'image/png' });
    await page.screenshot({ path: resolve(screenshotDir, 'signin-ar.png'), fullPage: true });
  });
});
