import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInSaved } from './saved-sign-in.ts';
import { screenshotDir } from './screenshot-dir.ts';
import { codeIn, DEMO_PASSWORD, demoLogin, seenMail, waitForMail } from './signin-support.ts';
import { askStore, storeUrl, watchConsole } from './support.ts';

/**
 * The account area against the real server and its embedded identity provider: the MyAccount
 * calls go through okta-auth-js with the account area's own token (the myAccount scopes, asked silently), codes
 * come from the local mail inbox ("SMS" too), and every change is checked after a reload or a new sign-in.
 *
 * The journeys that change an account use pacific's `recovery` demo user, which no other journey signs in with
 * (the e2e database is fresh each run, but the journeys share it); each puts back what it changed (name,
 * password) so a later journey finds the demo account as documented. Read-only views (axe, Arabic) use the
 * plain demo user of the trackwell store, which offers all 14 languages.
 */

const OWN_STORE = 'pacific';
const ownUser = demoLogin('recovery', OWN_STORE);

/** Signs in and opens an account screen once its data is there (heading, and no loading message). */
async function openAccount(page: Page, origin: string, username: string, screen = 'profile') {
  await signInSaved(page, { origin, username, returnTo: `${origin}/account/${screen}` });
  await expectScreen(page, screen);
}

const SCREEN_TITLES: Record<string, string> = {
  profile: 'Profile',
  emails: 'E-mail addresses',
  phones: 'Phone numbers',
  password: 'Password',
  preferences: 'Preferences',
};

