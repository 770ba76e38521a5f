import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { demoLogin, signIn } from './signin-support.ts';
import { CONFIG_PATH, storeUrl, watchConsole } from './support.ts';

/**
 * One server, many tenants: the host decides the tenant (architecture "Processes, hosts, tenants").
 * Each store must show its own name, logo and theme; a host with no tenant gets the spec's 404 page (§2, §8).
 * A visitor who is not signed in is sent from the tracker to the store's sign-in page (spec §4 "Auth flow"),
 * which wears the same branding.
 */

/** The identity provider answers 404 to "is there a session?" when there is none: Chromium logs it. */
const expected404 = (errors: string[]) => errors.filter((e) => !/status of 404/.test(e));

type TenantConfig = {
  tenantName: string;
  tenantCode: string;
  ui: { logoUrl: string; themeStylesheetUrl: string; defaultLanguage: string };
};

async function themeOf(page: Page) {
  return page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const header = document.querySelector('header');
    return {
      primary: root.getPropertyValue('--tw-primary').trim(),
      headerBackground: header ? getComputedStyle(header).backgroundColor : '',
    };
  });
}

const stores = [
  { label: 'platform', subdomain: undefined, code: 'trackwell' },
  { label: 'awwa', subdomain: 'awwa', code: 'awwa' },
  { label: 'aenor', subdomain: 'aenor', code: 'aenor' },
] as const;

