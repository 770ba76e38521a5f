import { resolve } from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { signInSaved } from './saved-sign-in.ts';
import { demoLogin } from './signin-support.ts';

/** What the tracker page's journeys (tracker*.spec.ts) share: the page's own API calls, opening it, checks. */

import { screenshotDir } from './screenshot-dir.ts';

/** The tracker API as the signed-in page calls it: the page's own token (session storage) and user id. */
export async function api(page: Page, method: string, path: string, body?: unknown) {
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
export async function trackStandards(page: Page, query: string, count: number): Promise<string[]> {
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
export async function untrackEverything(page: Page) {
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

export async function openTracker(page: Page, origin: string, storeCode = 'trackwell') {
  await signInSaved(page, { origin, username: demoLogin('user', storeCode) });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await untrackEverything(page);
  await page.reload();
  await tableSettled(page);
}

/** The table has its rows (no fetch under way, so no loading mask over it). */
export async function tableSettled(page: Page) {
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.locator('.tw-table-wrap')).toHaveAttribute('aria-busy', 'false');
}

export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = resolve(screenshotDir, `tracker-${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(`tracker-${name}`, { path, contentType: 'image/png' });
}

export const sectionHeadings = (page: Page) =>
  page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();

/** The tracker in English on a store whose default language is another (aenor: Spanish). */
export async function openTrackerInEnglish(page: Page, origin: string, storeCode: string) {
  await page.context().addCookies([{ name: 'locale_Dev', value: 'en', url: origin }]);
  await openTracker(page, origin, storeCode);
}

/** What a disabled Track button looks like, against the theme's primary colour. */
export async function trackButtonLook(page: Page, name: string) {
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

/** Adds the first standard matching `query` with the keyboard only (type, ↓, Enter); its designation. */
export async function addFirstMatchByKeyboard(page: Page, query: string): Promise<string> {
  const search = page.getByRole('combobox', { name: 'Add a standard' });
  await search.focus();
  await page.keyboard.type(query);
  const listbox = page.getByRole('listbox', { name: 'Matching standards' });
  await expect(listbox).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const first = listbox.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  const designation = (await first.locator('.tw-search__designation').textContent())!;
  await page.keyboard.press('Enter');
  await expect(page.getByText(`You now track ${designation}`, { exact: false })).toBeVisible();
  return designation;
}

/** spec §4: the row's switch goes off and back on, and the server keeps what the page shows (reloads). */
export async function switchOffAndOnKept(page: Page, designation: string) {
  const toggle = () => page.getByRole('row').filter({ hasText: designation }).getByRole('switch');
  await expect(toggle()).toBeChecked();
  await toggle().click();
  await expect(toggle()).not.toBeChecked();
  await page.reload();
  await expect(toggle()).not.toBeChecked();
  await toggle().click();
  await page.reload();
  await expect(toggle()).toBeChecked();
}
