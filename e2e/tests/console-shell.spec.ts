import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { STORE_SECTIONS } from '../../apps/portal/src/features/console/lib/roles.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInSaved } from './saved-sign-in.ts';
import { storeUrl } from './support.ts';
import { widthsFor } from './widths.ts';

/**
 * The console as an admin app, every screen of it, at 1280 and 360 px, in English and Arabic: the platform
 * operator on the platform store. Each screen is drawn full width with the console's own navigation (none of
 * the tracker's side cards), saved as a screenshot in the test results, and checked with axe: no serious or
 * critical violation anywhere (the rest are listed in the results' axe.json). At 360 px the navigation is a
 * drawer that opens from a named button, keeps the focus inside, and closes on Escape, giving the focus back.
 */

// The two languages are independent journeys of several minutes each: on two Playwright workers, side by side.
test.describe.configure({ timeout: 420_000, mode: 'parallel' });

const OPERATOR = 'operator@trackwell.example';
const STORE = 'trackwell';

type Screen = { name: string; path: string };

const SECTIONS = STORE_SECTIONS;

const SCREENS: Screen[] = [
  { name: 'stores', path: '/admin/stores' },
  { name: 'audit-all', path: '/admin/audit' },
  ...SECTIONS.map((section) => ({ name: section, path: `/admin/stores/${STORE}/${section}` })),
];

type AxeFinding = { screen: string; id: string; impact: string; nodes: number };

async function axeFindings(page: Page, screen: string): Promise<AxeFinding[]> {
  return (await axeViolations(page)).map((v) => ({
    screen,
    id: v.id,
    impact: v.impact ?? 'unknown',
    nodes: v.nodes.length,
  }));
}

/** Every screen at the language's widths: heading, no tracker side cards, nothing wider than the page, screenshot, axe. */
async function visitEveryScreen(page: Page, origin: string, lang: 'en' | 'ar', testInfo: TestInfo) {
  const dir = testInfo.outputPath('screens');
  mkdirSync(dir, { recursive: true });
  const findings: AxeFinding[] = [];
  for (const width of widthsFor(lang)) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    for (const screen of SCREENS) {
      await page.goto(`${origin}${screen.path}`);
      // The screen's page header: its heading, in the page's language.
      await expect(page.locator('h2#tw-console-screen-title')).toHaveText(/\S/, { timeout: 20_000 });
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The admin app has none of the tracker's side cards.
      await expect(page.locator('.tw-sidebar')).toHaveCount(0);
      // The screen's data has arrived when no list is busy. Network idleness is waited for a moment only: on a
      // busy machine the header's polls can keep it from ever idling, and the checks below do not need it.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      const label = `${screen.name}-${lang}-${width}`;
      await page.screenshot({ path: `${dir}/${label}.png`, fullPage: true });
      findings.push(...(await axeFindings(page, label)));
    }
  }
  writeFileSync(testInfo.outputPath('axe.json'), JSON.stringify(findings, null, 2));
  const grave = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  expect(grave).toEqual([]);
}

/** 360 px: the drawer opens from its button, traps Tab, closes on Escape and gives the focus back. */
async function drawerByKeyboard(
  page: Page,
  origin: string,
  names: { menu: string; nav: RegExp },
  shot: string,
) {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`${origin}/admin/stores/${STORE}/deliveries`);
  const nav = page.getByRole('navigation', { name: names.nav });
  await expect(nav).toBeHidden();
  const menu = page.getByRole('button', { name: names.menu });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await page.screenshot({ path: shot });
  // Focus went into the drawer and stays there however often Tab is pressed.
  for (let i = 0; i < 25; i++) {
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#tw-console-drawer')))).toBe(
      true,
    );
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
  // A section chosen in the drawer opens and closes it.
  await menu.click();
  await nav.getByRole('link').nth(1).click();
  await expect(nav).toBeHidden();
}

test('English: every console screen, screenshots, axe; the drawer by keyboard', async ({
  page,
  baseURL,
}, testInfo) => {
  const origin = storeUrl(baseURL);
  await signInSaved(page, { origin, username: OPERATOR, returnTo: `${origin}/admin/stores` });
  // The store switcher offers every store, the platform store included.
  const switcher = page.getByRole('combobox', { name: 'Switch store' });
  await expect(switcher.locator('option', { hasText: `(${STORE})` })).toHaveCount(1);
  await switcher.selectOption(STORE);
  await expect(page).toHaveURL(new RegExp(`/admin/stores/${STORE}/`));
  await drawerByKeyboard(
    page,
    origin,
    { menu: 'Console menu', nav: /^Sections of/ },
    testInfo.outputPath('drawer-en-360.png'),
  );
  await visitEveryScreen(page, origin, 'en', testInfo);
});

test('Arabic: every console screen right to left, screenshots, axe; the drawer by keyboard', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const origin = storeUrl(baseURL);
  await context.addCookies([{ name: 'locale_Dev', value: 'ar', url: origin }]);
  await signInSaved(page, { origin, username: OPERATOR, returnTo: `${origin}/admin/stores` });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await drawerByKeyboard(
    page,
    origin,
    { menu: 'قائمة وحدة التحكم', nav: /^أقسام/ },
    testInfo.outputPath('drawer-ar-360.png'),
  );
  await visitEveryScreen(page, origin, 'ar', testInfo);
});
