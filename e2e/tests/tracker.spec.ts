import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { demoLogin, signIn } from './signin-support.ts';
import { storeUrl, watchConsole } from './support.ts';

/**
 * The tracker page (spec §2 "Tracker page", §4, §5; issue 5 items 2–4) in Chromium against the real server,
 * embedded identity provider and database, for the demo stores' plain user. Every run starts on a fresh
 * database; the journeys put back what they change (each ends with nothing tracked), so their order does not
 * matter.
 */

const screenshotDir = resolve(import.meta.dirname, '../../docs/screenshots');

/** The tracker API as the signed-in page calls it: the page's own token (session storage) and user id. */
async function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const storage = JSON.parse(sessionStorage.getItem('okta-token-storage') ?? '{}');
      const token = storage.accessToken?.accessToken as string;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const me = await (await fetch('/api/identity/v1/me', { headers })).json();
      const url = new URL(path, location.origin);
      if (url.searchParams.has('userId')) url.searchParams.set('userId', me.MAEUserID);
      const res = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify({ ...(body as object), userId: me.MAEUserID }),
      });
      return res.json();
    },
    { method, path, body },
  );
}

/** Puts `count` standards of the store's catalogue on the user's list (faster than the search box). */
async function trackStandards(page: Page, query: string, count: number): Promise<string[]> {
  const found = await api(
    page,
    'GET',
    `/api/tracker/v1/catalog/search?q=${encodeURIComponent(query)}&limit=50`,
  );
  const assetIds = (found.responseData.value.results as Array<{ assetId: string }>)
    .slice(0, count)
    .map((r) => r.assetId);
  expect(assetIds).toHaveLength(count);
  for (const assetId of assetIds)
    await api(page, 'POST', '/api/tracker/v1/track-content/create-tracker', { assetId });
  return assetIds;
}

/** Stops tracking everything (individual standards and sources), so the next journey starts clean. */
async function untrackEverything(page: Page) {
  // Page by page until the list is empty: one page is not the whole list (the paging journey tracks 12).
  for (let pages = 0; pages < 20; pages += 1) {
    const list = await api(
      page,
      'GET',
      '/api/tracker/v2/track-content/get-user-content-tracking-data?userId=me&pageIndex=1&pageSize=50',
    );
    const ids = (
      list.responseData.value.trackingData.contentTrackings as Array<{ contentTrackingId: number }>
    ).map((r) => r.contentTrackingId);
    if (!ids.length) break;
    // With a body, as the portal sends it (spec §7: contentTrackingIds and userId): a JSON content type
    // without a body is refused, and the rows would stay.
    await api(page, 'DELETE', `/api/tracker/v1/track-content/delete-tracker?contentTrackingIds=${ids}`, {
      contentTrackingIds: ids,
    });
  }
  await api(page, 'POST', '/api/tracker/v1/track-content-source/create-tracker-source', {
    applicationCode: 'TRACKER',
    trackingDetails: [
      { trackingType: 'COMMITTEE', data: [] },
      { trackingType: 'INDUSTRYAREA', data: [] },
      { trackingType: 'PUBLISHERS', data: [] },
      { trackingType: 'WORKITEM', data: ['false'] },
    ],
  });
}

async function openTracker(page: Page, origin: string, storeCode = 'trackwell') {
  await signIn(page, { origin, username: demoLogin('user', storeCode) });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await untrackEverything(page);
  await page.reload();
  await tableSettled(page);
}

/** The table has its rows (no fetch under way, so no loading mask over it). */
async function tableSettled(page: Page) {
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.locator('.tw-table-wrap')).toHaveAttribute('aria-busy', 'false');
}

