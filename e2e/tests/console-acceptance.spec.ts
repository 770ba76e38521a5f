import type { Page } from '@playwright/test';
import {
  ACME,
  ACME_LOGO_SVG,
  acmeCatalogCsv,
  acmeContentCode,
  acmeStsXml,
} from './console-acceptance-data.ts';
import { expect, test } from './fixtures.ts';
import { signInSaved } from './saved-sign-in.ts';
import { demoLogin, listMail, signIn, waitForMail } from './signin-support.ts';
import { addStoreUser } from './store-users.ts';
import { storeUrl, watchConsole } from './support.ts';

/**
 * The console's acceptance journey, in one run against the real server: the platform operator creates the
 * store "acme" (host acme.localhost), uploads its logo, sets its colour, lets its users track committees
 * only, imports a 50-standard CSV and a small STS XML file (dry run, then apply) and invites a store
 * administrator. The administrator chooses a password from the invitation e-mail, publishes a new edition
 * from the console and is told "1 user will be e-mailed" (acme's reader, who tracks its committee); exactly
 * one e-mail arrives, with acme's logo and colour; the deliveries section shows it sent; the audit log
 * shows every step. acme.localhost shows acme's look, with no restart anywhere.
 */

test.describe.configure({ timeout: 420_000 });

const OPERATOR = demoLogin('operator');
const ADMIN = 'admin@acme.example';
const READER = { login: 'reader@acme.example', firstName: 'Rita', lastName: 'Reader' };
// Not containing the login's local part ("admin"): the password policy refuses that.
const ADMIN_PASSWORD = 'Harbour-lights-2026';
const PUBLISHED = acmeContentCode(3);
const shot = (name: string) => `test-results/console-acceptance/${name}.png`;

const section = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: /Sections of/ })
    .getByRole('link', { name, exact: true })
    .click();

/** The operator creates acme on the platform store's console. */
async function createAcme(page: Page, origin: string) {
  await signInSaved(page, { origin, username: OPERATOR, returnTo: `${origin}/admin/stores` });
  await page.getByRole('button', { name: 'Create a store' }).click();
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(ACME.code);
  await page.getByLabel('Store name').fill(ACME.name);
  await page.getByLabel('Canonical host').fill(ACME.host);
  await page.getByRole('button', { name: 'Create the store' }).click();
  await expect(page).toHaveURL(`${origin}/admin/stores/${ACME.code}/settings`);
  await expect(page.getByText(`Store: ${ACME.name}`, { exact: true })).toBeVisible();
}

/** Look: the logo (uploaded at once) and the primary colour (saved). */
async function setLook(page: Page) {
  await section(page, 'Look');
  await expect(page.getByRole('heading', { level: 2, name: 'Look' })).toBeVisible();
  await page.getByLabel('Upload a logo').setInputFiles({
    name: 'acme-logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(ACME_LOGO_SVG, 'utf8'),
  });
  await expect(page.getByText('Logo uploaded.')).toBeVisible();
  await page.getByLabel(/^Primary/).fill(ACME.primary);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Look saved.')).toBeVisible();
}

/** Settings: committees are the only thing acme's users can track. */
async function committeesOnly(page: Page) {
  await section(page, 'Settings');
  const group = page.getByRole('group', { name: 'What users can track' });
  for (const name of ['Individual standards', 'Industry areas', 'Publishers', 'Work items'])
    await group.getByRole('switch', { name }).uncheck();
  await group.getByRole('switch', { name: 'Committees' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
}

/** Catalogue: dry run (Apply waits for it), then apply; `entries` new ones, no e-mail. */
async function importFile(
  page: Page,
  file: { name: string; mimeType: string; body: string },
  entries: number,
) {
  await page.getByLabel('Catalogue file (CSV, XLSX, XML, or a ZIP of XML files)').setInputFiles({
    name: file.name,
    mimeType: file.mimeType,
    buffer: Buffer.from(file.body, 'utf8'),
  });
  const apply = page.getByRole('button', { name: 'Apply', exact: true });
  await expect(apply).toBeDisabled();
  await page.getByRole('button', { name: 'Dry run' }).click();
  const report = page.getByRole('region', { name: `Dry run of ${file.name}` });
  await expect(
    report.getByText(`Nothing blocks this file: applying it writes ${entries} new or changed entries.`),
  ).toBeVisible({ timeout: 30_000 });
  await apply.click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('region', { name: 'Import applied' })).toContainText(
    'No change that trackers are e-mailed about was recorded.',
  );
}

async function importCatalogue(page: Page) {
  await section(page, 'Catalogue');
  await expect(page.getByRole('heading', { level: 2, name: 'Catalogue' })).toBeVisible();
  // 1 publisher, 2 committees, 50 standards; then the STS file's 2 standards.
  await importFile(page, { name: 'acme-catalogue.csv', mimeType: 'text/csv', body: acmeCatalogCsv() }, 53);
  await importFile(page, { name: 'acme-sts.xml', mimeType: 'application/xml', body: acmeStsXml() }, 2);
  const search = page.getByRole('searchbox', { name: 'Search standards by designation or title' });
  await search.fill('water quality');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('table', { name: "The store's standards" }).getByRole('row')).toHaveCount(3);
}

