import { resolve } from 'node:path';
import { expect, test } from './fixtures.ts';
import { screenshotDir } from './screenshot-dir.ts';
import { themeColour } from './signin-journey-support.ts';
import { currentSession, demoLogin, signInUrl, submitPassword } from './signin-support.ts';
import { storeUrl } from './support.ts';

/** The sign-in page's details: layout in a store's theme, the password rules, the subscriber-company notice. */

test.describe('sign-in page details', () => {
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
