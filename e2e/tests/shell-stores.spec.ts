import { resolve } from 'node:path';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { screenshotDir } from './screenshot-dir.ts';
import { configOf, imagesLoaded, localeCookie, NEW_TAB, openAccount, openStore } from './shell-support.ts';
import { signInUrl } from './signin-support.ts';
import { storeUrl, watchConsole } from './support.ts';

/**
 * The app shell of the other demo stores (their logos, languages, translation switch), from the keyboard, at
 * 360 px, and the language select on dark headers.
 */

// Each journey signs in first (sign-in page, identity provider, callback): more than the default 30 s on a
// busy two-core machine.
test.describe.configure({ timeout: 60_000 });

for (const store of [
  { code: 'awwa', language: 'es', heading: 'Seguimiento de normas' },
  { code: 'aenor', language: 'fr_FR', heading: 'Suivi des normes' },
] as const) {
  test(`${store.code}: its own logo in the footer, no sidebar, no copyright line; a language choice is kept`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const consoleErrors = watchConsole(page);
    const origin = storeUrl(baseURL, store.code);
    await openStore(page, origin, 'journey-shell-language');
    const config = await configOf(page);
    await openAccount(page, origin);

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('img', { name: config.tenantName })).toHaveAttribute(
      'src',
      config.ui.logoUrl,
    );
    await expect(footer.getByRole('img', { name: 'Trackwell' })).toHaveCount(0);
    await expect(footer.getByText(/©/)).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: /Related services|Servicios relacionados/ }),
    ).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`${store.code}.png`), fullPage: true });
    await openStore(page, origin, 'journey-shell-language');

    // On a *.localhost host the registrable domain is the host itself (Public Suffix List: "localhost" is
    // no public suffix), so the cookie is set with that Domain.
    await page.getByRole('banner').getByRole('combobox').selectOption(store.language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.heading);
    await expect.poll(async () => (await localeCookie(context))?.domain).toBe(`.${store.code}.localhost`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.heading);
    await expect(page.getByRole('banner').getByRole('combobox')).toHaveValue(store.language);
    expect(consoleErrors).toEqual([]);
  });
}

test('pacific: translation off, so no language selector and English', async ({ page, baseURL }) => {
  await openStore(page, storeUrl(baseURL, 'pacific'));
  await expect(page.getByRole('banner').getByRole('combobox')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await openAccount(page, storeUrl(baseURL, 'pacific'));
  await expect(page.getByRole('banner').getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('contentinfo').getByText('Powered by:')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Related services' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the header and sidebar work from the keyboard, in reading order', async ({ page, baseURL }) => {
  await openStore(page, storeUrl(baseURL), 'journey-shell-keyboard');
  const config = await configOf(page);
  const expected = [
    page.getByRole('link', { name: 'Skip to main content' }),
    page.getByRole('banner').getByRole('link', { name: config.tenantName }),
    page.getByRole('combobox', { name: 'Language' }),
    page.getByRole('link', { name: `Contact us ${NEW_TAB}` }),
    // The notification bell, then the user menu (the last collapsed button of the header).
    page.getByRole('banner').getByRole('button', { name: /^Notifications/ }),
    page.getByRole('banner').getByRole('button', { expanded: false }).last(),
    page.getByRole('link', { name: `Compass service ${NEW_TAB}` }),
    page.getByRole('link', { name: `Public website ${NEW_TAB}` }),
  ];
  // The bell's code loads after the page's (lazily): wait for it before walking, or the walk may pass its
  // place before it is there.
  await expect(expected[4]!).toBeVisible();
  for (const target of expected) {
    await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
  }
  // The language can be chosen without a mouse.
  await page.getByRole('combobox', { name: 'Language' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
});

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the platform shell fits, in English and Arabic', async ({ page, baseURL }, testInfo) => {
    await openStore(page, storeUrl(baseURL), 'journey-shell-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(page.getByRole('banner').getByRole('link', { name: `Contact us ${NEW_TAB}` })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('platform-360.png'), fullPage: true });

    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('متتبع المعايير');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: testInfo.outputPath('platform-360-ar.png'), fullPage: true });
  });
});

