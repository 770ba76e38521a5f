import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signInSaved } from './saved-sign-in.ts';
import { screenshotDir } from './screenshot-dir.ts';
import { demoLogin, listMail, signIn, waitForMail } from './signin-support.ts';
import { e2eFixtures, storeUrl } from './support.ts';
import { api, tableSettled } from './tracker-support.ts';

/**
 * Cited standards, end to end: the operator imports the real DIN EN ISO 13849-1 (metanorma/sts-ruby, its
 * reference lists kept: packages/db/test/fixtures/sts/public/SOURCES.md) and, as a catalogue CSV, two standards
 * it cites — ISO 13849-2:2003 normatively, IEC 62061 in its bibliography. A reader tracks DIN EN ISO 13849-1.
 * IEC 62061's new edition (informative) tells her nothing; ISO 13849-2's new edition through the publisher API
 * brings one e-mail saying why (DIN EN ISO 13849-1 cites its 2003 edition, now replaced) and one entry in the
 * notification centre; the store page lists what cites ISO 13849-2.
 */

const LOGIN = 'journey-cited@trackwell.example';
const DIN = readFileSync(
  resolve(
    import.meta.dirname,
    '../../packages/db/test/fixtures/sts/public/DIN_EN_ISO_13849-1_2008-12_en_TBX.references.xml',
  ),
);
const CITED_CSV = [
  'kind,code,name,designation,title,publisher_code,content_code,asset_id,committee_designation,status,edition,published_on',
  'publisher,ISO,ISO,,,,,,,,,',
  'publisher,IEC,IEC,,,,,,,,,',
  'committee,,,ISO/TC 199,Safety of machinery,ISO,,,,,,',
  'committee,,,IEC/TC 44,Safety of machinery,IEC,,,,,,',
  'standard,,,ISO 13849-2:2003,Safety of machinery — Validation,ISO,ISO 13849-2,iso-13849-2-2003,ISO/TC 199,active,2003,2003-08-01',
  'standard,,,IEC 62061:2005,Safety of machinery — Functional safety,IEC,IEC 62061,iec-62061-2005,IEC/TC 44,active,2005,2005-01-01',
].join('\n');
const WHY =
  'DIN EN ISO 13849-1:2008-12, which you track, cites ISO 13849-2:2003: a dated reference to that edition, which is now replaced by a new edition.';

test.describe.configure({ timeout: 180_000 });

async function importFile(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByLabel('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)').setInputFiles({
    name,
    mimeType,
    buffer,
  });
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByRole('region', { name: `Dry run of ${name}` })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('region', { name: 'Import applied' })).toBeVisible({ timeout: 30_000 });
}

async function publishNewEdition(page: Page, origin: string, contentCode: string, designation: string) {
  const answer = await page.request.post(`${origin}/api/catalog/v1/changes`, {
    headers: { 'x-api-key': e2eFixtures().publisherKey },
    data: {
      events: [
        {
          id: `e2e-cited-${designation}`,
          type: 'new_edition',
          standard: { contentCode },
          designation,
          edition: designation.split(':')[1],
          publishedOn: '2026-11-25',
        },
      ],
    },
  });
  const body = await answer.json();
  expect(answer.status(), JSON.stringify(body)).toBe(200);
  expect(body.results[0].outcome, JSON.stringify(body)).toBe('applied');
}

test('a standard the tracked one cites normatively changes: one e-mail saying why, one entry; an informative one: nothing', async ({
  browser,
  page,
  baseURL,
}) => {
  const origin = storeUrl(baseURL);
  await signInSaved(page, {
    origin,
    username: demoLogin('operator'),
    returnTo: `${origin}/admin/stores/trackwell/catalog`,
  });
  await expect(page.getByRole('heading', { level: 2, name: 'Catalogue' })).toBeVisible({ timeout: 30_000 });
  await importFile(page, 'cited-standards.csv', 'text/csv', Buffer.from(CITED_CSV, 'utf8'));
  await importFile(page, 'DIN_EN_ISO_13849-1_2008-12_en_TBX.references.xml', 'application/xml', DIN);

  const reader = await browser.newPage();
  await signIn(reader, { origin, username: LOGIN });
  await expect(reader.getByRole('heading', { level: 1 })).toBeVisible();
  const tracked = await api(reader, 'POST', '/api/tracker/v1/track-content/create-tracker', {
    assetId: 'din-en-iso-13849-1-2008-12',
  });
  expect(JSON.stringify(tracked)).not.toContain('error');

  // IEC 62061 is in DIN EN ISO 13849-1's bibliography: an informative reference tells nobody by default.
  await publishNewEdition(page, origin, 'IEC 62061', 'IEC 62061:2021');
  await publishNewEdition(page, origin, 'ISO 13849-2', 'ISO 13849-2:2012');
  const mail = await waitForMail(reader, origin, LOGIN, 'ISO 13849-2:2012');
  expect(mail.text).toContain(WHY);
  // Exactly one e-mail: the informative change sent none (it was published first).
  expect(await listMail(reader, origin, LOGIN)).toHaveLength(1);

  await reader.reload();
  await tableSettled(reader);
  const bell = reader.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = reader.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  // Each designation is a bidi isolate of its own (FSI … PDI): read the sentence without them.
  const entry = await panel.getByRole('listitem').textContent();
  expect(entry?.replace(/[\u2066-\u2069]/g, '')).toContain(`Why: ${WHY}`);
  await reader.screenshot({ path: `${screenshotDir}/cited-standards-centre-1280.png` });
  await reader.setViewportSize({ width: 360, height: 740 });
  await reader.screenshot({ path: `${screenshotDir}/cited-standards-centre-360.png` });

  // The cited standard's store page lists what cites it.
  await reader.goto(`${origin}/store/standards/iso-13849-2-2003.html`);
  await expect(reader.getByRole('heading', { name: 'Cited normatively by' })).toBeVisible();
  await expect(reader.getByRole('link', { name: 'DIN EN ISO 13849-1:2008-12' })).toBeVisible();
  await reader.screenshot({ path: `${screenshotDir}/cited-standards-store-page-360.png`, fullPage: true });

  // Arabic, right to left, at 360 px: the same entry says why in Arabic, the designations isolated.
  await reader.goto(`${origin}/`);
  await reader.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  await expect(reader.locator('html')).toHaveAttribute('dir', 'rtl');
  await reader.getByRole('button', { name: /^الإشعارات/ }).click();
  const arabic = reader.getByRole('dialog', { name: 'الإشعارات' }).getByRole('listitem');
  await expect(arabic).toContainText('التي تتابعها، تستشهد بـ');
  await expect(arabic.locator('bdi').filter({ hasText: 'ISO 13849-2:2003' }).first()).toBeVisible();
  await reader.screenshot({ path: `${screenshotDir}/cited-standards-centre-360-ar.png` });
  await reader
    .getByRole('combobox')
    .first()
    .selectOption('en')
    .catch(() => undefined);
  await reader.close();
});
