import type { Page, TestInfo } from '@playwright/test';
import { CATALOG_CHANGES_PATH } from '@trackwell/contracts';
import { getDemoCatalogue } from '@trackwell/db/seed';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInSaved } from './saved-sign-in.ts';
import { storeUrl, watchConsole } from './support.ts';

/**
 * The console's people-and-keys, audit and deliveries sections against the real server:
 * awwa's administrator creates a publisher API key (shown once), the key publishes a change through the
 * change feed, the key is revoked; the audit log shows both; the deliveries section shows the change's
 * e-mail in its chart (and the chart's table) and opens the e-mail as it was sent. Axe finds nothing; the
 * sections hold at 360 px and in Arabic (aenor, which offers Arabic, with the language given by the locale
 * cookie so no account's saved language changes).
 */
test.describe.configure({ timeout: 180_000 });

const ADMIN = 'admin@awwa.example';

/** The section fits the viewport: only its tables scroll, inside their own box. */
async function expectSectionFits(page: Page) {
  // Polled: the chart follows a new viewport size on its next resize observation.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const section = document.querySelector('.tw-activity');
        const width = document.documentElement.clientWidth;
        return section ? Math.round(section.getBoundingClientRect().right - width) : 'missing';
      }),
    )
    .toBeLessThanOrEqual(0);
}

/** The reader of every demo store tracks the catalogue's first active standard (seed: demo-accounts.ts). */
const readersStandard = () => getDemoCatalogue().standards.find((s) => s.status === 'active')!.contentCode;

/** Publishes a reaffirmation of the reader's standard through the change feed with `key`, from the page. */
async function publishWith(page: Page, key: string, id: string) {
  const answer = await page.evaluate(
    async ({ path, key, event }) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ events: [event] }),
      });
      return { status: res.status, body: await res.text() };
    },
    {
      path: CATALOG_CHANGES_PATH,
      key,
      event: { id, type: 'reaffirmation', standard: { contentCode: readersStandard() } },
    },
  );
  expect(answer.status, answer.body).toBe(200);
}

/** The audit log: the key's creation and its revocation, by the administrator. */
async function checkAuditLog(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: /Sections of/ })
    .getByRole('link', { name: 'Audit log' })
    .click();
  const log = page.getByRole('table', { name: 'Audit log entries, newest first' });
  // The creation names the key; the revocation shows what changed (its revocation time), by whom.
  await expect(
    log.getByRole('row').filter({ hasText: 'API key created' }).filter({ hasText: label }),
  ).toHaveCount(1);
  const revoked = log.getByRole('row').filter({ hasText: 'API key revoked' });
  await expect(revoked).toHaveCount(1);
  await expect(revoked).toContainText(ADMIN);
  await expect(revoked).toContainText('revokedAt');
  await expectNoAxeViolations(page);
}

/**
 * Deliveries: the change's e-mail is sent by the worker; the chart and its table show it, and the e-mail
 * opens as it was sent.
 */
