import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInSaved } from './saved-sign-in.ts';
import { demoLogin } from './signin-support.ts';
import { storeUrl, watchConsole } from './support.ts';

/**
 * A publisher's batch of real STS files (metanorma/sts-ruby: ISO 13849-1, its DIN EN ISO adoption, ISO STS
 * samples; packages/db/test/fixtures/sts/public/SOURCES.md) imported through the console as one ZIP: each
 * file's outcome, the notes on what the files leave out, then the store page of the adoption with its chain.
 */

const screenshots = resolve(import.meta.dirname, '../test-results/console-catalog-sts');
const ZIP = readFileSync(
  resolve(import.meta.dirname, '../../packages/db/test/fixtures/sts/public/metanorma-sts-ruby.zip'),
);

test.describe.configure({ timeout: 120_000 });

test('the operator imports a ZIP of real STS files; the store page of the adoption shows its chain', async ({
  page,
  baseURL,
}) => {
  const origin = storeUrl(baseURL);
  const errors = watchConsole(page);
  await signInSaved(page, {
    origin,
    username: demoLogin('operator'),
    returnTo: `${origin}/admin/stores/trackwell/catalog`,
  });
  await expect(page.getByRole('heading', { level: 2, name: 'Catalogue' })).toBeVisible({ timeout: 30_000 });

  await page.getByLabel('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)').setInputFiles({
    name: 'metanorma-sts-ruby.zip',
    mimeType: 'application/zip',
    buffer: ZIP,
  });
  await expect(page.getByLabel('What the CSV file holds')).toHaveCount(0);
  await page.getByRole('button', { name: 'Dry run' }).click();
  const report = page.getByRole('region', { name: 'Dry run of metanorma-sts-ruby.zip' });
  const files = report.getByRole('region', { name: 'Files in the batch (4)' });
  await expect(files.getByRole('listitem')).toHaveCount(4);
  await expect(files.getByRole('listitem').filter({ hasText: 'DIN_EN_ISO_13849-1' })).toContainText(
    'Read — standards: 3',
  );
  await expect(
    report.getByText('Note — comm-ref: is empty: imported without a committee').first(),
  ).toBeVisible();
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page, '.tw-console__content');
  await report.screenshot({ path: `${screenshots}/dry-run-1280.png` });
  await page.setViewportSize({ width: 360, height: 800 });
  await report.screenshot({ path: `${screenshots}/dry-run-360.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('region', { name: 'Import applied' })).toBeVisible();

  await page.goto(`${origin}/store/standards/din-en-iso-13849-1-2008-12.html`);
  await expect(page.getByText('DIN EN ISO 13849-1:2008-12', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'EN ISO 13849-1:2008-06' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ISO 13849-1:2006-11' })).toBeVisible();
  await expect(page.locator('li[lang="de"]')).toContainText('Sicherheit von Maschinen');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${screenshots}/store-page-360.png`, fullPage: true });
  await page.getByRole('link', { name: 'EN ISO 13849-1:2008-06' }).click();
  await expect(page.getByText('Adopted as')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the operator maps the ICS group of the imported files to an industry area; the catalogue shows it, marked as derived', async ({
  page,
  baseURL,
}) => {
  const origin = storeUrl(baseURL);
  const errors = watchConsole(page);
  await signInSaved(page, {
    origin,
    username: demoLogin('operator'),
    returnTo: `${origin}/admin/stores/trackwell/catalog`,
  });
  await page.getByLabel('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)').setInputFiles({
    name: 'metanorma-sts-ruby.zip',
    mimeType: 'application/zip',
    buffer: ZIP,
  });
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByRole('region', { name: 'Dry run of metanorma-sts-ruby.zip' })).toBeVisible();
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('region', { name: 'Import applied' })).toBeVisible();

  // ISO 13849-1 and its adoptions carry ICS 13.110 (safety of machinery).
  await page.goto(`${origin}/admin/stores/trackwell/areas`);
  await expect(page.getByRole('heading', { level: 2, name: 'Industry areas by ICS code' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a prefix' }).click();
  const prefixes = page.getByRole('textbox', { name: /^ICS prefix of row \d+$/ });
  const row = await prefixes.count();
  await prefixes.last().fill('13.110');
  const area = page.getByRole('combobox', { name: `Industry area of row ${row}` });
  await area.selectOption({ index: 1 });
  const areaName = (await area.locator('option:checked').textContent())!.trim();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('ICS mapping saved.')).toBeVisible();

  await page.goto(`${origin}/admin/stores/trackwell/catalog`);
  await page.getByRole('searchbox', { name: 'Search standards by designation or title' }).fill('13849-1');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const adoption = page.getByRole('row').filter({ hasText: 'DIN EN ISO 13849-1:2008-12' });
  await expect(adoption).toContainText(`${areaName} from ICS`);
  await expect(adoption.getByText('from ICS')).toHaveAttribute(
    'title',
    "Derived from its ICS codes by the store's ICS mapping",
  );
  await adoption.screenshot({ path: `${screenshots}/derived-area-1280.png` });
  expect(errors).toEqual([]);
});
