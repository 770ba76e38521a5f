import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  codeIn,
  currentSession,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  demoLogin,
  seenMail,
  signIn,
  signInUrl,
  submitPassword,
  totpCode,
  waitForMail,
} from './signin-support.ts';
import { storeUrl, watchConsole } from './support.ts';

/**
 * The tenant sign-in page (issue 6 scope 1) against the real server and the embedded identity provider, in
 * Chromium, through the unchanged okta-auth-js: each authn state, with codes and links read from the local
 * mail inbox. Every run starts on a fresh database (playwright.config.ts), and each journey that changes a
 * user (lock, reset, expiry, enrolment) uses a demo user no other journey signs in with.
 */

const screenshotDir = resolve(import.meta.dirname, '../../docs/screenshots');

/** Back on `returnTo`, with an ACTIVE identity-provider session for `login`. */
async function expectSignedIn(page: Page, returnTo: string, login: string) {
  await page.waitForURL((url) => url.href === returnTo, { timeout: 15_000 });
  const session = await currentSession(page);
  expect(session?.status).toBe('ACTIVE');
  expect(session?.login).toBe(login);
  // The tracker finishes the sign-in silently (authorize → /implicit/callback) and comes back to returnTo,
  // signed in: the user menu is in the header.
  await expect(page.getByRole('banner').getByRole('button', { expanded: false })).toBeVisible({
    timeout: 20_000,
  });
  await page.waitForURL((url) => url.href === returnTo);
}

async function withArabic(context: BrowserContext, origin: string) {
  await context.addCookies([{ name: 'locale_Dev', value: 'ar', url: origin }]);
}

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
    // The "next time" options come with the choice, before the request goes out (issue 12 §8)…
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
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await withArabic(context, origin);
    await page.goto(signInUrl(origin));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Sign in');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    const shot = await page.screenshot({ fullPage: true });
    await testInfo.attach('signin-ar', { body: shot, contentType: 'image/png' });
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: resolve(screenshotDir, 'signin-ar.png'), fullPage: true });
  });
});

/** A colour as the browser computes it (rgb()), for comparing a control with the store's theme. */
async function themeColour(page: Page, property: string) {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, property);
}

test.describe('sign-in page details (issue 12 §8)', () => {
  test('aenor at 1280 px: one centred card, headings on one line, no card inside it, controls in its red', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const origin = storeUrl(baseURL, 'aenor');
    await context.addCookies([{ name: 'locale_Dev', value: 'en', url: origin }]);
    const login = demoLogin('mfa-email', 'aenor');
    await page.goto(signInUrl(origin));
    const card = page.locator('.tw-signin__card');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    // Centred in the page and wide enough (not pinned to the start at 1280 px).
    const box = (await card.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(12);
    expect(box.width).toBeGreaterThanOrEqual(560);
    // The form inside the card is not a second card.
    const inner = await page
      .locator('.tw-signin__card form')
      .evaluate((form) => [getComputedStyle(form).borderTopWidth, getComputedStyle(form).boxShadow]);
    expect(inner).toEqual(['0px', 'none']);
    await page.screenshot({ path: resolve(screenshotDir, 'signin-aenor-1280.png'), fullPage: true });
    await testInfo.attach('signin-aenor-1280', {
      path: resolve(screenshotDir, 'signin-aenor-1280.png'),
      contentType: 'image/png',
    });

    await submitPassword(page, login);
    await expect(page.getByRole('heading', { level: 1, name: "Verify it's you" })).toBeVisible();
    // The factor buttons take the store's primary colour, not Bootstrap's blue.
    const factor = page.getByRole('button', { name: /E-mail me a code/ });
    const primary = await themeColour(page, '--tw-primary');
    expect(await factor.evaluate((b) => getComputedStyle(b).color)).toBe(primary);
    expect(await factor.evaluate((b) => getComputedStyle(b).borderTopColor)).toBe(primary);
    await factor.click();

    const heading = page.getByRole('heading', { level: 1, name: 'Enter the code we e-mailed you' });
    await expect(heading).toBeVisible();
    const lines = await heading.evaluate(
      (h) => h.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(h).lineHeight),
    );
    expect(lines).toBeLessThan(1.5);
    // A single factor: nothing else to choose.
    await expect(page.getByRole('button', { name: 'Choose another method' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel sign-in' })).toBeVisible();
    await page.screenshot({ path: resolve(screenshotDir, 'signin-aenor-code-1280.png'), fullPage: true });
  });

  test('password rules tick off as they are met, in one wording; screenshot', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const origin = storeUrl(baseURL, 'aenor');
    await context.addCookies([{ name: 'locale_Dev', value: 'en', url: origin }]);
    await page.goto(signInUrl(origin));
    await submitPassword(page, demoLogin('expired', 'aenor'));
    await expect(page.getByRole('heading', { level: 1, name: 'Your password has expired' })).toBeVisible();
    const rules = page.getByRole('list').filter({ hasText: 'at least' });
    await expect(rules.getByRole('listitem')).toHaveText([
      /at least 8 characters/,
      /at least one number/,
      /no part of your username/,
    ]);
    await page.getByLabel('New password', { exact: true }).fill('changed-pass');
    const met = rules.locator('.tw-password-rule--met');
    await expect(met).toHaveText([/at least 8 characters/, /no part of your username/]);
    await expect(page.getByRole('status').filter({ hasText: 'Rules met' })).toHaveText('Rules met: 2 of 3');
    // Visibly ticked: the met rule's mark is a tick, in a colour of its own.
    const colours = await rules
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((li) => getComputedStyle(li.querySelector('.tw-password-rule__mark')!).color),
      );
    expect(colours[0]).not.toBe(colours[1]);
    expect(colours[0]).toBe(colours[2]);
    const path = resolve(screenshotDir, 'signin-password-rules.png');
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach('signin-password-rules', { path, contentType: 'image/png' });
  });

  test('a subscriber-company user is signed out and the sign-in page says why', async ({ page, baseURL }) => {
    const origin = storeUrl(baseURL);
    await page.goto(signInUrl(origin));
    await submitPassword(page, demoLogin('company'));
    await expect(
      page.getByText(
        'You have been signed out: company subscription accounts cannot use this site. Sign in with your personal account.',
      ),
    ).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect((await currentSession(page))?.status ?? null).not.toBe('ACTIVE');
    // Said once: a reload shows the plain form.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByText(/company subscription accounts/)).toHaveCount(0);
  });
});
