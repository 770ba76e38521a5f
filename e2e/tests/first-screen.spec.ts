import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { screenshotDir } from './screenshot-dir.ts';
import { DEMO_PASSWORD, demoLogin, signInUrl, submitPassword } from './signin-support.ts';
import { storeUrl, watchConsole } from './support.ts';

/**
 * The server draws a store page's first screen with the portal's own components
 * (apps/server/src/modules/portal/server-render.ts), and the browser hydrates it (apps/portal/src/main.tsx).
 * Proof that it is the server's: the heading is there with JavaScript off. Proof that the browser hydrates
 * it (and does not draw it again): an element of the server's HTML is still the same node once the page
 * works. aenor opens in Spanish (its default); `?lang=ar` opens it in Arabic.
 */
const PHONE = { width: 360, height: 740 };

/**
 * Opens `url` with the portal's script held back until the server's heading has been marked, so that
 * after hydration the mark tells whether React kept the server's element (hydrated) or drew a new one.
 */
async function openMarkingTheServersHeading(
  page: Page,
  url: string,
  beforeScript: () => Promise<void> = async () => undefined,
) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/app\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await heading.evaluate((element) => {
    (element as HTMLElement & { drawnByServer?: boolean }).drawnByServer = true;
  });
  await beforeScript();
  release();
  return heading;
}

/** True once React has hydrated the form: a typed character goes through React's controlled input. */
async function hydrated(page: Page) {
  const username = page.locator('input[autocomplete="username"]');
  await username.fill('ada@example.test');
  await expect(username).toHaveValue('ada@example.test');
  // Only the hydrated app names the page after its screen (useDocumentTitle); the server writes the store's name.
  await expect(page).toHaveTitle(/ – /);
}

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test('the sign-in page comes drawn by the server, in the store language, styled, at 360 px', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL, 'aenor');
    const response = await page.goto(`${origin}/signin`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
    await expect(page.getByRole('img', { name: 'AENOR Tienda de Normas' })).toBeVisible();
    await expect(page.getByLabel('Correo electrónico')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeVisible();
    // The store's theme is applied before any script runs: the primary button takes its colour.
    const button = page.getByRole('button', { name: 'Iniciar sesión', exact: true });
    expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({ path: join(screenshotDir, 'first-screen-no-js-360.png'), fullPage: true });
  });

  test('in Arabic (?lang=ar) it comes right to left', async ({ page, baseURL }) => {
    const origin = storeUrl(baseURL, 'aenor');
    await page.goto(`${origin}/signin?lang=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible();
    await page.screenshot({ path: join(screenshotDir, 'first-screen-no-js-ar-360.png'), fullPage: true });
  });
});

test.describe('JavaScript on', () => {
  test.use({ viewport: PHONE });

  test('the browser hydrates the server’s page and signing in works, with a clean console', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL, 'aenor');
    const errors = watchConsole(page);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const heading = await openMarkingTheServersHeading(page, signInUrl(origin));
    await hydrated(page);
    expect(
      await heading.evaluate((h) => (h as HTMLElement & { drawnByServer?: boolean }).drawnByServer),
    ).toBe(true);
    await page.unroute(/\/app\/index-[\w-]+\.js$/);
    // A page that shows no toast never downloads the toasts' library (lib/toasts-wanted.ts).
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname),
    );
    expect(scripts.filter((path) => /\/app\/(toaster|unstyled)-/.test(path))).toEqual([]);

    await submitPassword(page, demoLogin('user', 'aenor'));
    await page.waitForURL(`${origin}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Seguimiento de normas' })).toBeVisible();
    expect(errors).toEqual([]);
    expect(warnings.filter((w) => /hydrat|did not match/i.test(w))).toEqual([]);
  });

  test('before its script runs, the form takes typing while its buttons and the language select wait, disabled', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL, 'aenor');
    const submit = page.getByRole('button', { name: 'Iniciar sesión', exact: true });
    const forgot = page.getByRole('button', { name: '¿Olvidaste tu contraseña?' });
    const passkey = page.getByRole('button', { name: 'Iniciar sesión con una llave de acceso' });
    const language = page.getByRole('combobox');
    await openMarkingTheServersHeading(page, signInUrl(origin), async () => {
      await expect(submit).toBeDisabled();
      await expect(forgot).toBeDisabled();
      await expect(passkey).toBeDisabled();
      await expect(language).toBeDisabled();
      await page.getByLabel('Correo electrónico').fill(demoLogin('user', 'aenor'));
    });
    // Live: what was typed is kept, and the controls work.
    await expect(submit).toBeEnabled();
    await expect(passkey).toBeEnabled();
    await expect(language).toBeEnabled();
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(demoLogin('user', 'aenor'));
    await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
    await submit.click();
    await page.waitForURL(`${origin}/`);
  });

  test('in Arabic it hydrates right to left, with a clean console', async ({ page, baseURL }) => {
    const origin = storeUrl(baseURL, 'aenor');
    const errors = watchConsole(page);
    const heading = await openMarkingTheServersHeading(page, `${origin}/signin?lang=ar`);
    await expect(heading).toHaveText('تسجيل الدخول');
    await hydrated(page);
    expect(
      await heading.evaluate((h) => (h as HTMLElement & { drawnByServer?: boolean }).drawnByServer),
    ).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The Arabic strings came inside the page: no translation file was fetched for the first screen.
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname),
    );
    expect(fetched.filter((path) => path.startsWith('/locales/'))).toEqual([]);
    await page.screenshot({ path: join(screenshotDir, 'first-screen-ar-360.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