async function expectNoAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = resolve(screenshotDir, `tracker-${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(`tracker-${name}`, { path, contentType: 'image/png' });
}

const sectionHeadings = (page: Page) =>
  page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();

test.describe('tracker page', () => {
  test.describe.configure({ timeout: 90_000 });

  test('trackwell: sections in order; add by search, switch off and on, work item rules, remove', async ({
    page,
    baseURL,
  }, testInfo) => {
    const origin = storeUrl(baseURL);
    const consoleErrors = watchConsole(page);
    await openTracker(page, origin);

    // spec §2: intro + work item, individual standards, committees, industry areas (publisher off here), unsubscribe.
    await expect(page.getByRole('heading', { level: 1, name: 'Standards tracker' })).toBeVisible();
    await expect(
      page.getByText('Follow the standards that matter to your work.', { exact: false }),
    ).toBeVisible();
    expect(await sectionHeadings(page)).toEqual([
      'Work items',
      'Individual standards',
      'Committees',
      'Industry areas',
    ]);
    await expect(page.getByRole('button', { name: 'Unsubscribe from all tracking emails' })).toBeVisible();
    await expect(page.getByText('You are not tracking any standards yet.', { exact: false })).toBeVisible();
    await expect(page.getByText('Page 1 of 1')).toBeVisible();

    // Add a standard with the keyboard only: type, ↓, Enter.
    const search = page.getByRole('combobox', { name: 'Add a standard' });
    await search.focus();
    await page.keyboard.type('plastics');
    const listbox = page.getByRole('listbox', { name: 'Matching standards' });
    await expect(listbox).toBeVisible();
    await page.keyboard.press('ArrowDown');
    const first = listbox.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    const designation = (await first.locator('.tw-search__designation').textContent())!;
    await page.keyboard.press('Enter');
    await expect(page.getByText(`You now track ${designation}`, { exact: false })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: designation });
    await expect(row).toBeVisible();
    await tableSettled(page);

    // The title links to publicURL + assetId + .html (resolver off for this store).
    const link = row.getByRole('link');
    await expect(link).toHaveAttribute('href', new RegExp(`${designation.toLowerCase()}\\.html$`));

    // spec §5: the work-item checkbox is disabled while an individual standard is tracked.
    const workItem = page.getByRole('checkbox', { name: 'Email me about new work items' });
    await expect(workItem).toBeDisabled();

    // spec §4: the switch; the server keeps what the page shows (reload).
    const toggle = row.getByRole('switch');
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await page.reload();
    await expect(
      page.getByRole('row').filter({ hasText: designation }).getByRole('switch'),
    ).not.toBeChecked();
    await page.getByRole('row').filter({ hasText: designation }).getByRole('switch').click();
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: designation }).getByRole('switch')).toBeChecked();

    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'trackwell');

    // The work-item info modal: paragraphs and a close button; Escape closes it too.
    await page.getByRole('button', { name: 'About work items' }).click();
    const info = page.getByRole('dialog', { name: 'Tracking work items' });
    await expect(info.locator('p')).toHaveCount(3);
    await info.getByRole('button', { name: 'Close' }).click();
    await expect(info).toBeHidden();
    await page.getByRole('button', { name: 'About work items' }).click();
    await page.keyboard.press('Escape');
    await expect(info).toBeHidden();

    // Remove: No keeps it, Yes removes it with the success toast.
    const remove = page.getByRole('button', { name: new RegExp(`^Stop tracking ${designation}`) });
    await remove.click();
    await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('row').filter({ hasText: designation })).toBeVisible();
    await remove.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('The standard was removed from your list.')).toBeVisible();
    await expect(page.getByText('You are not tracking any standards yet.', { exact: false })).toBeVisible();

    // Work item: enabled again; sent as 'true', kept after a reload.
    await expect(workItem).toBeEnabled();
    await workItem.click();
    await expect(workItem).toBeChecked();
    await expect(page.getByText('Work-item tracking updated.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Email me about new work items' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Email me about new work items' }).click();
    await expect(page.getByRole('checkbox', { name: 'Email me about new work items' })).not.toBeChecked();

    expect(consoleErrors).toEqual([]);
  });

  test('trackwell: committee and industry trackers, then unsubscribe clears them', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL);
    await openTracker(page, origin);

    const committees = page.getByRole('region', { name: 'Committees' });
    const select = committees.getByRole('combobox', { name: 'Committee' });
    const track = committees.getByRole('button', { name: 'Track', exact: true });
    await expect(select).toBeEnabled();
    await expect(track).toBeDisabled();
    const firstOption = select.locator('option').nth(1);
    const value = (await firstOption.getAttribute('value'))!;
    const label = (await firstOption.textContent())!;
    await select.selectOption(value);
    await expect(track).toBeEnabled();
    await track.click();
    await expect(page.getByText('Committee tracking added.')).toBeVisible();
    await expect(committees.getByRole('listitem').filter({ hasText: label })).toBeVisible();
    await expect(select).toHaveValue('');
    await expect(track).toBeDisabled();
    // Already tracked: disabled in the dropdown.
    await expect(select.locator(`option[value="${value}"]`)).toBeDisabled();
    // spec §5: any committee disables the work-item checkbox.
    await expect(page.getByRole('checkbox', { name: 'Email me about new work items' })).toBeDisabled();

    const industries = page.getByRole('region', { name: 'Industry areas' });
    const industrySelect = industries.getByRole('combobox', { name: 'Industry area' });
    await expect(industrySelect).toBeEnabled();
    await industrySelect.selectOption({ index: 1 });
    await industries.getByRole('button', { name: 'Track', exact: true }).click();
    await expect(page.getByText('Industry area tracking added.')).toBeVisible();

    // Unsubscribe: No changes nothing; Yes clears committee and industry (and work item, publisher).
    await page.getByRole('button', { name: 'Unsubscribe from all tracking emails' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
    await expect(committees.getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Unsubscribe from all tracking emails' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('You are unsubscribed from tracking emails.')).toBeVisible();
    await expect(committees.getByText('You are not tracking any committee.')).toBeVisible();
    await expect(industries.getByText('You are not tracking any industry area.')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Committees' }).getByText('You are not tracking any committee.'),
    ).toBeVisible();
  });

  test('trackwell: paging, page sizes, go-to-page, and deleting the last row of a page', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL);
    await openTracker(page, origin);
    await trackStandards(page, 'standard', 12);
    await page.reload();
    await tableSettled(page);

    const pager = page.getByRole('navigation', { name: 'Pages of tracked standards' });
    await expect(pager.getByText('Page 1 of 2')).toBeVisible();
    await expect(page.getByRole('switch')).toHaveCount(10);
    await expect(pager.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

    const goTo = pager.getByRole('spinbutton', { name: 'Go to page' });
    await goTo.fill('');
    await goTo.pressSequentially('e-9');
    await expect(pager.getByText('Page 1 of 2')).toBeVisible(); // letters blocked; 9 > 2 ignored
    await goTo.fill('');
    await goTo.press('2');
    await expect(pager.getByText('Page 2 of 2')).toBeVisible();
    await expect(page.getByRole('switch')).toHaveCount(2);
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

    await pager.getByRole('combobox', { name: 'Rows per page' }).selectOption('20');
    await expect(pager.getByText('Page 1 of 1')).toBeVisible();
    await expect(page.getByRole('switch')).toHaveCount(12);
    await pager.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText('Page 2 of 2')).toBeVisible();

    // Delete both rows of page 2: after the last one, the table goes back to page 1.
    for (let i = 0; i < 2; i++) {
      await page
        .getByRole('button', { name: /^Stop tracking / })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    }
    await expect(pager.getByText('Page 1 of 1')).toBeVisible();
    await expect(page.getByRole('switch')).toHaveCount(10);
    await untrackEverything(page);
  });

  test('pacific: only the sections its settings allow (no work item, industry or publisher)', async ({
    page,
    baseURL,
  }, testInfo) => {
    const origin = storeUrl(baseURL, 'pacific');
    await openTracker(page, origin, 'pacific');
    expect(await sectionHeadings(page)).toEqual(['Individual standards', 'Committees']);
    await expect(page.getByRole('checkbox', { name: 'Email me about new work items' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Unsubscribe from all tracking emails' })).toBeVisible();
    // issue 12 §6: on its dark theme too, a disabled Track is the theme's disabled style, not faded teal.
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

    // issue 12 §7: the same search again marks it (the server says so per hit, for this user only).
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

/** The tracker in English on a store whose default language is another (aenor: Spanish). */
async function openTrackerInEnglish(page: Page, origin: string, storeCode: string) {
  await page.context().addCookies([{ name: 'locale_Dev', value: 'en', url: origin }]);
  await openTracker(page, origin, storeCode);
}

/** What a disabled Track button looks like, against the theme's primary colour. */
async function trackButtonLook(page: Page, name: string) {
  const track = page.getByRole('region', { name }).getByRole('button', { name: 'Track' });
  await expect(track).toBeDisabled();
  return track.evaluate((button) => {
    const style = getComputedStyle(button);
    const root = getComputedStyle(document.documentElement);
    const probe = document.createElement('span');
    document.body.append(probe);
    const colourOf = (value: string) => {
      probe.style.color = value;
      return getComputedStyle(probe).color;
    };
    const look = {
      background: style.backgroundColor,
      primary: colourOf(root.getPropertyValue('--tw-primary').trim()),
      disabled: colourOf(root.getPropertyValue('--tw-disabled-bg').trim()),
      borderStyle: style.borderTopStyle,
      opacity: style.opacity,
    };
    probe.remove();
    return look;
  });
}

test.describe('visual details (issue 12 §6)', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const store of ['aenor', 'awwa'] as const) {
    test(`${store} at 360 px: column names whole, the search placeholder whole, a disabled Track that looks disabled and says why`, async ({
      page,
      baseURL,
    }, testInfo) => {
      const origin = storeUrl(baseURL, store);
      await page.setViewportSize({ width: 360, height: 780 });
      await openTrackerInEnglish(page, origin, store);
      await trackStandards(page, 'plastics', 2);
      await page.reload();
      await tableSettled(page);

      // Each card's column name ("Publisher") stays on one line: it neither shrinks nor wraps.
      const labels = await page.locator('.tw-standards-table td[data-label]').evaluateAll((cells) =>
        cells.map((cell) => {
          const before = getComputedStyle(cell, '::before');
          return `${cell.getAttribute('data-label')}: ${before.whiteSpace} ${before.flexShrink}`;
        }),
      );
      expect(labels.length).toBeGreaterThan(0);
      for (const label of labels) expect(label).toMatch(/: nowrap 0$/);

      // The placeholder fits inside the field (measured in the field's own font).
      const search = page.getByRole('combobox', { name: 'Add a standard' });
      const fit = await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        const room =
          input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return { text: context.measureText(input.placeholder).width, room };
      });
      expect(fit.text).toBeLessThanOrEqual(fit.room);

      // A disabled Track is drawn in the theme's disabled style, not a faded primary, and says why.
      const look = await trackButtonLook(page, 'Committees');
      expect(look.background).toBe(look.disabled);
      expect(look.background).not.toBe(look.primary);
      expect(look.borderStyle).toBe('dashed');
      expect(look.opacity).toBe('1');
      const track = page.getByRole('region', { name: 'Committees' }).getByRole('button', { name: 'Track' });
      await expect(track).toHaveAccessibleDescription('Choose an item in the list to track it.');

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(page);
      await screenshot(page, testInfo, `${store}-360`);
      await untrackEverything(page);
    });
  }

  test('Arabic: a toast shows top-right, below the header, white on a dark green (AA)', async ({
    page,
    baseURL,
  }, testInfo) => {
    const origin = storeUrl(baseURL, 'aenor');
    await page.context().addCookies([{ name: 'locale_Dev', value: 'ar', url: origin }]);
    await openTracker(page, origin, 'aenor');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const committees = page.getByRole('region', { name: 'اللجان' });
    const select = committees.getByRole('combobox');
    await expect(select).toBeEnabled();
    const value = await select
      .locator('option:not([value=""]):not([disabled])')
      .first()
      .getAttribute('value');
    await select.selectOption(value!);
    await committees.getByRole('button', { name: 'متابعة' }).click();

    const toast = page.locator('.Toastify__toast--success');
    await expect(toast).toBeVisible();
    // At the top of the page, where the header and the logo are; hovering pauses the toast (react-toastify's
    // pauseOnHover), so the picture below still has it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await toast.hover();
    const header = (await page.getByRole('banner').boundingBox())!;
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.x + box.width).toBeGreaterThan(page.viewportSize()!.width - 40);
    const colours = await toast.evaluate((element) => {
      const style = getComputedStyle(element);
      return { color: style.color, background: style.backgroundColor };
    });
    expect(colours).toEqual({ color: 'rgb(255, 255, 255)', background: 'rgb(20, 108, 46)' });
    // The viewport as the user sees it (a full-page picture would move the fixed toast); animations left
    // running, since finishing the progress bar's would close the toast.
    const path = resolve(screenshotDir, 'tracker-arabic-toast.png');
    await page.screenshot({ path });
    await testInfo.attach('tracker-arabic-toast', { path, contentType: 'image/png' });
    await untrackEverything(page);
  });
});
