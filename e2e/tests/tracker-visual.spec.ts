import { resolve } from 'node:path';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { screenshotDir } from './screenshot-dir.ts';
import { storeUrl } from './support.ts';
import {
  openTracker,
  openTrackerInEnglish,
  screenshot,
  tableSettled,
  trackButtonLook,
  trackStandards,
  untrackEverything,
} from './tracker-support.ts';

/** The tracker page's visual details: disabled buttons in every theme, toasts in Arabic. */

test.describe('visual details', () => {
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
