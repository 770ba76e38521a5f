import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInSaved } from './saved-sign-in.ts';
import { demoLogin } from './signin-support.ts';
import { closeContext, storeUrl, watchConsole } from './support.ts';
import { api, tableSettled } from './tracker-support.ts';

/**
 * The console's catalogue and changes sections against the real server: awwa's store
 * administrator dry-runs and applies a small CSV (a publisher, a committee and 3 standards, made here), finds
 * one of them, then publishes a new edition of a standard the seed's reader tracks and is told how many
 * users it e-mails; axe, 360 px, and Arabic (awwa offers no Arabic: the operator on the platform store).
 */

const screenshots = resolve(import.meta.dirname, '../test-results/console-catalog');
const run = Date.now().toString(36).toUpperCase();
const PUBLISHER = `E2E${run}`;
const COMMITTEE = `E2E-${run}`;
const designations = [1, 2, 3].map((n) => `E2E${run}-${n}-26`);

const CSV = [
  'kind,code,name,designation,title,publisher_code,content_code,asset_id,committee_designation,status,edition,published_on',
  `publisher,${PUBLISHER},E2E Publisher ${run},,,,,,,,,`,
  `committee,,,${COMMITTEE},E2E Committee,${PUBLISHER},,,,,,`,
  ...designations.map(
    (d, i) =>
      `standard,,,${d},"Pipe, fittings and valves, part ${i + 1}",${PUBLISHER},${PUBLISHER} ${d.slice(0, -3)},${d.toLowerCase()},${COMMITTEE},active,2026,2026-01-1${i}`,
  ),
].join('\n');

// Two sign-ins, an import and a publish on a busy machine: more room than a one-screen journey.
test.describe.configure({ timeout: 180_000 });

/** The content code and designation of the first standard the seed's awwa reader tracks. */
async function readersStandard(page: Page, origin: string) {
  await signInSaved(page, { origin, username: demoLogin('reader', 'awwa') });
  await tableSettled(page);
  const list = await api(
    page,
    'GET',
    '/api/tracker/v2/track-content/get-user-content-tracking-data?userId=me&pageIndex=1&pageSize=5',
  );
  const [first] = list.responseData.value.trackingData.contentTrackings as Array<{
    content: { contentCode: string; displayDesignation: string };
  }>;
  expect(first).toBeTruthy();
  return first!.content;
}

/**
 * axe on the section; the mouse is moved off the button it last pressed first (a store theme's hover colour
 * is the theme's business, not the section's).
 */
async function axeClean(page: Page) {
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page, '.tw-console__content');
}

/** No part of the page scrolls sideways (tables scroll inside their own box). */
async function expectNoPageOverflow(page: Page) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
}

/** Dry run first (Apply waits for it), then apply: 1 publisher, 1 committee, 3 standards, all new. */
async function dryRunThenApply(page: Page) {
  const apply = page.getByRole('button', { name: 'Apply', exact: true });
  await page.getByLabel('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)').setInputFiles({
    name: 'e2e-standards.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV, 'utf8'),
  });
  await expect(apply).toBeDisabled();
  await page.getByRole('button', { name: 'Dry run' }).click();
  const report = page.getByRole('region', { name: 'Dry run of e2e-standards.csv' });
  await expect(
    report.getByText('Nothing blocks this file: applying it writes 5 new or changed entries.'),
  ).toBeVisible();
  await expect(report.getByRole('row')).toHaveCount(6);
  await axeClean(page);
  await apply.click();
  await page.getByRole('button', { name: 'Yes' }).click();
  const applied = page.getByRole('region', { name: 'Import applied' });
  await expect(applied).toContainText('No change that trackers are e-mailed about was recorded.');
  await expect(
    page.getByRole('table', { name: 'The latest imports of this store' }).getByRole('row').nth(1),
  ).toContainText('Applied');
}