async function checkDeliveries(page: Page, changeId: string, testInfo: TestInfo) {
  await page
    .getByRole('navigation', { name: /Sections of/ })
    .getByRole('link', { name: 'Deliveries' })
    .click();
  const changes = page.getByRole('table', { name: /The store's changes/ });
  const change = changes.getByRole('row').filter({ hasText: changeId });
  await expect(async () => {
    await page.reload();
    await expect(change.getByRole('cell').nth(1)).toHaveText('1', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(change.getByRole('rowheader')).toContainText('From the publisher API'); // published with the key
  await expect(page.getByRole('img', { name: /^Sent: [1-9]/ })).toBeVisible();
  await page.getByRole('button', { name: 'Show the figures as a table' }).click();
  await expect(page.getByRole('table', { name: 'Sent and failed e-mails per day' })).toBeVisible();
  // Axe before the e-mail opens: the sandboxed frame holds the e-mail, not the console (axe cannot enter it).
  await expectNoAxeViolations(page);
  await change.getByRole('button', { name: `Deliveries of ${changeId}` }).click();
  await page.getByRole('button', { name: /^Open the e-mail to reader@awwa\.example/ }).click();
  await checkMessageFrame(page);
  await page.screenshot({ path: testInfo.outputPath('deliveries.png'), fullPage: true });
  await page.locator('.tw-activity__message').screenshot({ path: testInfo.outputPath('message.png') });
  await page.getByRole('button', { name: 'Close the e-mail' }).click();
  await expect(page.locator('iframe[title^="The e-mail\'s HTML part"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Open the e-mail to reader@awwa\.example/ })).toBeFocused();
}

/** awwa's colour (seed: its theme's primary and header background, #00539b), as computed styles give it. */
const AWWA_BLUE = 'rgb(0, 83, 155)';

/**
 * The opened e-mail: its HTML part from its own signed URL in a sandboxed frame (no script runs), shown with
 * its own styles (MJML's <style> zeroes the body's margin), the store's logo loaded and its colour.
 */
async function checkMessageFrame(page: Page) {
  const frame = page.locator('iframe[title^="The e-mail\'s HTML part"]');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame).toHaveAttribute('src', /\/deliveries\/\d+\/message\.html\?view=/);
  const subject = (await page.locator('.tw-activity__facts dd').first().textContent()) ?? '';
  expect(subject.length).toBeGreaterThan(5);
  const mail = frame.contentFrame();
  // Its headline (the subject), in the e-mail's article (MJML also writes it as a hidden preview).
  await expect(
    mail.getByRole('article', { name: subject }).getByText(subject, { exact: true }),
  ).toBeVisible();
  const logo = mail.getByRole('img', { name: 'AWWA' }).first();
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(mail.locator('body')).toHaveCSS('margin', '0px');
  const colours = await mail
    .locator('body')
    .evaluate(() => [...document.querySelectorAll('*')].map((e) => getComputedStyle(e).backgroundColor));
  expect(colours).toContain(AWWA_BLUE);
  // Nothing runs in it: the frame is sandboxed and the page's own CSP has no script source.
  expect(await mail.locator('script').count()).toBe(0);
}

test('an API key shown once, used and revoked; the audit log and the deliveries show it', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = watchConsole(page);
  const origin = storeUrl(baseURL, 'awwa');
  const stamp = Date.now().toString(36);
  const label = `E2E activity ${stamp}`;
  const changeId = `e2e-activity-${stamp}`;
  await signInSaved(page, { origin, username: ADMIN, returnTo: `${origin}/admin/stores/awwa/access` });

  // People and keys: the new key is shown once, with a copy button and the warning.
  // A busy machine may take a while to complete the sign-in's callback.
  await expect(page.getByRole('heading', { level: 2, name: 'People and keys' })).toBeVisible({
    timeout: 30_000,
  });
  const keys = page.getByRole('region', { name: 'Publisher API keys', exact: true });
  await keys.getByRole('textbox', { name: 'Label' }).fill(label);
  await keys.getByRole('button', { name: 'Create an API key' }).click();
  const secret = keys.getByRole('textbox', { name: 'The new API key' });
  await expect(secret).toBeVisible();
  await expect(keys).toContainText('it will not be shown again');
  await expect(keys.getByRole('button', { name: 'Copy' })).toBeVisible();
  const key = await secret.inputValue();
  expect(key.length).toBeGreaterThan(20);
  await publishWith(page, key, changeId);
  await expectNoAxeViolations(page);
  await keys.getByRole('button', { name: 'I have kept it' }).click();
  await expect(secret).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(key);

  // Revoke it, after a confirmation.
  await keys.getByRole('button', { name: `Revoke the key ${label}` }).click();
  await page
    .getByRole('dialog', { name: 'Revoke this API key?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  const row = keys.getByRole('row').filter({ hasText: label });
  await expect(row).toContainText('Revoked on');

  await checkAuditLog(page, label);
  await checkDeliveries(page, changeId, testInfo);

  // 360 px: the sections stack; only tables scroll, inside their own box.
  await page.setViewportSize({ width: 360, height: 780 });
  await expectSectionFits(page);
  // Below 992 px the sections are in the console's drawer.
  await page.getByRole('button', { name: 'Console menu' }).click();
  await page.getByRole('link', { name: 'People and keys' }).click();
  await expect(keys.getByRole('button', { name: 'Create an API key' })).toBeVisible();
  await expectSectionFits(page);
  await page.screenshot({ path: testInfo.outputPath('access-360.png'), fullPage: true });
  // The e-mail holds no script; what Chromium reports as refused inside its sandboxed frame is Playwright's
  // own probing of the frame (its locators and init script), which the sandbox refuses as it should.
  const sandboxed =
    /^Blocked script execution in '[^']*\/message\.html\?view=[^']*' because the document's frame is sandboxed/;
  expect(errors.filter((e) => !sandboxed.test(e))).toEqual([]);
});

/** GET /api/v1/users?limit=1 with a Users API token, from the page (the store's own origin): status and body. */
async function listUsersWith(page: Page, token: string) {
  return page.evaluate(async (token) => {
    const res = await fetch('/api/v1/users?limit=1', {
      headers: { authorization: `SSWS ${token}`, accept: 'application/json' },
    });
    return { status: res.status, body: await res.text() };
  }, token);
}

test('a Users API token made in the console lists the store’s users, and is refused once revoked', async ({
  page,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const origin = storeUrl(baseURL, 'awwa');
  const label = `E2E back office ${Date.now().toString(36)}`;
  await signInSaved(page, { origin, username: ADMIN, returnTo: `${origin}/admin/stores/awwa/access` });
  const tokens = page.getByRole('region', { name: 'Users API tokens', exact: true });
  await expect(tokens).toContainText('Authorization: SSWS <token>', { timeout: 30_000 });
  await tokens.getByRole('textbox', { name: 'Label' }).fill(label);
  await tokens.getByRole('button', { name: 'Create a Users API token' }).click();
  const secret = tokens.getByRole('textbox', { name: 'The new Users API token' });
  const token = await secret.inputValue();
  expect(token.length).toBeGreaterThan(20);
  await expectNoAxeViolations(page);

  const listed = await listUsersWith(page, token);
  expect(listed.status, listed.body).toBe(200);
  expect(JSON.parse(listed.body)).toHaveLength(1);
  await tokens.getByRole('button', { name: 'I have kept it' }).click();
  await expect(page.locator('body')).not.toContainText(token);

  await tokens.getByRole('button', { name: `Revoke the token ${label}` }).click();
  await page
    .getByRole('dialog', { name: 'Revoke this Users API token?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(tokens.getByRole('row').filter({ hasText: label })).toContainText('Revoked on');
  expect(errors).toEqual([]);
  // Chromium reports the refused call itself on the console: that 401 is the point.
  const refused = await listUsersWith(page, token);
  expect(refused.status).toBe(401);
  expect(JSON.parse(refused.body)).toMatchObject({ errorCode: 'E0000011' });
});

test('in Arabic: the audit log and the deliveries read right to left; axe finds nothing', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const origin = storeUrl(baseURL, 'aenor');
  await context.addCookies([{ name: 'locale_Dev', value: 'ar', url: origin }]);
  await signInSaved(page, {
    origin,
    username: 'admin@aenor.example',
    returnTo: `${origin}/admin/stores/aenor/audit`,
  });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 2, name: 'سجل التدقيق' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'تصدير بصيغة CSV' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('audit-ar.png'), fullPage: true });
  await page.getByRole('link', { name: 'الإرسال' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'الإرسال' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'التغييرات' })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 780 });
  await expectSectionFits(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('deliveries-ar-360.png'), fullPage: true });
});