/** People and keys: an invitation makes the administrator's account and grants the role. */
async function inviteAdmin(page: Page) {
  await section(page, 'People and keys');
  const roles = page.getByRole('region', { name: 'Console roles' });
  await roles.getByLabel("User's e-mail address").fill(ADMIN);
  await roles.getByLabel('Role').selectOption({ label: 'Store administrator' });
  await roles.getByLabel('First name').fill('Ada');
  await roles.getByLabel('Last name').fill('Admin');
  await roles.getByRole('button', { name: 'Grant the role' }).click();
  await expect(page.getByText(`${ADMIN} is invited`)).toBeVisible();
  await expect(roles.getByRole('row').filter({ hasText: ADMIN })).toContainText('Store administrator');
}

/** The operator's log of every store, filtered to acme: the store's creation is there, by the operator. */
async function operatorSeesAcmeInEveryStoresLog(page: Page, platform: string) {
  await page.goto(`${platform}/admin/stores`);
  await page.getByRole('link', { name: 'Audit log of every store' }).click();
  await page.getByRole('textbox', { name: 'Store (code)' }).fill(ACME.code);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const created = page
    .getByRole('table', { name: 'Audit log entries, newest first' })
    .getByRole('row')
    .filter({ hasText: 'Store created' });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText(OPERATOR);
  await page.screenshot({ path: shot('audit-every-store'), fullPage: true });
}

/** acme's reader tracks the committee on acme.localhost, where committees are all there is to track. */
async function readerTracksCommittee(page: Page, acme: string) {
  await addStoreUser(ACME.code, { ...READER });
  await signIn(page, { origin: acme, username: READER.login });
  const committees = page.getByRole('region', { name: 'Committees' });
  await expect(committees).toBeVisible();
  await expect(page.getByRole('region', { name: 'Industry areas' })).toHaveCount(0);
  await committees.getByRole('combobox', { name: 'Committee' }).selectOption(ACME.tracked);
  await committees.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByText('Committee tracking added.')).toBeVisible();
}

/**
 * The administrator follows the invitation's link, chooses a password and lands signed in. The mail sink
 * (one inbox for every store) is read through the platform's host: Node does not resolve *.localhost.
 */
async function adminAcceptsInvitation(page: Page, acme: string, platform: string) {
  const mail = await waitForMail(page, platform, ADMIN, '/signin/reset-password/');
  expect(mail.subject).toBe(`${ACME.name}: you are invited to run the store`);
  const link = /(http\S+\/signin\/reset-password\/\S+)/.exec(mail.text)?.[1] ?? '';
  expect(new URL(link).origin).toBe(acme);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL((url) => url.origin === acme && !url.pathname.startsWith('/signin'));
}

/**
 * From the tracker, the user menu's Console item, then Changes: a new edition of a standard of the tracked
 * committee; the preview counts the reader.
 */
