import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test } from './fixtures.ts';
import { screenshotDir } from './screenshot-dir.ts';
import { signIn } from './signin-support.ts';
import { addStoreUser } from './store-users.ts';
import { storeUrl } from './support.ts';

/**
 * A list's panel as its owner uses it on the demo platform store: the evidence report's form (the last 12
 * months, the file format) with the PDF downloaded and read back with a PDF parser, and the outside
 * recipients, an address added by keyboard and removed; then the same panel in Arabic at 360 px, right to
 * left and inside the screen.
 */

async function ownerWithList(page: import('@playwright/test').Page, origin: string, firstName: string) {
  const login = `owner-${randomUUID().slice(0, 8)}@example.com`;
  await addStoreUser('trackwell', { login, firstName, lastName: 'Evidence' });
  await signIn(page, { origin, username: login, returnTo: `${origin}/organisations` });
  await page.getByLabel('Name').fill(`Audit ${randomUUID().slice(0, 6)}`);
  await page.getByRole('button', { name: 'Create organisation' }).click();
  const lists = page.getByRole('region', { name: 'Watch lists' });
  await lists.getByLabel('List name').fill('Suppliers');
  await lists.getByRole('button', { name: 'Create list' }).click();
  await expect(lists.getByRole('heading', { level: 3, name: 'Suppliers' })).toBeVisible();
  await lists.getByRole('button', { name: 'Show standards Suppliers' }).click();
  return lists;
}

test('the owner sees the evidence report form and adds and removes an outside recipient', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const lists = await ownerWithList(page, storeUrl(baseURL), 'Olive');
  const report = lists.getByRole('region', { name: 'Evidence report' });
  await expect(report.getByLabel('File format')).toHaveValue('pdf');
  // The PDF for the last 12 months (no change yet), read back with a PDF parser.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    report.getByRole('button', { name: 'Download report' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^evidence-suppliers-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  const pdf = await getDocumentProxy(new Uint8Array(await readFile((await download.path())!)));
  const { text } = await extractText(pdf, { mergePages: true });
  expect(text).toContain('Review evidence report');
  expect(text).toContain('List: Suppliers');
  expect(text).toContain('Responsible person: Evidence Olive');
  expect(text).toContain('No change opened a review in this period.');
  const recipients = lists.getByRole('region', { name: 'Outside recipients' });
  await expect(recipients.getByText('No outside recipients.')).toBeVisible();
  await recipients.getByLabel('E-mail address').fill('Auditor@Example.com');
  await page.keyboard.press('Enter');
  await expect(recipients.locator('bdi').filter({ hasText: 'auditor@example.com' })).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/organisation-list-panel-1280.png`, fullPage: true });
  await recipients.getByRole('button', { name: /Remove/ }).click();
  await expect(recipients.getByText('No outside recipients.')).toBeVisible();
});

test('the list panel in Arabic at 360 px: right to left, inside the screen', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  const lists = await ownerWithList(page, storeUrl(baseURL), 'Layla');
  await lists
    .getByRole('region', { name: 'Outside recipients' })
    .getByLabel('E-mail address')
    .fill('qa@example.com');
  await page.keyboard.press('Enter');
  await page.getByRole('banner').getByRole('combobox').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const panel = page.getByRole('region', { name: 'قوائم المتابعة' });
  await expect(panel.getByRole('region', { name: 'تقرير الأدلة' })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'مستلمون من الخارج' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${screenshotDir}/organisation-list-panel-ar-360.png`, fullPage: true });
});
