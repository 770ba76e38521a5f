import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { expect, test } from './fixtures.ts';
import { signIn } from './signin-support.ts';
import { addStoreUser } from './store-users.ts';
import { e2eFixtures, storeUrl } from './support.ts';

/**
 * Importing a list, as a user does it: upload a real CSV (messy designations) and a real XLSX (made here with
 * write-excel-file), read the report, choose the ambiguous one, track, and export the list as CSV and XLSX
 * (both downloads read back). The standards are published by this journey, with numbers of its own.
 */
const suffix = randomUUID().slice(0, 6).toLowerCase();
const LOGIN = `list-${suffix}@trackwell.example`;
const [one, two, three] = [randomInt(10_000, 99_999), randomInt(10_000, 99_999), randomInt(10_000, 99_999)];
const DESIGNATIONS = [`Q${one}-22`, `Q${two}-19`, `Q${two}-24`, `Q${three}-23`];

async function publishStandard(page: Page, origin: string, designation: string, committee: string) {
  const assetId = `${designation.toLowerCase()}-${suffix}`;
  const answer = await page.request.post(`${origin}/api/catalog/v1/changes`, {
    headers: { 'x-api-key': e2eFixtures().publisherKey },
    data: {
      events: [
        {
          id: `e2e-list-${suffix}-${designation}`,
          type: 'new_standard',
          standard: {
            assetId,
            contentCode: `E2E-L-${designation}-${suffix}`,
            designation,
            title: `List journey standard ${designation}`,
            publisherCode: 'ATMS',
            committeeDesignation: committee,
            edition: `20${designation.slice(-2)}`,
            publishedOn: '2026-11-22',
          },
        },
      ],
    },
  });
  const body = await answer.json();
  expect(answer.status(), JSON.stringify(body)).toBe(200);
  expect(body.results[0]?.outcome, JSON.stringify(body)).toBe('applied');
}

test('import a CSV and an XLSX list, choose the ambiguous one, track, and export both formats', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = storeUrl(baseURL);
  await addStoreUser('trackwell', { login: LOGIN, firstName: 'List', lastName: 'Tester' });
  await signIn(page, { origin, username: LOGIN });
  const select = page
    .getByRole('region', { name: 'Committees' })
    .getByRole('combobox', { name: 'Committee' });
  const option = select.locator('option:not([disabled]):not([value=""])').first();
  await expect(option).toBeAttached();
  const committee = (await option.getAttribute('value'))!;
  for (const d of DESIGNATIONS) await publishStandard(page, origin, d, committee);

  // A real CSV: messy writings, a header naming the column, a formula and an unknown number.
  await page.getByRole('button', { name: 'Import list' }).click();
  let dialog = page.getByRole('dialog', { name: 'Import a list of standards' });
  const csv = [
    'Title,Standard no.,Notes',
    `Tensile,astm q ${one} - 22,first`,
    `Flexural,Q${two},which edition?`,
    'Evil,"=HYPERLINK(""http://evil.example"")",x',
    'Unknown,Q0-99,none',
  ].join('\r\n');
  await dialog
    .getByLabel('Spreadsheet file')
    .setInputFiles({ name: 'my list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('Matched: 1')).toBeVisible();
  await expect(dialog.getByText('To choose: 1')).toBeVisible();
  await expect(dialog.getByText('Not found: 2')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Column with the designations' })).toHaveValue('1');
  const choice = dialog.getByRole('group', { name: new RegExp(`Row 3: “Q${two}”`) });
  await choice.getByRole('radio', { name: new RegExp(`Q${two}-24`) }).check();
  await dialog.getByRole('button', { name: 'Track standards (2)' }).click();
  await expect(page.getByText('Standards now tracked: 2')).toBeVisible();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('region', { name: 'Individual standards' });
  await expect(table.getByText(`Q${one}-22`, { exact: false }).first()).toBeVisible();
  await expect(table.getByText(`Q${two}-24`, { exact: false }).first()).toBeVisible();

  // A real XLSX, made with the library: one already tracked, one new.
  const xlsx = await writeXlsxFile([
    [{ value: 'Designation' }],
    [{ value: `Q${one}-22` }],
    [{ value: `q${three}-2023` }],
  ]).toBuffer();
  await page.getByRole('button', { name: 'Import list' }).click();
  dialog = page.getByRole('dialog', { name: 'Import a list of standards' });
  await dialog.getByLabel('Spreadsheet file').setInputFiles({
    name: 'list.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx,
  });
  await expect(dialog.getByText('Already tracked: 1')).toBeVisible();
  await expect(dialog.getByText('Matched: 1')).toBeVisible();
  await dialog.getByRole('button', { name: 'Track standards (1)' }).click();
  await expect(page.getByText('Standards now tracked: 1')).toBeVisible();

  await exportBothAndReadBack(page, [`Q${one}-22`, `Q${two}-24`, `Q${three}-23`], `Q${two}-19`);
});

/** Export: the CSV and the XLSX downloaded and read back; `tracked` in both, `notTracked` in neither. */
async function exportBothAndReadBack(page: Page, tracked: string[], notTracked: string) {
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export as CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(/^trackwell-tracked-standards-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await readFile((await csvDownload.path())!, 'utf8');
  expect(exported.split('\r\n')[0]).toBe(
    '\ufeff"Designation","Title","Status","Edition","Published","Publisher"',
  );
  for (const d of tracked) expect(exported).toContain(`"${d}"`);
  expect(exported).not.toContain(`"${notTracked}"`);

  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export as Excel' }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
  const rows = await readSheet(await readFile((await xlsxDownload.path())!));
  expect(rows[0]).toEqual(['Designation', 'Title', 'Status', 'Edition', 'Published', 'Publisher']);
  expect(rows.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining(tracked));
}