test.describe('each tenant gets its own store', () => {
  for (const store of stores) {
    test(`${store.label}: own name, logo and theme`, async ({ page, baseURL }, testInfo) => {
      const origin = storeUrl(baseURL, store.subdomain);
      const consoleErrors = watchConsole(page);
      await page.goto(`${origin}/`);
      await page.waitForURL(/\/signin\?fromURI=/);

      // What the server says this host is (asked from the page: only the browser resolves *.localhost).
      const config = await page.evaluate(async (path) => {
        const answer = await fetch(path, { method: 'POST' });
        return ((await answer.json()) as { responseData: { value: TenantConfig } }).responseData.value;
      }, CONFIG_PATH);
      expect(config.tenantCode).toBe(store.code);

      const logo = page.getByRole('banner').getByRole('img', { name: config.tenantName });
      await expect(logo).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(config.tenantName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      // The logo already shows the name: it is the logo's alt text, not repeated as text beside it.
      await expect(page.getByRole('banner').getByText(config.tenantName, { exact: true })).toHaveCount(0);
      expect(new URL((await logo.getAttribute('src')) ?? '', origin).pathname).toMatch(
        new RegExp(`^/assets/${store.code}/`),
      );
      await expect(page.getByRole('link', { name: config.tenantName })).toHaveAttribute('href', '/');
      // The logo really loaded (not a broken image).
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      // The sign-in page, in the tenant's language.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(
        config.ui.defaultLanguage.replaceAll('_', '-'),
      );

      // Theme stylesheet applied after Bootstrap, so its values are the ones in force.
      const theme = await themeOf(page);
      expect(theme.primary).toMatch(/^#[0-9a-f]{6}$/i);
      const sheets = await page.evaluate(() =>
        [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href') ?? ''),
      );
      expect(sheets.at(-1)).toBe(config.ui.themeStylesheetUrl);
      expect(sheets.findIndex((href) => href.includes('bootstrap'))).toBeLessThan(sheets.length - 1);

      await page.screenshot({ path: testInfo.outputPath(`${store.label}.png`), fullPage: true });
      expect(expected404(consoleErrors)).toEqual([]);
    });
  }

  test('the three stores differ in name, logo and theme', async ({ page, baseURL }) => {
    const seen = [];
    for (const store of stores) {
      await page.goto(`${storeUrl(baseURL, store.subdomain)}/`);
      await page.waitForURL(/\/signin\?fromURI=/);
      const logo = page.getByRole('banner').getByRole('img');
      await expect(logo).toBeVisible();
      seen.push({ name: await page.title(), logo: await logo.getAttribute('src'), ...(await themeOf(page)) });
    }
    for (const key of ['name', 'logo', 'primary', 'headerBackground'] as const) {
      expect(new Set(seen.map((s) => s[key])).size, key).toBe(stores.length);
    }
  });
});

test('a host with no tenant shows the full-page 404 screen', async ({ page, baseURL }, testInfo) => {
  const consoleErrors = watchConsole(page);
  await page.goto(`${storeUrl(baseURL, 'nowhere')}/`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The page you requested was not found.');
  // The code is shown large; screen readers hear "Error code 404".
  await expect(page.getByText('Error code 404', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Page not found');
  await expect(page.getByRole('button', { name: 'Go back to the previous page' })).toBeVisible();
  // The homepage and search lead to the platform's site (PLATFORM_SITE_URL; by default the demo platform
  // store), not back to this host's 404.
  await expect(page.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', `${baseURL}/`);
  await expect(
    page.getByRole('link', { name: 'Use the search of the site to find what you are looking for.' }),
  ).toHaveAttribute('href', `${baseURL}/`);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /@/ })).toHaveAttribute(
    'href',
    /^mailto:[^@]+@[^@]+$/,
  );
  // No tenant, so no tenant theme.
  expect(await page.locator('link[data-tw-slot="theme"]').count()).toBe(0);

  await page.screenshot({ path: testInfo.outputPath('not-found-tenant.png'), fullPage: true });
  await expectNoAxeViolations(page);
  // The configuration call answers 404 by design (unknown host); Chromium reports that response itself.
  expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);

  // Following "Go to the homepage" reaches a real store page, not another 404.
  await page.getByRole('link', { name: 'Go to the homepage' }).click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/`));
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
    'The page you requested was not found.',
  );
});

test('a store page passes axe and its skip link works from the keyboard', async ({ page, baseURL }) => {
  // The not-found screen: a shell page that moves no focus on arrival (the sign-in page focuses its heading).
  await page.goto(`${storeUrl(baseURL)}/no/such/page`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await expectNoAxeViolations(page);

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('an unknown path in a store shows the not-found screen inside the shell', async ({ page, baseURL }) => {
  const consoleErrors = watchConsole(page);
  await page.goto(`${storeUrl(baseURL, 'awwa')}/no/such/page`);

  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the homepage' }).click();
  // The homepage is the tracker: not signed in, so on to the store's sign-in page.
  await page.waitForURL(new RegExp(`^${storeUrl(baseURL, 'awwa')}/signin\\?fromURI=`));
  expect(expected404(consoleErrors)).toEqual([]);
});

test("/implicit/callback shows a sign-in it cannot finish as 'name: message'", async ({ page, baseURL }) => {
  // An answer from the identity provider that this tab never asked for (no sign-in under way here).
  await page.goto(
    `${storeUrl(baseURL)}/implicit/callback?error=access_denied&error_description=The+user+is+not+assigned+to+the+client+application.&state=abc`,
  );
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Sign-in could not be completed');
  await expect(alert).toContainText(/AuthSdkError: Could not load PKCE codeVerifier from storage\./);
  await expect(alert.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/');
});

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const page_ of [
    { label: 'platform', subdomain: undefined },
    { label: 'not-found-tenant', subdomain: 'nowhere' },
  ] as const) {
    test(`${page_.label} fits without sideways scrolling`, async ({ page, baseURL }, testInfo) => {
      await page.goto(`${storeUrl(baseURL, page_.subdomain)}/`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({ path: testInfo.outputPath(`${page_.label}-360.png`), fullPage: true });
    });
  }
});

test('the configuration is cached for the tab and comes in the page; Arabic reads right to left', async ({
  page,
  baseURL,
}, testInfo) => {
  const consoleErrors = watchConsole(page);
  await page.goto(`${storeUrl(baseURL)}/`);
  await page.waitForURL(/\/signin\?fromURI=/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // spec §3 "The config is cached in session storage".
  const cached = await page.evaluate(() =>
    Object.keys(sessionStorage).some((k) => k.startsWith('trackwell:tenant-config:')),
  );
  expect(cached).toBe(true);

  // A store page carries its configuration (the server drew the screen with it): a reload asks for none.
  const configCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(CONFIG_PATH)) configCalls.push(request.url());
  });
  await page.goto(`${page.url()}&lang=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('link[data-tw-slot="base"]')).toHaveAttribute('href', /bootstrap\.rtl/);
  expect(configCalls).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('platform-arabic.png'), fullPage: true });
  expect(expected404(consoleErrors)).toEqual([]);
});

test('the sign-in and tracker pages break no rule of their Content-Security-Policy', async ({
  page,
  baseURL,
}) => {
  // Every violation, also one a script catches (a probe for eval), fires this event on the document.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  const origin = storeUrl(baseURL, 'aenor');

  await page.goto(`${origin}/signin`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);

  await signIn(page, { origin, username: demoLogin('user', 'aenor') });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  expect(await violations()).toEqual([]);
});
