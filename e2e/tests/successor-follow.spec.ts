import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './signin-support.ts';
import { addStoreUser } from './store-users.ts';
import { e2eFixtures, storeUrl } from './support.ts';
import { addFirstMatchByKeyboard } from './tracker-support.ts';

/**
 * Following a successor, as a user lives it: they track a standard; the publisher publishes its replacement (a new
 * standard that `replaces` it); the e-mail in the dev inbox shows old → new and "Track <new> instead";
 * the link opens a confirm page that changes nothing until its button is pressed; then the tracker shows
 * the successor, and the replaced standard is gone from the list.
 */

const suffix = randomUUID().slice(0, 6).toUpperCase();
const LOGIN = `successor-${suffix.toLowerCase()}@trackwell.example`;
const AUTO_LOGIN = `successor-auto-${suffix.toLowerCase()}@trackwell.example`;

async function mailTo(page: Page, origin: string, login = LOGIN) {
  const answer = await page.request.get(`${origin}/_dev/mail/messages?to=${encodeURIComponent(login)}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { messages: Array<{ subject: string; html: string; text: string }> })
    .messages;
}

async function publish(page: Page, origin: string, event: Record<string, unknown>) {
  const answer = await page.request.post(`${origin}/api/catalog/v1/changes`, {
    headers: { 'x-api-key': e2eFixtures().publisherKey },
    data: { events: [{ id: `e2e-successor-${suffix}-${randomUUID()}`, ...event }] },
  });
  const body = (await answer.json()) as { results: Array<{ outcome: string; recipients?: number }> };
  expect(answer.status(), JSON.stringify(body)).toBe(200);
  expect(body.results[0]?.outcome, JSON.stringify(body)).toBe('applied');
}

const standard = (committee: string, code: string, designation: string) => ({
  assetId: code.toLowerCase(),
  contentCode: code,
  designation,
  title: `Successor journey method ${suffix}`,
  publisherCode: 'ATMS',
  committeeDesignation: committee,
  edition: designation.slice(-2),
  publishedOn: '2026-11-22',
});

test('a tracked standard is replaced: the e-mail’s "Track <new> instead" → confirm → the tracker shows the successor', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const origin = storeUrl(baseURL);
  await addStoreUser('trackwell', { login: LOGIN, firstName: 'Successor', lastName: 'Tester' });
  await signIn(page, { origin, username: LOGIN });

  // The old edition, in a committee of the store, tracked from the tracker page's search.
  const select = page
    .getByRole('region', { name: 'Committees' })
    .getByRole('combobox', { name: 'Committee' });
  const option = select.locator('option:not([disabled]):not([value=""])').first();
  await expect(option).toBeAttached();
  const committee = (await option.getAttribute('value'))!;
  const oldDesignation = `SJ${suffix}-24`;
  const newDesignation = `SJ${suffix}-26`;
  await publish(page, origin, {
    type: 'new_standard',
    standard: standard(committee, `E2E-SO-${suffix}`, oldDesignation),
  });
  await page.reload();
  expect(await addFirstMatchByKeyboard(page, oldDesignation)).toBe(oldDesignation);

  // The publisher replaces it.
  await publish(page, origin, {
    type: 'new_standard',
    standard: standard(committee, `E2E-SN-${suffix}`, newDesignation),
    replaces: { contentCode: `E2E-SO-${suffix}` },
  });
  await expect.poll(async () => (await mailTo(page, origin)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await mailTo(page, origin);
  expect(mail!.html).toContain(`${oldDesignation} → ${newDesignation}`);

  // The e-mail as a reader sees it, at 360 px.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.setContent(mail!.html);
  const button = page.getByRole('link', { name: `Track ${newDesignation} instead` });
  await expect(button).toBeVisible();
  await testInfo.attach('successor-email-360', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
  const href = (await button.getAttribute('href'))!;

  // The link confirms and changes nothing; the button acts.
  await page.goto(href);
  await expect(
    page.getByRole('heading', { name: `Track ${newDesignation} instead of ${oldDesignation}?` }),
  ).toBeVisible();
  await testInfo.attach('successor-confirm-360', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${origin}/`);
  await expect(page.getByRole('row').filter({ hasText: oldDesignation })).toBeVisible();
  await page.goto(href);
  await page.getByRole('button', { name: `Track ${newDesignation} instead` }).click();
  await expect(
    page.getByRole('heading', { name: `You now track ${newDesignation} instead of ${oldDesignation}.` }),
  ).toBeVisible();

  // The tracker shows the successor and no longer the replaced standard.
  await page.getByRole('link', { name: 'Open your tracker' }).click();
  await expect(page.getByRole('row').filter({ hasText: newDesignation })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: oldDesignation })).toHaveCount(0);
});