async function expectScreen(page: Page, screen: string) {
  await expect(page.getByRole('heading', { level: 2, name: SCREEN_TITLES[screen] })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your account' })).toHaveCount(0);
}

async function goTo(page: Page, screen: string) {
  await page
    .getByRole('navigation', { name: 'Account settings' })
    .getByRole('link', { name: SCREEN_TITLES[screen] })
    .click();
  await expectScreen(page, screen);
}

/** The list item of an address or number (its value is in a <bdi>). */
const itemOf = (page: Page, value: string) =>
  page.getByRole('listitem').filter({ has: page.locator('bdi', { hasText: value }) });

/**
 * Whether a password signs the user in: the sign-in page's own first call, Okta's Authentication API
 * (`POST /api/v1/authn`), made from Node with the store's Host header (Node does not resolve *.localhost).
 * Asked without a second browser context: closing one on a busy machine has been seen to take longer than
 * a journey can wait, and a context left half-closed failed the next journey's start.
 */
async function passwordSignsIn(origin: string, username: string, password: string): Promise<boolean> {
  const answer = await askStore(origin, '/api/v1/authn', {
    method: 'POST',
    body: JSON.stringify({ username, password }),
  });
  if (answer.status === 401) return false;
  expect(answer.status, answer.text).toBe(200);
  // SUCCESS, or a second factor asked next: either way the password was right.
  return /^(SUCCESS|MFA_)/.test((JSON.parse(answer.text) as { status: string }).status);
}

async function changePassword(page: Page, current: string, next: string) {
  const form = page.getByRole('form', { name: 'Change your password' });
  await form.getByLabel('Current password').fill(current);
  await form.getByLabel('New password', { exact: true }).fill(next);
  await form.getByLabel('Repeat the new password').fill(next);
  // The answer to this change, not the message: a second change shows the same message before it is saved.
  const saved = page.waitForResponse(
    (r) => r.request().method() !== 'GET' && new URL(r.url()).pathname.endsWith('/password'),
  );
  await form.getByRole('button', { name: 'Change password' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText('Your password has been changed.').first()).toBeVisible();
}

/** Answers Yes in the confirmation modal (spec §5 "Delete … need a Yes confirmation"). */
async function confirmYes(page: Page, title: string) {
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Yes' }).click();
}

test.describe('account area', () => {
  test.describe.configure({ timeout: 180_000 });

  test('profile: edit the last name, see it after a reload and in the user menu', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL, OWN_STORE);
    const consoleErrors = watchConsole(page);
    await openAccount(page, origin, ownUser);
    // The schema decides: the login is read-only, the names are fields.
    await expect(page.getByRole('textbox', { name: /Username/ })).toHaveCount(0);
    await expect(page.getByText(ownUser).first()).toBeVisible();
    const lastName = page.getByRole('textbox', { name: /Last name/ });
    const original = await lastName.inputValue();
    const edited = `Quinn-${Date.now() % 100000}`;
    try {
      await lastName.fill(edited);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Your profile has been saved.')).toBeVisible();
      await page.reload();
      await expectScreen(page, 'profile');
      await expect(page.getByRole('textbox', { name: /Last name/ })).toHaveValue(edited);
      // The header's user menu ("last first", spec §2) reads the same profile.
      await expect(page.getByRole('banner').getByRole('button', { name: new RegExp(edited) })).toBeVisible();
    } finally {
      await page.getByRole('textbox', { name: /Last name/ }).fill(original);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Your profile has been saved.').first()).toBeVisible();
    }
    expect(consoleErrors).toEqual([]);
  });

  test('e-mail: add → verify with the code from the inbox → VERIFIED; then delete it', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL, OWN_STORE);
    // One inbox for every store, read through localhost (the test runner cannot resolve *.localhost).
    const inboxOrigin = storeUrl(baseURL);
    await openAccount(page, origin, ownUser, 'emails');
    await expect(itemOf(page, ownUser)).toContainText('Primary');
    await expect(itemOf(page, ownUser)).toContainText('Verified');

    const address = `account-e2e-${Date.now()}@pacific.example`;
    const seen = await seenMail(page, inboxOrigin, address);
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(address);
    await page.getByRole('button', { name: 'Add and send code' }).click();
    const form = page.getByRole('form', { name: 'Enter the verification code' });
    await expect(form).toContainText(address);
    await expect(itemOf(page, address)).toContainText('Not verified');

    const mail = await waitForMail(page, inboxOrigin, address, 'verify your e-mail', seen);
    await form.getByRole('textbox', { name: 'Verification code' }).fill(codeIn(mail.text));
    await form.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText(`${address} is verified.`)).toBeVisible();
    await expect(itemOf(page, address)).toContainText('Secondary');
    await expect(itemOf(page, address)).not.toContainText('Not verified');
    await page.reload();
    await expectScreen(page, 'emails');
    await expect(itemOf(page, address)).toContainText('Verified');
    await expect(itemOf(page, address)).not.toContainText('Not verified');

    await itemOf(page, address)
      .getByRole('button', { name: `Delete ${address}` })
      .click();
    await confirmYes(page, 'Delete this e-mail address?');
    await expect(page.getByText(`${address} has been removed.`)).toBeVisible();
    await expect(itemOf(page, address)).toHaveCount(0);
  });

  test('phone: add → verify with the "SMS" code from the inbox → VERIFIED; then delete it', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL, OWN_STORE);
    const inboxOrigin = storeUrl(baseURL);
    await openAccount(page, origin, ownUser, 'phones');
    const digits = `1555${String(Date.now()).slice(-7)}`;
    const number = `+${digits}`;
    const inbox = `${digits}@sms.invalid`;
    const seen = await seenMail(page, inboxOrigin, inbox);
    await page.getByRole('textbox', { name: 'Phone number' }).fill(number);
    await page.getByRole('button', { name: 'Add and send code' }).click();
    const form = page.getByRole('form', { name: 'Enter the verification code' });
    await expect(form).toContainText(number);
    await expect(itemOf(page, number)).toContainText('Not verified');

    const sms = await waitForMail(page, inboxOrigin, inbox, 'verification code', seen);
    await form.getByRole('textbox', { name: 'Verification code' }).fill(codeIn(sms.text));
    await form.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText(`${number} is verified.`)).toBeVisible();
    await page.reload();
    await expectScreen(page, 'phones');
    await expect(itemOf(page, number)).toContainText('Verified');
    await expect(itemOf(page, number)).not.toContainText('Not verified');

    await itemOf(page, number)
      .getByRole('button', { name: `Delete ${number}` })
      .click();
    await confirmYes(page, 'Delete this phone number?');
    await expect(page.getByText('You have no phone numbers yet.')).toBeVisible();
  });

  test('password: change → the old one fails, the new one works (then it is put back)', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL, OWN_STORE);
    const next = `Pacific-Account-${Date.now() % 10000}`;
    await openAccount(page, origin, ownUser, 'password');
    await expect(page.getByText(/You sign in with a password/)).toBeVisible();
    // The rules are there before anything is submitted.
    await expect(page.getByText('Your new password needs:')).toBeVisible();
    try {
      await changePassword(page, DEMO_PASSWORD, next);
      expect(await passwordSignsIn(origin, ownUser, DEMO_PASSWORD)).toBe(false);
      expect(await passwordSignsIn(origin, ownUser, next)).toBe(true);
    } finally {
      await changePassword(page, next, DEMO_PASSWORD);
    }
    expect(await passwordSignsIn(origin, ownUser, DEMO_PASSWORD)).toBe(true);
  });

  test('password: remove (allowed here) → NOT_ENROLLED, no password sign-in → set one again', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL, OWN_STORE);
    await openAccount(page, origin, ownUser, 'password');
    await page.getByRole('button', { name: 'Remove password' }).click();
    await confirmYes(page, 'Remove your password');
    await expect(page.getByText('Your password has been removed.')).toBeVisible();
    const form = page.getByRole('form', { name: 'Set a password' });
    await expect(form).toBeVisible();
    await expect(page.getByText(/You have no password yet/)).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveCount(0);
    expect(await passwordSignsIn(origin, ownUser, DEMO_PASSWORD)).toBe(false);

    await form.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
    await form.getByLabel('Repeat the new password').fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Your password has been set.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Change your password' })).toBeVisible();
    expect(await passwordSignsIn(origin, ownUser, DEMO_PASSWORD)).toBe(true);
  });

  test('every screen: axe finds nothing in English; the navigation marks the current screen', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL);
    const consoleErrors = watchConsole(page);
    await openAccount(page, origin, demoLogin('user'));
    // The shell shows the footer on the account screens (spec §2).
    await expect(page.getByRole('contentinfo')).toBeVisible();
    for (const screen of ['profile', 'emails', 'phones', 'password', 'preferences']) {
      if (screen !== 'profile') await goTo(page, screen);
      await expect(
        page
          .getByRole('navigation', { name: 'Account settings' })
          .getByRole('link', { name: SCREEN_TITLES[screen] }),
      ).toHaveAttribute('aria-current', 'page');
      await expectNoAxeViolations(page);
    }
    // The tracking e-mails status has loaded (the tracker's source trackings: it needs the user's id, read
    // from the access token) and links to the unsubscribe.
    await expect(page.getByText('Committees tracked')).toBeVisible();
    await expect(page.getByRole('link', { name: /tracker page|unsubscribe/ })).toHaveAttribute(
      'href',
      '/#unsubscribe',
    );
    expect(consoleErrors).toEqual([]);
  });

  test('Arabic: right to left, axe finds nothing; screenshot of the account area', async ({
    page,
    baseURL,
  }, testInfo) => {
    const origin = storeUrl(baseURL);
    // Saving a language makes it the person's: a user of its own, not the shared demo user.
    await openAccount(page, origin, demoLogin('journey-account-ar'), 'preferences');
    await page.getByRole('combobox', { name: 'Language of this store' }).selectOption('ar');
    await page.getByRole('button', { name: 'Save language' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'حسابي' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'إعدادات الحساب' })
      .getByRole('link', { name: 'عناوين البريد الإلكتروني' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'عناوين البريد الإلكتروني' })).toBeVisible();
    await expect(page.getByText('أساسي', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page
      .getByRole('navigation', { name: 'إعدادات الحساب' })
      .getByRole('link', { name: 'الملف الشخصي' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'الملف الشخصي' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /الاسم الأول/ })).toHaveValue(/.+/);
    await expectNoAxeViolations(page);
    // The navigation sits on the right (the start side) in right-to-left.
    const nav = await page.getByRole('navigation', { name: 'إعدادات الحساب' }).boundingBox();
    const content = await page.getByRole('heading', { level: 2 }).boundingBox();
    expect(nav && content && nav.x > content.x).toBe(true);
    const path = resolve(screenshotDir, 'account-ar.png');
    await page.screenshot({ path, fullPage: true, animations: 'disabled' });
    await testInfo.attach('account-ar', { path, contentType: 'image/png' });
  });

  test('360 px wide: no part of the account area runs off the screen, every screen', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL);
    await page.setViewportSize({ width: 360, height: 740 });
    await openAccount(page, origin, demoLogin('user'));
    for (const screen of ['profile', 'emails', 'phones', 'password', 'preferences']) {
      if (screen !== 'profile') await goTo(page, screen);
      // The account area only (the shell's header is the shell's own concern).
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('.tw-account, .tw-account *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((el) => `${el.tagName}.${el.getAttribute('class') ?? ''}`),
      );
      expect(wide, screen).toEqual([]);
    }
  });
});