/**
 * The language select's arrow was Bootstrap's dark SVG, nearly invisible on dark headers. It is
 * drawn in the header's text colour now: in a picture of the select, the arrow's strip at the end of the
 * field has pixels that stand out from the header (the autonym's text is kept out of the strip).
 */
for (const code of ['awwa', 'nordic'] as const) {
  test(`${code}: the language select's arrow shows on the dark header`, async ({
    page,
    baseURL,
  }, testInfo) => {
    // The sign-in page has the same header (and needs no sign-in first).
    await page.goto(signInUrl(storeUrl(baseURL, code)));
    // The page frame is drawn twice: first around the loading mask while the sign-in part loads, then by it
    // (app-root.tsx). The sign-in heading comes with the second: measure that header, not the first.
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    const select = page.getByRole('banner').getByRole('combobox', { name: 'Language' });
    await expect(select).toBeVisible();
    await imagesLoaded(page);
    const [textColour, headerColour] = await select.evaluate((element) => {
      const rgb = (value: string) => (value.match(/\d+/g) ?? []).slice(0, 3).map(Number);
      return [rgb(getComputedStyle(element).color), rgb(getComputedStyle(element).backgroundColor)];
    });
    const width = (await select.boundingBox())!.width;
    const picture = (await select.screenshot()).toString('base64');
    // The picture decoded by the browser itself; counts the pixels of the arrow's strip (0.5rem to 1.9rem from
    // the end, the end being on the right here) that stand out from the header (Bootstrap's dark arrow did not).
    const standingOut = await page.evaluate(
      async ({ picture, width, headerColour }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${picture}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const scale = image.width / width;
        const from = Math.round(image.width - 30 * scale);
        const strip = context.getImageData(from, 0, Math.round(22 * scale), image.height).data;
        let count = 0;
        for (let i = 0; i < strip.length; i += 4) {
          const distance = Math.hypot(
            strip[i]! - headerColour[0]!,
            strip[i + 1]! - headerColour[1]!,
            strip[i + 2]! - headerColour[2]!,
          );
          if (distance > 150) count++;
        }
        return count;
      },
      { picture, width, headerColour },
    );
    expect(
      standingOut,
      `arrow pixels standing out from ${headerColour} (text ${textColour})`,
    ).toBeGreaterThan(12);
    const path = resolve(screenshotDir, `header-language-${code}.png`);
    await page.getByRole('banner').screenshot({ path });
    await testInfo.attach(`header-language-${code}`, { path, contentType: 'image/png' });
  });
}

/** The callback's failure says what happened, then offers "Sign in again", then 'name: message'. */
test('a sign-in callback whose PKCE state is gone explains itself; the provider’s description is kept', async ({
  page,
  baseURL,
}, testInfo) => {
  const origin = storeUrl(baseURL, 'awwa');
  // A code with no sign-in started in this tab (another tab, or storage cleared): the SDK has no verifier.
  await page.goto(`${origin}/implicit/callback?code=abc&state=xyz`);
  const alert = page.getByRole('alert');
  await expect(
    alert.getByRole('heading', { level: 1, name: 'Sign-in could not be completed' }),
  ).toBeVisible();
  await expect(alert.getByText(/could not be finished in this tab/)).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/');
  await expect(alert.getByText(/^AuthSdkError: .*PKCE/)).toBeVisible();
  const path = resolve(screenshotDir, 'callback-error-awwa.png');
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach('callback-error-awwa', { path, contentType: 'image/png' });

  await page.goto(
    `${origin}/implicit/callback?error=access_denied&error_description=The+user+is+not+assigned&state=xyz`,
  );
  await expect(page.getByText('The sign-in service said: The user is not assigned')).toBeVisible();
  await expect(page.getByRole('alert').getByText(/^\w+Error: /)).toBeVisible();
});
