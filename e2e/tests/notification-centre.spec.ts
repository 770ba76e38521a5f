import type { Page } from '@playwright/test';
import { parseAtomFeed } from 'feedsmith';
import { expect, test } from './fixtures.ts';
import { screenshotDir } from './screenshot-dir.ts';
import { signIn } from './signin-support.ts';
import { e2eFixtures, storeUrl } from './support.ts';
import { tableSettled, trackStandards } from './tracker-support.ts';

/**
 * Notification centre and feed, end to end: a user tracks a standard → the publisher API announces its new edition →
 * the header's bell says 1 unread → its panel shows old → new and why → "Mark as read" → 0 unread; the
 * account area makes the private feed URL, and the feed fetched from it (parsed by feedsmith) has the item.
 * Screenshots of the bell's panel at 360 px, in English and in Arabic (right to left).
 */
const LOGIN = 'journey-inbox@trackwell.example';

async function publishNewEdition(page: Page, origin: string, assetId: string, designation: string) {
  const answer = await page.request.post(`${origin}/api/catalog/v1/changes`, {
    headers: { 'x-api-key': e2eFixtures().publisherKey },
    data: {
      events: [
        {
          id: `e2e-inbox-${designation}`,
          type: 'new_edition',
          standard: { assetId },
          designation,
          edition: '2026',
          publishedOn: '2026-11-25',
        },
      ],
    },
  });
  const body = await answer.json();
  expect(answer.status(), JSON.stringify(body)).toBe(200);
  expect(body.results[0].recipients, JSON.stringify(body)).toBeGreaterThanOrEqual(1);
}

test('a tracked standard’s new edition: the bell counts it, the panel says old → new and why, mark read; the private feed has it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = storeUrl(baseURL);
  await signIn(page, { origin, username: LOGIN });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const [assetId] = await trackStandards(page, 'method', 1);
  const designation = `E2E-INBOX-${Date.now().toString(36).toUpperCase()}`;
  await publishNewEdition(page, origin, assetId!, designation);

  await page.reload();
  await tableSettled(page);
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  // The tracker table marks the standard that changed.
  const row = page.getByRole('row').filter({ hasText: designation });
  await expect(row.getByText('Changed', { exact: true })).toBeVisible();

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('listitem').filter({ hasText: designation });
  await expect(item.getByRole('heading', { name: `New edition: ${designation}` })).toBeVisible();
  await expect(item).toContainText(`→ ${designation}`);
  await expect(item).toContainText('Why: You track the standard');
  await page.screenshot({ path: `${screenshotDir}/notification-centre-1280.png` });

  await item.getByRole('button', { name: `Mark New edition: ${designation} as read` }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(row.getByText('Changed', { exact: true })).toBeHidden();

  // At 360 px the panel spans the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(panel).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/notification-centre-360.png` });
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The account area: the private feed's URL, made on request; the feed has the item.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${origin}/account/feed`);
  await page.getByRole('button', { name: 'Create my feed URL' }).click();
  const field = page.getByRole('textbox', { name: 'Your private feed URL' });
  await expect(field).toHaveValue(/\/feeds\/notifications\//);
  const feedUrl = await field.inputValue();
  expect(feedUrl.startsWith(origin)).toBe(true);
  const feed = await page.request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('application/atom+xml');
  const parsed = parseAtomFeed(await feed.text());
  // An entry's title is its subject, then the standard's title in the reader's language.
  const titles = parsed.entries?.map((e) => e.title?.value ?? '') ?? [];
  expect(titles.some((t) => t.startsWith(`New edition of ${designation} — `))).toBe(true);

  // Arabic, right to left, at 360 px: the bell's panel.
  await page.goto(`${origin}/`);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'الإشعارات', exact: true }).click();
  const arabicPanel = page.getByRole('dialog', { name: 'الإشعارات' });
  await expect(arabicPanel.getByRole('listitem').filter({ hasText: designation })).toContainText(
    `← ${designation}`,
  );
  await page.screenshot({ path: `${screenshotDir}/notification-centre-360-ar.png` });
  await page
    .getByRole('combobox')
    .first()
    .selectOption('en')
    .catch(() => undefined);
});
