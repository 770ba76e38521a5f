import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { findTenantByCode } from '@trackwell/db';
import { openDatabase, pgliteDataDir } from '../../packages/db/src/client.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { screenshotDir } from './screenshot-dir.ts';
import { withArabic } from './signin-journey-support.ts';
import { signIn, waitForMail } from './signin-support.ts';
import { addStoreUser } from './store-users.ts';
import { storeUrl } from './support.ts';

/**
 * Account › Preferences as a user who tracks standards only: "Tracking e-mails" says Subscribed (not
 * Unsubscribed); the time-zone picker offers UTC and zones by their names in the page's language; "Send me a
 * test digest now" puts a test digest in the dev inbox. Looked at in English and Arabic, at 1280 and 360 px.
 */

const suffix = randomUUID().slice(0, 6).toLowerCase();
const LOGIN = `zones-${suffix}@trackwell.example`;

/** Tracks the store's first two active standards for the user (through the running server's database). */
async function trackTwoStandards(storeCode: string, login: string) {
  const dataDir = process.env.TRACKWELL_E2E_DATA_DIR;
  if (!dataDir) throw new Error('TRACKWELL_E2E_DATA_DIR is not set (run through e2e/playwright.config.ts)');
  const db = await openDatabase({ dataDir: pgliteDataDir(dataDir), joinRunningServer: true });
  try {
    const store = await findTenantByCode(db, storeCode);
    await db.query(
      `INSERT INTO content_trackings (tenant_id, user_id, standard_id)
       SELECT $1, u.id, s.id FROM users u
         CROSS JOIN (SELECT id FROM standards WHERE tenant_id = $1 AND status = 'active' ORDER BY id LIMIT 2) s
        WHERE u.tenant_id = $1 AND u.login = $2`,
      [store!.id, login],
    );
  } finally {
    await db.close();
  }
}

test('tracking e-mails status, localised time zones with UTC, and a test digest in the inbox', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = storeUrl(baseURL);
  await addStoreUser('trackwell', { login: LOGIN, firstName: 'Zoë', lastName: 'Zones' });
  await trackTwoStandards('trackwell', LOGIN);
  await signIn(page, { origin, username: LOGIN, returnTo: `${origin}/account/preferences` });

  const tracking = page.getByRole('region', { name: 'Tracking e-mails' });
  await expect(tracking.getByText('Subscribed', { exact: true })).toBeVisible();
  await expect(tracking.getByText('Unsubscribed')).toHaveCount(0);
  await expect(tracking.getByText('Standards tracked').locator('xpath=following-sibling::dd')).toHaveText(
    '2',
  );

  const card = page.getByRole('region', { name: "How often you're e-mailed" });
  await card.getByRole('radio', { name: 'A daily digest' }).check();
  const zone = card.getByRole('combobox', { name: 'Time zone' });
  await expect(zone.locator('option').first()).toHaveText('Coordinated Universal Time (UTC)');
  await expect(zone.locator('option[value="Asia/Calcutta"]')).toHaveCount(0);
  await expect(zone.locator('option[value="Asia/Kolkata"]')).toHaveText(
    /^India Standard Time — .Kolkata. \(GMT\+5:30\)$/,
  );
  await zone.selectOption('UTC');
  await card.getByRole('button', { name: 'Save frequency' }).click();
  await expect(page.getByText('Your e-mail frequency has been saved.')).toBeVisible();

  await card.getByRole('button', { name: 'Send me a test digest now' }).click();
  // The answer comes once the e-mail is built and handed to the mail server; the server's first e-mail also
  // loads the e-mail templates, which on a busy machine took longer than the default 10 s once.
  await expect(page.getByText('A test digest has been sent to your e-mail address.')).toBeVisible({
    timeout: 30_000,
  });
  const mail = await waitForMail(page, origin, LOGIN, 'Test');
  expect(mail.subject).toBe('[Test] Your daily digest of changes (0)');
  expect(mail.text).toContain('A test you asked for');
  await expectNoAxeViolations(page);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: resolve(screenshotDir, `account-emails-en-${width}.png`), fullPage: true });
  }

  await withArabic(page.context(), origin);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('مشترك', { exact: true })).toBeVisible();
  const zoneAr = page.locator('select').filter({ has: page.locator('option[value="UTC"]') });
  await expect(zoneAr.locator('option').first()).toHaveText('التوقيت العالمي المنسق (UTC)');
  await expect(zoneAr.locator('option[value="Europe/Madrid"]')).toContainText('توقيت وسط أوروبا');
  await expectNoAxeViolations(page);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: resolve(screenshotDir, `account-emails-ar-${width}.png`), fullPage: true });
  }
});