async function publishNewEdition(page: Page) {
  // The menu button shows the user's names (in the order the spec gives).
  await page.getByRole('button', { name: /\bAda\b/ }).click({ timeout: 30_000 });
  await page.getByRole('menuitem', { name: 'Console' }).click();
  await section(page, 'Changes');
  await expect(page.getByRole('heading', { level: 2, name: 'Changes' })).toBeVisible();
  await expect(page.getByLabel('Kind of change')).toHaveValue('new_edition');
  await page.getByLabel('Standard (content code)').fill(PUBLISHED);
  await page.getByLabel('Designation', { exact: true }).fill('A003-26');
  await page.getByLabel('Edition', { exact: true }).fill('2026');
  await page.getByLabel('Release date', { exact: true }).fill('2026-11-26');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('1 user will be e-mailed', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: 1 user will be e-mailed.')).toBeVisible();
}

/** Exactly one e-mail, to the reader, with acme's logo (its own PNG, loaded) and acme's colour. */
async function expectOneAcmeEmail(page: Page, platform: string) {
  const inbox = () => listMail(page, platform, READER.login);
  await expect.poll(async () => (await inbox()).length, { timeout: 60_000 }).toBe(1);
  const [mail] = (await inbox()) as Array<{ html?: string; subject: string }>;
  expect(mail!.subject).toContain('A003-26');
  const html = mail!.html ?? '';
  expect(html.toLowerCase()).toContain(ACME.primary);
  const logo = /<img[^>]+src="([^"]*\/assets\/acme\/logo\.png[^"]*)"/.exec(html)?.[1];
  expect(logo, 'the e-mail shows acme’s logo').toBeTruthy();
  // The logo's address names the store by its code: fetched through the platform's host, as above.
  const url = new URL(logo!.replaceAll('&amp;', '&'));
  expect(url.origin).toBe(storeUrl(platform, ACME.code));
  const png = await page.request.get(`${platform}${url.pathname}${url.search}`);
  expect(png.headers()['content-type']).toBe('image/png');
  const platformLogo = await page.request.get(`${platform}/assets/trackwell/logo.png`);
  expect(Buffer.compare(await png.body(), await platformLogo.body())).not.toBe(0);
}

/** Deliveries: the change's e-mail sent; the audit log: every step of the journey. */
async function deliveriesAndAudit(page: Page) {
  await section(page, 'Deliveries');
  const changes = page.getByRole('table', { name: /The store's changes/ });
  // acme's only change: the new edition published above.
  const change = changes.getByRole('row').filter({ hasText: 'New edition' });
  await expect(async () => {
    await page.reload();
    await expect(change.getByRole('cell').nth(1)).toHaveText('1', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(change.getByRole('rowheader')).toContainText('From the console');
  await section(page, 'Audit log');
  const log = page.getByRole('table', { name: 'Audit log entries, newest first' });
  const rows = (action: string) => log.getByRole('row').filter({ hasText: action });
  await expect(rows('Change published')).toHaveCount(1);
  await expect(rows('Change published')).toContainText(ADMIN);
  await expect(rows('Role granted')).toContainText(OPERATOR);
  await expect(rows('Catalogue imported')).toHaveCount(2);
  // The logo, then the look and the settings: each by the operator.
  await expect(rows('Logo uploaded')).toContainText(OPERATOR);
  await expect(rows('Store changed').filter({ hasText: OPERATOR })).toHaveCount(2);
  await expect(rows('Store created')).toHaveCount(1);
  await page.screenshot({ path: shot('audit'), fullPage: true });
}

/** A fresh visitor of acme.localhost sees acme's logo and colour on its sign-in page. */
async function expectAcmeLook(page: Page, acme: string) {
  await page.goto(`${acme}/signin`);
  const next = page.locator('form button[type="submit"]').first();
  await expect(next).toHaveCSS('background-color', 'rgb(122, 31, 92)');
  const logo = page.getByRole('img', { name: ACME.name }).first();
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.screenshot({ path: shot('acme-signin') });
}

test('an operator sets up acme; its administrator publishes a change; one e-mail in acme’s look', async ({
  page,
  browser,
  baseURL,
}) => {
  const errors = watchConsole(page);
  const platform = storeUrl(baseURL);
  const acme = storeUrl(baseURL, ACME.code);
  await createAcme(page, platform);
  await setLook(page);
  await committeesOnly(page);
  await importCatalogue(page);
  await inviteAdmin(page);
  await operatorSeesAcmeInEveryStoresLog(page, platform);
  expect(errors).toEqual([]);

  const visitor = await browser.newContext();
  await expectAcmeLook(await visitor.newPage(), acme);
  await visitor.close();

  const reader = await browser.newContext();
  await readerTracksCommittee(await reader.newPage(), acme);
  await reader.close();

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  const adminErrors = watchConsole(adminPage);
  await adminAcceptsInvitation(adminPage, acme, platform);
  await publishNewEdition(adminPage);
  await expectOneAcmeEmail(adminPage, platform);
  await deliveriesAndAudit(adminPage);
  // Still exactly one e-mail once the delivery is recorded as sent.
  expect(await listMail(adminPage, platform, READER.login)).toHaveLength(1);
  expect(adminErrors).toEqual([]);
  await admin.close();
});