test('a user who chose "Follow successors automatically" is moved at publish, and the e-mail says so', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const origin = storeUrl(baseURL);
  await addStoreUser('trackwell', { login: AUTO_LOGIN, firstName: 'Auto', lastName: 'Follower' });
  await signIn(page, { origin, username: AUTO_LOGIN });
  const select = page
    .getByRole('region', { name: 'Committees' })
    .getByRole('combobox', { name: 'Committee' });
  const option = select.locator('option:not([disabled]):not([value=""])').first();
  await expect(option).toBeAttached();
  const committee = (await option.getAttribute('value'))!;
  const oldDesignation = `SA${suffix}-24`;
  const newDesignation = `SA${suffix}-26`;
  await publish(page, origin, {
    type: 'new_standard',
    standard: standard(committee, `E2E-AO-${suffix}`, oldDesignation),
  });
  await page.reload();
  expect(await addFirstMatchByKeyboard(page, oldDesignation)).toBe(oldDesignation);

  // Account › Preferences, at 360 px: the choice is made and kept.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${origin}/account/preferences`);
  const follow = page.getByRole('checkbox', { name: 'Follow successors automatically' });
  await expect(follow).not.toBeChecked();
  await follow.check();
  await page.getByRole('button', { name: 'Save replacement choice' }).click();
  await expect(page.getByText('Your choice about replaced standards has been saved.')).toBeVisible();
  await page.getByRole('heading', { name: 'Replaced standards' }).scrollIntoViewIfNeeded();
  await testInfo.attach('successor-preference-360', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Follow successors automatically' })).toBeChecked();

  await publish(page, origin, {
    type: 'new_standard',
    standard: standard(committee, `E2E-AN-${suffix}`, newDesignation),
    replaces: { contentCode: `E2E-AO-${suffix}` },
  });
  await expect.poll(async () => (await mailTo(page, origin, AUTO_LOGIN)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await mailTo(page, origin, AUTO_LOGIN);
  expect(mail!.text).toContain(`You now track ${newDesignation} instead of ${oldDesignation}.`);
  expect(mail!.html).not.toContain('/notifications/follow-successor');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${origin}/`);
  await expect(page.getByRole('row').filter({ hasText: newDesignation })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: oldDesignation })).toHaveCount(0);
});

test('the notification centre’s "Track <new> instead": open the bell, press it, the tracker shows the successor', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const origin = storeUrl(baseURL);
  const login = `successor-centre-${suffix.toLowerCase()}@trackwell.example`;
  await addStoreUser('trackwell', { login, firstName: 'Centre', lastName: 'Follower' });
  await signIn(page, { origin, username: login });
  const select = page
    .getByRole('region', { name: 'Committees' })
    .getByRole('combobox', { name: 'Committee' });
  const option = select.locator('option:not([disabled]):not([value=""])').first();
  await expect(option).toBeAttached();
  const committee = (await option.getAttribute('value'))!;
  const oldDesignation = `SC${suffix}-24`;
  const newDesignation = `SC${suffix}-26`;
  await publish(page, origin, {
    type: 'new_standard',
    standard: standard(committee, `E2E-CO-${suffix}`, oldDesignation),
  });
  await page.reload();
  expect(await addFirstMatchByKeyboard(page, oldDesignation)).toBe(oldDesignation);
  await publish(page, origin, {
    type: 'new_standard',
    standard: standard(committee, `E2E-CN-${suffix}`, newDesignation),
    replaces: { contentCode: `E2E-CO-${suffix}` },
  });
  await expect.poll(async () => (await mailTo(page, origin, login)).length, { timeout: 30_000 }).toBe(1);

  // At 360 px, in Arabic first (right to left), then in English: the entry offers the button.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  const panel = page.getByRole('dialog');
  const item = panel.getByRole('listitem').filter({ hasText: newDesignation });
  await page.getByRole('banner').getByRole('combobox').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: /الإشعارات|Notifications/ }).click();
  await expect(
    item.getByRole('button', { name: new RegExp(`تتبّع .${newDesignation}. بدلاً منه`) }),
  ).toBeVisible();
  await item.scrollIntoViewIfNeeded();
  await testInfo.attach('successor-centre-ar-360', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  await page.keyboard.press('Escape');
  await page.getByRole('banner').getByRole('combobox').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const follow = item.getByRole('button', { name: new RegExp(`^Track .${newDesignation}. instead$`) });
  await item.scrollIntoViewIfNeeded();
  await testInfo.attach('successor-centre-en-360', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });
  await follow.click();
  await expect(page.getByText(new RegExp(`^You now track .${newDesignation}.\\.$`))).toBeVisible();
  await expect(item).toContainText(`You track \u2068${newDesignation}\u2069 now.`);
  await expect(follow).toHaveCount(0);
  await testInfo.attach('successor-centre-followed-en-360', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });

  // The tracker (refreshed by the call) shows the successor and no longer the replaced standard.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('row').filter({ hasText: newDesignation })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: oldDesignation })).toHaveCount(0);
});
