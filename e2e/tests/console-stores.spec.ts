import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInSaved } from './saved-sign-in.ts';
import { storeUrl, watchConsole } from './support.ts';

/**
 * The console's stores against the real server: the platform operator creates a store, renames
 * it, gives it a new primary colour that the live preview shows before it is saved, and saves; the screens are
 * axe clean, usable at 360 px and right to left in Arabic.
 */

const OPERATOR = 'operator@trackwell.example';
const shots = (name: string) => ({ path: `test-results/console-stores-${name}.png`, fullPage: true });

const axeClean = (page: Page) => expectNoAxeViolations(page, 'main');

test('an operator creates a store, renames it and changes its colour with a live preview', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const origin = storeUrl(baseURL);
  const code = `st${Date.now().toString(36)}`;
  await signInSaved(page, { origin, username: OPERATOR, returnTo: `${origin}/admin/stores` });

  // Create: code, name, canonical host.
  await page.getByRole('button', { name: 'Create a store' }).click();
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await page.getByLabel('Store name').fill(`Store ${code}`);
  await page.getByLabel('Canonical host').fill(`${code}.localhost`);
  await page.getByRole('button', { name: 'Create the store' }).click();
  await expect(page).toHaveURL(`${origin}/admin/stores/${code}/settings`);
  await expect(page.getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();

  // Settings: Save waits for a change; the new name is saved.
  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Store name').fill(`Renamed ${code}`);
  await expect(save).toBeEnabled();
  await axeClean(page);
  await page.screenshot(shots('settings'));
  await save.click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  // The toast is at the reading start, below the header, but beside the console's navigation, not over it.
  const toast = await page.locator('.Toastify__toast-container').boundingBox();
  const nav = await page.locator('#tw-console-drawer').boundingBox();
  expect(toast!.x).toBeGreaterThanOrEqual(nav!.x + nav!.width);
  await expect(page.getByText('No unsaved changes.')).toBeVisible();
  // The store's name above its sections follows at once.
  await expect(page.getByText(`Store: Renamed ${code}`, { exact: true })).toBeVisible();

  // Look: the preview follows the unsaved colour.
  await page
    .getByRole('navigation', { name: /Sections of/ })
    .getByRole('link', { name: 'Look' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Look' })).toBeVisible();
  const preview = page.getByTestId('theme-preview');
  const track = preview.getByRole('button', { name: 'Track' }).first();
  await page.getByLabel(/^Primary/).fill('#7a1f5c');
  await expect(track).toHaveCSS('background-color', 'rgb(122, 31, 92)');
  await axeClean(page);
  await page.screenshot(shots('theme'));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Look saved.')).toBeVisible();
  await expect(page.getByRole('link', { name: `Open the store (${code}.localhost)` })).toHaveAttribute(
    'href',
    `${storeUrl(baseURL, code)}/`,
  );

  // 360 px: nothing wider than the screen; the preview comes below the form.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(preview).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot(shots('theme-360'));
  await page.setViewportSize({ width: 1280, height: 800 });

  // Arabic: right to left, translated.
  await page.goto(`${origin}/admin/stores/${code}/settings?lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 2, name: 'الإعدادات' })).toBeVisible();
  await expect(page.getByLabel('اسم المتجر')).toHaveValue(`Renamed ${code}`);
  await axeClean(page);
  await page.screenshot(shots('settings-ar'));
  expect(errors).toEqual([]);
});