/** A new edition of the reader's standard: the preview says whom it e-mails, then publish. */
async function publishNewEdition(page: Page, tracked: { contentCode: string; displayDesignation: string }) {
  await page
    .getByRole('navigation', { name: /Sections of/ })
    .getByRole('link', { name: 'Changes' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Changes' })).toBeVisible();
  await expect(page.getByLabel('Kind of change')).toHaveValue('new_edition');
  await page.getByLabel('Standard (content code)').fill(tracked.contentCode);
  await page.getByLabel('Designation', { exact: true }).fill(`${tracked.displayDesignation}-E2E`);
  await page.getByLabel('Edition', { exact: true }).fill('2026');
  await page.getByLabel('Release date', { exact: true }).fill('2026-11-25');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('1 user will be e-mailed', { exact: true })).toBeVisible();
  await axeClean(page);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: 1 user will be e-mailed.')).toBeVisible();
  const recent = page.getByRole('table', { name: "The store's recent changes and their e-mails" });
  await expect(recent.getByRole('row').nth(1)).toContainText('New edition');
}

test('awwa’s administrator imports a CSV (dry run, then apply), finds a standard, and publishes a new edition', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = storeUrl(baseURL, 'awwa');
  const readerContext = await browser.newContext();
  const tracked = await readersStandard(await readerContext.newPage(), origin);
  await closeContext(readerContext);
  const errors = watchConsole(page);

  await signInSaved(page, {
    origin,
    username: demoLogin('admin', 'awwa'),
    returnTo: `${origin}/admin/stores/awwa/catalog`,
  });
  await expect(page.getByRole('heading', { level: 2, name: 'Catalogue' })).toBeVisible({ timeout: 30_000 });

  await dryRunThenApply(page);

  // Browse and search the store's standards.
  await page
    .getByRole('searchbox', { name: 'Search standards by designation or title' })
    .fill(designations[1]!);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('table', { name: "The store's standards" })).toContainText('part 2');
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoPageOverflow(page);
  await page.screenshot({ path: `${screenshots}/catalog-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await publishNewEdition(page, tracked);
  await page.screenshot({ path: `${screenshots}/changes-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoPageOverflow(page);
  await page.screenshot({ path: `${screenshots}/changes-360.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test('Arabic: the catalogue and changes sections read right to left, axe finds nothing', async ({
  page,
  baseURL,
}) => {
  const origin = storeUrl(baseURL);
  await page.context().addCookies([{ name: 'locale_Dev', value: 'ar', url: origin }]);
  await signInSaved(page, {
    origin,
    username: demoLogin('operator'),
    returnTo: `${origin}/admin/stores/trackwell/catalog`,
  });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 2, name: 'الفهرس' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'تطبيق' })).toBeDisabled();
  await axeClean(page);
  await page.screenshot({ path: `${screenshots}/catalog-ar.png`, fullPage: true });
  await page.goto(`${origin}/admin/stores/trackwell/changes`);
  await expect(page.getByRole('heading', { level: 2, name: 'التغييرات' })).toBeVisible();
  await page.getByRole('button', { name: 'معاينة' }).click();
  await expect(page.getByText('املأ هذا الحقل.').first()).toBeVisible();
  await axeClean(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoPageOverflow(page);
  await page.screenshot({ path: `${screenshots}/changes-ar-360.png`, fullPage: true });
});

/** ISO's open data export, as committed (packages/db/test/fixtures/csv/public/SOURCES.md). */
const ISO_EXPORT = readFileSync(
  resolve(import.meta.dirname, '../../packages/db/test/fixtures/csv/public/iso-deliverables-metadata.csv'),
);

test('an export written by others (ISO open data): the column-mapping step, pre-filled, at 360 px and in Arabic', async ({
  page,
  baseURL,
}) => {
  const origin = storeUrl(baseURL, 'awwa');
  const errors = watchConsole(page);
  await signInSaved(page, {
    origin,
    username: demoLogin('admin', 'awwa'),
    returnTo: `${origin}/admin/stores/awwa/catalog`,
  });
  await expect(page.getByRole('heading', { level: 2, name: 'Catalogue' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)').setInputFiles({
    name: 'iso-deliverables-metadata.csv',
    mimeType: 'text/csv',
    buffer: ISO_EXPORT,
  });
  const step = page.getByRole('group', { name: "Map the file's columns" });
  await expect(step.getByLabel('reference', { exact: true })).toHaveValue('reference');
  await expect(step.getByLabel('title.fr', { exact: true })).toHaveValue('titles:fr');
  await expect(step.getByRole('table', { name: 'The first 5 rows as they will be read' })).toContainText(
    'ISO 18381:2013',
  );
  await axeClean(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoPageOverflow(page);
  await page.screenshot({ path: `${screenshots}/mapping-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Save the mapping and run the dry run' }).click();
  const report = page.getByRole('region', { name: 'Dry run of iso-deliverables-metadata.csv' });
  await expect(report.getByText('3 rows are refused', { exact: false })).toBeVisible();
  await expect(report).toContainText('ISO 18074');
  await page.screenshot({ path: `${screenshots}/mapping-dry-run.png`, fullPage: true });
  expect(errors).toEqual([]);

  // Arabic, right to left: the operator on the platform store.
  const platform = storeUrl(baseURL);
  await page.context().addCookies([{ name: 'locale_Dev', value: 'ar', url: platform }]);
  await signInSaved(page, {
    origin: platform,
    username: demoLogin('operator'),
    returnTo: `${platform}/admin/stores/trackwell/catalog`,
  });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('ملف الفهرس (CSV أو XLSX أو XML أو ملف ZIP يضم ملفات XML)').setInputFiles({
    name: 'iso.csv',
    mimeType: 'text/csv',
    buffer: ISO_EXPORT,
  });
  const arabic = page.getByRole('group', { name: 'اربط أعمدة الملف' });
  await expect(arabic.getByLabel('reference', { exact: true })).toHaveValue('reference');
  await axeClean(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoPageOverflow(page);
  await page.screenshot({ path: `${screenshots}/mapping-ar-360.png`, fullPage: true });
});
