import type { Page, TestInfo } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInSaved } from './saved-sign-in.ts';
import { storeUrl } from './support.ts';
import { widthsFor, widthsTitle } from './widths.ts';

/**
 * The tables moved onto the portal's one DataTable, seen in Chromium in English and Arabic, at 1280 and 360 px
 * (in `npm test` English at 1280 and Arabic at 360: widths.ts): the catalogue import's column mapping and its
 * preview, the dry run's rows, the daily deliveries' figures, the audit log's numbered pages. Each is saved as
 * a screenshot in the test results; axe finds no serious or critical violation; no page scrolls sideways (a wide
 * table scrolls in its own region or becomes cards). The platform operator on the platform store (which offers
 * Arabic).
 */

test.describe.configure({ timeout: 300_000 });

const OPERATOR = 'operator@trackwell.example';
const STORE = 'trackwell';
// An export the importer does not know (ISO's open data's columns): the mapping step opens.
const ISO_CSV = [
  'id,reference,title.en,publicationDate,currentStage,icsCode',
  "62319,ISO 18381:2013,Space data and information transfer systems — Lossless multispectral & hyperspectral image compression,2013-05-29,9060,['49.140']",
  "12345,ISO 13849-1:2023,Safety of machinery — Safety-related parts of control systems — Part 1: General principles for design,2023-04-01,6060,['13.110']",
].join('\n');

async function grave(page: Page) {
  return (await axeViolations(page, '.tw-console__content'))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length})`);
}

async function check(page: Page, testInfo: TestInfo, label: string) {
  await page.mouse.move(0, 0);
  const [scroll, inner] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(inner!);
  await page.screenshot({ path: testInfo.outputPath(`${label}.png`), fullPage: true });
  expect(await grave(page), label).toEqual([]);
}

/** A close look at one table: the top of its box, at most 760 px of it (a full page at 360 px is very tall). */
async function shotOf(page: Page, testInfo: TestInfo, selector: string, label: string) {
  // Page coordinates (a full-page clip), not the viewport's.
  const box = await page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { y: r.top + window.scrollY, height: r.height };
    });
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({
    path: testInfo.outputPath(`${label}-table.png`),
    fullPage: true,
    clip: { x: 0, y: Math.max(0, box.y - 40), width, height: Math.min(box.height + 40, 760) },
  });
}

/** The deliveries chart's "show the figures as a table" button, in each language the journey reads. */
const SHOW_TABLE = { en: 'Show the figures as a table', ar: 'عرض الأرقام في جدول' } as const;

async function visit(page: Page, origin: string, lang: 'en' | 'ar', testInfo: TestInfo) {
  for (const width of widthsFor(lang)) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    const at = `${lang}-${width}`;

    await page.goto(`${origin}/admin/stores/${STORE}/catalog`);
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({
        name: 'iso-open-data.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(ISO_CSV, 'utf8'),
      });
    const mapping = page.locator('.tw-catalog__mapping');
    await expect(mapping.locator('table')).toHaveCount(2, { timeout: 30_000 });
    await check(page, testInfo, `catalog-mapping-${at}`);
    await shotOf(page, testInfo, '.tw-catalog__mapping .tw-data-table', `catalog-mapping-${at}`);
    await mapping.locator('xpath=ancestor::form').locator('button[type="submit"]').first().click();
    await expect(page.locator('.tw-catalog__rows table')).toBeVisible({ timeout: 30_000 });
    await check(page, testInfo, `catalog-rows-${at}`);
    await shotOf(page, testInfo, '.tw-catalog__rows', `catalog-rows-${at}`);

    // The platform store sends no e-mail in this data set; awwa's seed readers are e-mailed its changes.
    await page.goto(`${origin}/admin/stores/awwa/deliveries`);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.locator('.tw-activity__panel').first()).toBeVisible({ timeout: 20_000 });
    // The chart's table alternative, by the words its button shows (the panel's table has a Columns button too).
    const toggle = page
      .locator('.tw-activity__panel')
      .getByRole('button', { name: SHOW_TABLE[lang], exact: true });
    if (await toggle.count()) {
      // The table the button shows (its aria-controls), not the changes panel's table below it; asked before
      // the click, after which the button's words are "Hide…".
      const shown = await toggle.getAttribute('aria-controls');
      await toggle.click();
      await expect(page.locator(`[id="${shown}"] table`)).toBeVisible();
    }
    await check(page, testInfo, `deliveries-figures-${at}`);

    // The log of every store, 10 to a page: the last page by keyboard.
    await page.goto(`${origin}/admin/audit`);
    const pager = page.locator('.tw-data-table__pager');
    await expect(pager).toBeVisible({ timeout: 20_000 });
    await pager.locator('select').selectOption('10');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    const last = pager.getByRole('button').nth(3);
    await last.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    await expect(last).toBeFocused();
    await expect(last).toHaveAttribute('aria-disabled', 'true');
    await check(page, testInfo, `audit-last-page-${at}`);
    await shotOf(page, testInfo, '.tw-data-table__pager', `audit-pager-${at}`);
  }
}

test(`English: the moved tables at ${widthsTitle('en')}`, async ({ page, baseURL }, testInfo) => {
  const origin = storeUrl(baseURL);
  await signInSaved(page, { origin, username: OPERATOR, returnTo: `${origin}/admin/stores` });
  await visit(page, origin, 'en', testInfo);
});

test(`Arabic: the moved tables at ${widthsTitle('ar')}, right to left`, async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const origin = storeUrl(baseURL);
  await context.addCookies([{ name: 'locale_Dev', value: 'ar', url: origin }]);
  await signInSaved(page, { origin, username: OPERATOR, returnTo: `${origin}/admin/stores` });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await visit(page, origin, 'ar', testInfo);
});
