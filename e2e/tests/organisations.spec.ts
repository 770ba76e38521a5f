import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInSaved } from './saved-sign-in.ts';
import { screenshotDir } from './screenshot-dir.ts';
import { signIn, waitForMail } from './signin-support.ts';
import { addStoreUser } from './store-users.ts';
import { storeUrl } from './support.ts';
import { api } from './tracker-support.ts';

/**
 * A company's organisation, as its people use it on the demo platform store (owners are fresh accounts): an
 * owner creates an organisation and invites a new colleague by e-mail; the colleague opens the link from the
 * local inbox and makes an account; the owner creates a watch list with the colleague responsible for it and
 * adds a standard by its designation; the colleague signs in and sees the list with its standard. Then the
 * area in Arabic at 360 px, and the store administrator's console view with the seat limit.
 */

const PASSWORD = 'Organisation-Member-2026';

/** A fresh account of the platform store (demo password), so each run starts with no organisation. */
async function newOwner(firstName: string, lastName: string) {
  const login = `owner-${randomUUID().slice(0, 8)}@example.com`;
  await addStoreUser('trackwell', { login, firstName, lastName });
  return login;
}

async function openOrganisation(page: Page, name: string) {
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('owner creates an organisation, invites a member who accepts, creates a list; the member sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = storeUrl(baseURL);
  const name = `Quality ${randomUUID().slice(0, 6)}`;
  const member = `member-${randomUUID().slice(0, 8)}@example.com`;
  const owner = await newOwner('Grace', 'Hopper');

  await signIn(page, { origin, username: owner, returnTo: `${origin}/organisations` });
  await expect(page.getByRole('heading', { level: 1, name: 'Organisations' })).toBeVisible();
  await expect(page.getByText('You belong to no organisation yet.')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Your role: Owner · 1 of 10 seats used')).toBeVisible();

  // Invite the colleague as an editor.
  const invitations = page.getByRole('region', { name: 'Invitations' });
  await invitations.getByLabel('E-mail address').fill(member);
  await invitations.getByLabel('Role').selectOption('editor');
  await invitations.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invitations.getByRole('button', { name: `Withdraw ${member}` })).toBeVisible();
  await expect(page.getByText('2 of 10 seats used')).toBeVisible();

  // The colleague's browser: the link from the local inbox (asked on the default host, which Node resolves).
  const mail = await waitForMail(page, storeUrl(baseURL), member, name);
  const link = /(http\S+\/organisations\/accept\?\S+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  const colleague = await browser.newContext();
  const other = await colleague.newPage();
  await other.goto(link!);
  await expect(other.getByRole('heading', { level: 1, name: 'Invitation' })).toBeVisible();
  await expect(other.getByText(name)).toBeVisible();
  await other.getByLabel('First name').fill('Rosa');
  await other.getByLabel('Last name').fill('Parks');
  await other.getByLabel('Password').fill(PASSWORD);
  await other.getByRole('button', { name: 'Create account and join' }).click();
  // The organisation's name is isolated (FSI…PDI) in the sentence, as in Arabic.
  await expect(other.getByText(/^You joined/)).toContainText(name);

  // The owner makes a list with the colleague responsible for it, and adds a standard by its designation.
  await page.reload();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('cell', { name: member })).toBeVisible();
  const lists = page.getByRole('region', { name: 'Watch lists' });
  await lists.getByLabel('List name').fill('Suppliers');
  await lists.getByLabel('Responsible person').selectOption({ label: 'Parks Rosa' });
  await lists.getByRole('button', { name: 'Create list' }).click();
  await expect(lists.getByRole('heading', { level: 3, name: 'Suppliers' })).toBeVisible();
  await expect(lists.getByText('Responsible person: Parks Rosa')).toBeVisible();
  // A standard of the store's catalogue, added by its designation as a person types it.
  const found = await api(page, 'GET', '/api/tracker/v1/catalog/search?q=plastics&limit=5');
  const designation = (found.responseData.value.results as Array<{ displayDesignation: string }>)[0]!
    .displayDesignation;
  await lists.getByRole('button', { name: 'Show standards Suppliers' }).click();
  await lists.getByLabel('Designation').fill(designation);
  await lists.getByRole('button', { name: 'Add standard' }).click();
  await expect(lists.getByRole('button', { name: `Remove ${designation}` })).toBeVisible();

  // The colleague signs in and sees the organisation and its list.
  await signIn(other, { origin, username: member, password: PASSWORD, returnTo: `${origin}/organisations` });
  await openOrganisation(other, name);
  await expect(other.getByText('Your role: Editor')).toBeVisible();
  const seen = other.getByRole('region', { name: 'Watch lists' });
  await expect(seen.getByRole('heading', { level: 3, name: 'Suppliers' })).toBeVisible();
  await expect(seen.getByText('Responsible person: Parks Rosa · 1 standard')).toBeVisible();
  await seen.getByRole('button', { name: 'Show standards Suppliers' }).click();
  await expect(seen.locator('bdi').filter({ hasText: designation })).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/organisation-owner-1280.png`, fullPage: true });
  await colleague.close();
});

test('the organisation area in Arabic at 360 px: right to left, fits the screen, keyboard reachable', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  const origin = storeUrl(baseURL);
  const owner = await newOwner('Layla', 'Haddad');
  await signIn(page, { origin, username: owner, returnTo: `${origin}/organisations` });
  await page.getByRole('banner').getByRole('combobox').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'المؤسسات' })).toBeVisible();
  const nameField = page.getByLabel('الاسم');
  await nameField.focus();
  await page.keyboard.type(`Acme ${randomUUID().slice(0, 6)}`);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'إنشاء المؤسسة' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'قوائم المتابعة' })).toBeVisible();
  // The members: a card per member (its table's scroll region named and focusable), the owner's role select in
  // view; nothing axe finds serious.
  const members = page.getByRole('region', { name: 'الأعضاء وأدوارهم' });
  await expect(members).toHaveAttribute('tabindex', '0');
  await expect(members.getByRole('combobox', { name: /Haddad Layla/ })).toBeVisible();
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${screenshotDir}/organisation-ar-360.png`, fullPage: true });
});

test('the store administrator sees the organisations with their seats and sets a seat limit', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = storeUrl(baseURL);
  const owner = await newOwner('Ada', 'Lovelace');
  const name = `Console ${randomUUID().slice(0, 6)}`;
  await signIn(page, { origin, username: owner, returnTo: `${origin}/organisations` });
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // The administrator in a browser of their own (the owner's session stays in the first one).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInSaved(admin, {
    origin,
    username: 'admin@trackwell.example',
    returnTo: `${origin}/admin/stores/trackwell/organisations`,
  });
  const table = admin.getByRole('table', { name: "The store's organisations" });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('1 of 10 seats used');
  await row.getByRole('button', { name: `Open ${name}` }).click();
  await expect(admin.getByRole('heading', { level: 3, name })).toBeFocused();
  await expect(admin.getByText(owner)).toBeVisible();
  await admin.getByLabel('Seat limit').fill('3');
  await admin.getByRole('button', { name: 'Save seat limit' }).click();
  await expect(row).toContainText('1 of 3 seats used');
  await admin.screenshot({ path: `${screenshotDir}/organisations-console-1280.png`, fullPage: true });
  await adminContext.close();
});
