import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addForecastStandards } from './forecast-support.ts';
import { signInSaved } from './saved-sign-in.ts';
import { demoLogin } from './signin-support.ts';
import { closeContext, storeUrl } from './support.ts';
import { api, openTracker, screenshot, tableSettled, untrackEverything } from './tracker-support.ts';

/**
 * Review forecasts on the tracker page against the real server: a reader tracks an ISO, an ASTM and an IEEE
 * standard and sees each one's forecast, labelled a forecast; the "due within N months" filter keeps the ISO
 * one; in Arabic the page reads right to left with the dates whole; the store administrator changes ISO's
 * rule in the console and the tracker shows the new date. Screenshots at 1280 and 360 px.
 */

test.describe.configure({ timeout: 180_000 });
const STORE = 'aenor';
const run = String(Date.now() % 100000);

const row = (page: Page, designation: string) =>
  page.getByRole('row').filter({ has: page.getByText(designation, { exact: true }) });
/** A row's text without the isolates and non-breaking hyphens that keep its dates whole in either direction. */
const rowText = (page: Page, designation: string) => () =>
  row(page, designation)
    .textContent()
    .then((text) => (text ?? '').replace(/[\u2066-\u2069]/g, '').replaceAll('\u2011', '-'));

/** The store administrator gives ISO a 3-year rule in the console (copied from the default, then edited). */
async function giveIsoThreeYears(browser: Browser, origin: string, testInfo: TestInfo) {
  const admin = await browser.newContext();
  const consolePage = await admin.newPage();
  await admin.addCookies([{ name: 'locale_Dev', value: 'en', url: origin }]);
  await consolePage.setViewportSize({ width: 1280, height: 900 });
  await signInSaved(consolePage, {
    origin,
    username: demoLogin('admin', STORE),
    returnTo: `${origin}/admin/stores/${STORE}/forecasts`,
  });
  await expect(consolePage.getByRole('heading', { name: 'Review forecasts' })).toBeVisible();
  await consolePage.getByRole('button', { name: 'Change for this store (ISO)' }).click();
  const years = consolePage.getByRole('textbox', { name: 'Years to the review in rule 1' });
  await years.fill('3');
  await consolePage.getByRole('button', { name: 'Save changes' }).click();
  await expect(consolePage.getByText('Review forecast rules saved.')).toBeVisible();
  await consolePage.screenshot({ path: testInfo.outputPath('console-forecast-rules.png'), fullPage: true });
  // The same screen at 360 px and in Arabic (right to left), nothing wider than the phone.
  await admin.addCookies([{ name: 'locale_Dev', value: 'ar', url: origin }]);
  await consolePage.setViewportSize({ width: 360, height: 780 });
  await consolePage.reload();
  await expect(consolePage.getByRole('heading', { name: 'توقعات المراجعة' })).toBeVisible();
  await expect(consolePage.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await consolePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await consolePage.screenshot({
    path: testInfo.outputPath('console-forecast-rules-ar-360.png'),
    fullPage: true,
  });
  await closeContext(admin);
}

test('forecasts on the tracker page, the filter, Arabic, and a console rule that changes them', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const origin = storeUrl(baseURL, STORE);
  const [iso, astm, ieee] = await addForecastStandards(STORE, run);
  await page.context().addCookies([{ name: 'locale_Dev', value: 'en', url: origin }]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openTracker(page, origin, STORE);
  for (const s of [iso!, astm!, ieee!])
    await api(page, 'POST', '/api/tracker/v1/track-content/create-tracker', { assetId: s.assetId });
  await page.reload();
  await tableSettled(page);

  await expect(page.getByRole('columnheader', { name: 'Next review' })).toBeVisible();
  const isoRow = row(page, iso!.designation);
  await expect
    .poll(rowText(page, iso!.designation))
    .toMatch(/Review due \d{4}-\d{2} \(ISO systematic review\)/);
  await expect.poll(rowText(page, iso!.designation)).toContain('Forecast · counted from publication');
  await expect.poll(rowText(page, astm!.designation)).toContain('(ASTM reapproval or revision)');
  await expect.poll(rowText(page, astm!.designation)).toMatch(/withdrawn \d{4}-\d{2} without action/);
  await expect
    .poll(rowText(page, ieee!.designation))
    .toContain('Review due 2032-07-29 (IEEE revision or reaffirmation)');
  await screenshot(page, testInfo, 'forecasts-1280');

  // The filter, by keyboard: only the ISO standard's review is due within 6 months.
  const filter = page.getByRole('combobox', { name: 'Review due' });
  await filter.focus();
  await filter.selectOption({ label: 'Within 6 months' });
  await tableSettled(page);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, iso!.designation)).toBeVisible();
  await filter.selectOption({ label: 'Within 3 months' });
  await tableSettled(page);
  await expect(row(page, iso!.designation)).toBeVisible();
  await filter.selectOption({ label: 'Any time' });
  await tableSettled(page);
  await expect(page.getByRole('row')).toHaveCount(4);

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(isoRow.locator('td[data-label="Next review"]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, testInfo, 'forecasts-360');

  // Arabic: right to left, the rule and the dates isolated so they stay whole.
  await page.context().addCookies([{ name: 'locale_Dev', value: 'ar', url: origin }]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await tableSettled(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('columnheader', { name: 'المراجعة القادمة' })).toBeVisible();
  // The date is isolated in the page (left to right inside the Arabic sentence).
  await expect(row(page, ieee!.designation)).toContainText(
    'المراجعة مستحقة في \u20662032\u201107\u201129\u2069',
  );
  await expect(row(page, iso!.designation)).toContainText('توقع');
  await screenshot(page, testInfo, 'forecasts-ar-1280');
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await screenshot(page, testInfo, 'forecasts-ar-360');

  // The store administrator gives ISO a 3-year rule in the console; the tracker counts with it.
  await giveIsoThreeYears(browser, origin, testInfo);

  await page.context().addCookies([{ name: 'locale_Dev', value: 'en', url: origin }]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await tableSettled(page);
  const published = new Date();
  const expected = new Date(Date.UTC(published.getUTCFullYear(), published.getUTCMonth() - 58 + 36, 1));
  await expect
    .poll(rowText(page, iso!.designation))
    .toContain(`Review due ${expected.toISOString().slice(0, 7)} (ISO systematic review)`);
  await untrackEverything(page);
});
