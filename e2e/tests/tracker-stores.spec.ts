import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { storeUrl } from './support.ts';
import {
  openTracker,
  screenshot,
  sectionHeadings,
  tableSettled,
  trackButtonLook,
  trackStandards,
  untrackEverything,
} from './tracker-support.ts';

/**
 * The tracker page of the other demo stores (their settings and flags), in Arabic, and at 360 px wide.
 */

test.describe('tracker page', () => {
  test.describe.configure({ timeout: 90_000 });

  test('pacific: only the sections its settings allow (no work item, industry or publisher)', async ({
    page,
    baseURL,
  }, testInfo) => {
    const origin = storeUrl(baseURL, 'pacific');
    await openTracker(page, origin, 'pacific');
    expect(await sectionHeadings(page)).toEqual(['Individual standards', 'Committees']);
    await expect(page.getByRole('checkbox', { name: 'Email me about new work items' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Unsubscribe from all tracking emails' })).toBeVisible();
    // On its dark theme too, a disabled Track is the theme's disabled style, not faded teal.
    const look = await trackButtonLook(page, 'Committees');
    expect(look.background).toBe(look.disabled);
    expect(look.background).not.toBe(look.primary);
    expect(look.borderStyle).toBe('dashed');
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'pacific');
  });

  test('nordic: publisher tracker (setting + flag) and titles opened through the resolver', async ({
    page,
    baseURL,
    context,
  }, testInfo) => {
    const origin = storeUrl(baseURL, 'nordic');
    await openTracker(page, origin, 'nordic');
    expect(await sectionHeadings(page)).toEqual([
      'Work items',
      'Individual standards',
      'Committees',
      'Industry areas',
      'Publishers',
    ]);
    const publishers = page.getByRole('region', { name: 'Publishers' });
    const select = publishers.getByRole('combobox', { name: 'Publisher' });
    const names = (await select.locator('option').allTextContents()).slice(1);
    expect(new Set(names).size).toBe(names.length); // de-duplicated by name
    await select.selectOption({ index: 1 });
    await publishers.getByRole('button', { name: 'Track', exact: true }).click();
    await expect(page.getByText('Publisher tracking added.')).toBeVisible();
    await expect(publishers.getByRole('listitem')).toHaveCount(1);

    const [assetId] = await trackStandards(page, 'method', 1);
    await page.reload();
    await tableSettled(page);
    const link = page.getByRole('row').getByRole('link').first();
    await expect(link).toHaveAttribute('href', new RegExp(`${assetId}\\.html$`));
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'nordic');

    // The click asks the resolver, then the new tab goes to its application URL (the demo store's app route,
    // which redirects to the standard's page).
    const popupPromise = context.waitForEvent('page');
    const resolverCall = page.waitForRequest((request) =>
      request.url().includes('/api/platform/v3/resolver/getResolverDPForContent'),
    );
    await link.click();
    const [popup, request] = await Promise.all([popupPromise, resolverCall]);
    expect(new URL(request.url()).searchParams.get('contentCode')).toBeTruthy();
    await popup.waitForURL((url) => url.pathname.endsWith(`/${assetId}.html`));
    expect(new URL(popup.url()).origin).toBe(origin);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    await untrackEverything(page);
  });

  test('Arabic: the tracker page right to left, translated, accessible', async ({
    page,
    baseURL,
    context,
  }, testInfo) => {
    const origin = storeUrl(baseURL);
    await openTracker(page, origin);
    // The language the user chose (spec §4 "The stored language is a cookie").
    await context.addCookies([{ name: 'locale_Dev', value: 'ar', url: origin }]);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 2, name: 'المعايير الفردية' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'إضافة معيار' })).toBeVisible();
    // The search icon sits at the start of the field: on the right in Arabic.
    const field = await page.getByRole('combobox', { name: 'إضافة معيار' }).boundingBox();
    const icon = await page.locator('.tw-search__icon').boundingBox();
    expect(icon!.x).toBeGreaterThan(field!.x + field!.width / 2);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'arabic');
  });

  test('360 px: a standard just tracked is marked "Already tracked" when searched again, and is not added twice', async ({
    page,
    baseURL,
  }, testInfo) => {
    const origin = storeUrl(baseURL);
    await page.setViewportSize({ width: 360, height: 780 });
    await openTracker(page, origin);
    const search = page.getByRole('combobox', { name: 'Add a standard' });
    const listbox = page.getByRole('listbox', { name: 'Matching standards' });

    await search.fill('plastics');
    const first = listbox.getByRole('option').first();
    await expect(first).toBeVisible();
    await expect(listbox.getByText('Already tracked')).toHaveCount(0);
    const designation = (await first.locator('.tw-search__designation').textContent())!;
    await first.click();
    await expect(page.getByText(`You now track ${designation}`, { exact: false })).toBeVisible();
    await tableSettled(page);

    // The same search again marks it (the server says so per hit, for this user only).
    await search.fill('plastics');
    const again = listbox.getByRole('option').filter({ hasText: designation });
    await expect(again.getByText('Already tracked')).toBeVisible();
    await expect(listbox.getByText('Already tracked')).toHaveCount(1);
    const fits = await page.evaluate(() =>
      [...document.querySelectorAll('.tw-search__list *')].every(
        (e) => e.getBoundingClientRect().right <= window.innerWidth + 1,
      ),
    );
    expect(fits).toBe(true);
    await screenshot(page, testInfo, 'search-tracked-360');

    await again.click();
    await expect(page.getByText(`You already track ${designation}`, { exact: false })).toBeVisible();
    await tableSettled(page);
    await expect(page.getByRole('row').filter({ hasText: designation })).toHaveCount(1);
    await untrackEverything(page);
  });

  test('360 px wide: nothing scrolls sideways and the table is one card per standard', async ({
    page,
    baseURL,
  }, testInfo) => {
    const origin = storeUrl(baseURL);
    await page.setViewportSize({ width: 360, height: 780 });
    await openTracker(page, origin);
    await trackStandards(page, 'plastics', 2);
    await page.reload();
    await tableSettled(page);
    await expect(page.getByRole('switch').first()).toBeVisible();
    // Every part of the tracker page fits the width (the header is the shell's own concern).
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('.tw-tracker *')]
        .filter(
          (e) =>
            e.getBoundingClientRect().right > window.innerWidth + 1 || e.getBoundingClientRect().left < -1,
        )
        .map(
          (e) =>
            `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().left)}…${Math.round(e.getBoundingClientRect().right)}`,
        ),
    );
    expect(overflowing).toEqual([]);
    // The whole page, header included.
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'trackwell-360');
    await untrackEverything(page);
  });
});
