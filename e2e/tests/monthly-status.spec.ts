import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { reportDueAndRunDigests } from './monthly-status-support.ts';
import { listMail, signIn } from './signin-support.ts';
import { addStoreUser } from './store-users.ts';
import { storeUrl } from './support.ts';

/**
 * The monthly "status of your list" report, as a user does it, on a 360 px phone in Arabic:
 * Account › Preferences, switch it on, reload (still on); then the worker's digest run sends the report
 * (its clock: the opt-in is moved back, so this month's 1st has come) and it is opened in the local inbox.
 */
const suffix = randomUUID().slice(0, 6).toLowerCase();
const LOGIN = `monthly-${suffix}@trackwell.example`;

const arabic = (path: string): string => {
  const file = join(import.meta.dirname, '../../apps/portal/public/locales/ar/account.json');
  return path.split('.').reduce((node, key) => node[key], JSON.parse(readFileSync(file, 'utf8'))) as string;
};

test('the monthly status report is switched on in Arabic at 360 px and arrives in the inbox in Arabic', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const origin = storeUrl(baseURL);
  await addStoreUser('trackwell', { login: LOGIN, firstName: 'Mona', lastName: 'Tester' });
  await signIn(page, { origin, username: LOGIN, returnTo: `${origin}/account/preferences` });

  // The profile's language (which e-mails follow) and the page's: Arabic, right to left.
  await page.getByRole('combobox', { name: 'Language of this store' }).selectOption('ar');
  await page.getByRole('button', { name: 'Save language' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const card = page.getByRole('region', { name: arabic('monthlyStatus.title') });
  const toggle = card.getByRole('switch', { name: arabic('monthlyStatus.toggle') });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText(arabic('monthlyStatus.turnedOn'))).toBeVisible();
  await expect(toggle).toBeChecked();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('monthly-status-card-ar-360.png') });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360); // nothing wider than the phone

  await page.reload();
  await expect(card.getByRole('switch', { name: arabic('monthlyStatus.toggle') })).toBeChecked();

  await reportDueAndRunDigests('trackwell', LOGIN);
  await expect
    .poll(async () => (await listMail(page, origin, LOGIN)).map((m) => m.subject), { timeout: 60_000 })
    .toContainEqual(expect.stringContaining('حالة قائمتك في'));
  const [report] = await listMail(page, origin, LOGIN);
  expect(report!.text).toContain('المعايير التي تتابعها: 3');
  expect(report!.text).toMatch(/الإصدار: .+ · الحالة: /);
  expect(report!.text).toContain('/account/preferences');

  await page.goto(`${origin}/_dev/mail`);
  await page.getByRole('link', { name: report!.subject }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: report!.subject })).toBeVisible();
  const body = page.frameLocator('iframe[title^="HTML body"]');
  // the report's own link to turn it off (packages/email status-report-strings.ts)
  await expect(body.getByRole('link', { name: 'إيقاف هذا التقرير الشهري' })).toBeVisible();
  const iframe = page.locator('iframe[title^="HTML body"]');
  await iframe.scrollIntoViewIfNeeded();
  await iframe.screenshot({ path: testInfo.outputPath('monthly-status-mail-ar-360.png') });
});
