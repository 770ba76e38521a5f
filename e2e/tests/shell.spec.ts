import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { demoLogin, signIn, signInUrl } from './signin-support.ts';
import { CONFIG_PATH, storeUrl, watchConsole } from './support.ts';

/**
 * The app shell as a signed-in user sees it (issue 5 items 5, 7, 8): header, sidebar, footer and languages, per
 * demo tenant (packages/db/src/seed/tenants.ts): the platform (localhost) has the sidebar, the copyright line
 * and all 14 languages; awwa and aenor show their own logo in the footer; pacific has translation off. The
 * footer is on the account screens (spec §2 Footer), the rest is checked on the tracker page.
 */

type TenantConfig = {
  tenantName: string;
  'compass-uri': string;
  'public-uri': string;
  footer: {
    displayAddress: string;
    socials: { links: { label: string; url: string; 'fa-icon': string }[] };
    links: { label: string; url: string }[];
  };
  ui: { contactUrl: string; poweredByLogoUrl: string; logoUrl: string };
};

const NEW_TAB = '(opens in a new tab)';

// Each journey signs in first (sign-in page, identity provider, callback): more than the default 30 s on a
// busy two-core machine.
test.describe.configure({ timeout: 60_000 });

async function configOf(page: Page): Promise<TenantConfig> {
  return page.evaluate(async (path) => {
    const answer = await fetch(path, { method: 'POST' });
    return ((await answer.json()) as { responseData: { value: TenantConfig } }).responseData.value;
  }, CONFIG_PATH);
}

/** The demo store code of an origin: localhost → trackwell, awwa.localhost → awwa. */
function storeCodeOf(origin: string): string {
  const host = new URL(origin).hostname;
  return host === 'localhost' || host === '127.0.0.1' ? 'trackwell' : host.split('.')[0]!;
}

async function imagesLoaded(page: Page) {
  // Every image (header logo, footer logo) has really loaded before anything is judged or photographed.
  await expect
    .poll(() =>
      page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0)),
    )
    .toBe(true);
}

/**
 * Signs in (as the store's plain demo user unless a journey user's local part is given) and waits for the
 * tracker page with the whole header. A journey that chooses a language while signed in uses a user of its
 * own: the choice becomes that person's language at every later sign-in (issue 12 §3).
 */
async function openStore(page: Page, origin: string, local = 'user') {
  if (!new URL(page.url()).href.startsWith(origin)) {
    await signIn(page, { origin, username: demoLogin(local, storeCodeOf(origin)) });
  } else {
    await page.goto(`${origin}/`);
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { expanded: false })).toBeVisible();
  await imagesLoaded(page);
}

/** The account area of the signed-in user: the screens with the footer (it arrives in its own chunk). */
async function openAccount(page: Page, origin: string) {
  await page.goto(`${origin}/account`);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await imagesLoaded(page);
}

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);
}

async function localeCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'locale_Dev');
}

test.describe('the platform tenant', () => {
  test('header, sidebar and footer follow its configuration; axe finds nothing', async ({
    page,
    baseURL,
  }, testInfo) => {
    const consoleErrors = watchConsole(page);
    const origin = storeUrl(baseURL);
    await openStore(page, origin);
    const config = await configOf(page);

    // Header: logo home, a language selector, the contact link in a new tab.
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: config.tenantName })).toHaveAttribute('href', '/');
    await expect(banner.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    const contact = banner.getByRole('link', { name: `Contact us ${NEW_TAB}` });
    await expect(contact).toHaveAttribute('href', config.ui.contactUrl);
    await expect(contact).toHaveAttribute('target', '_blank');
    await expect(contact).toHaveAttribute('rel', /noopener/);

    // Sidebar: the compass service and the public site (spec §1, §6).
    const sidebar = page.getByRole('navigation', { name: 'Related services' });
    await expect(sidebar.getByRole('link')).toHaveCount(2);
    await expect(sidebar.getByRole('link', { name: `Compass service ${NEW_TAB}` })).toHaveAttribute(
      'href',
      config['compass-uri'],
    );
    await expect(sidebar.getByRole('link', { name: `Public website ${NEW_TAB}` })).toHaveAttribute(
      'href',
      config['public-uri'],
    );

    // Not on the tracker page: the footer is for the account screens (spec §2).
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('platform-tracker-en.png'), fullPage: true });

    // Footer (spec §2): socials and translated bottom links in new tabs, the copyright line, "Powered by:".
    await openAccount(page, origin);
    const footer = page.getByRole('contentinfo');
    const socials = footer.getByRole('list', { name: 'Social media' }).getByRole('link');
    await expect(socials).toHaveCount(config.footer.socials.links.length);
    for (const [i, social] of config.footer.socials.links.entries()) {
      await expect(socials.nth(i)).toHaveAccessibleName(`${social.label} ${NEW_TAB}`);
      await expect(socials.nth(i)).toHaveAttribute('href', social.url);
      await expect(socials.nth(i)).toHaveAttribute('target', '_blank');
      await expect(
        socials.nth(i).locator(`svg[data-icon="${social['fa-icon'].replace(/^fa-/, '')}"]`),
      ).toBeVisible();
    }
    const bottomLinks = footer.getByRole('navigation', { name: 'Useful links' }).getByRole('link');
    await expect(bottomLinks).toHaveCount(config.footer.links.length);
    await expect(bottomLinks.first()).toHaveAccessibleName(`Home ${NEW_TAB}`);
    await expect(footer.getByRole('link', { name: `Privacy Policy ${NEW_TAB}` })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(footer).toContainText(
      // The address is bidi-isolated (FSI…PDI) so it keeps its order in right-to-left text.
      `© ${new Date().getFullYear()} \u2068${config.footer.displayAddress}\u2069. All rights reserved.`,
    );
    await expect(footer.getByText('Powered by:')).toBeVisible();
    await expect(footer.getByRole('img', { name: 'Trackwell' })).toHaveAttribute(
      'src',
      config.ui.poweredByLogoUrl,
    );

    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('platform-en.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
  });

  test('choosing Arabic saves the locale cookie, mirrors the page and survives a reload', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const consoleErrors = watchConsole(page);
    await openStore(page, storeUrl(baseURL), 'journey-shell-ar');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('ar');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('متتبع المعايير');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('link[data-tw-slot="base"]')).toHaveAttribute('href', /bootstrap\.rtl/);
    // spec §9: locale_{env}, 30 days, path /, SameSite=None, Secure; localhost has no parent domain, so the
    // cookie is host-only. Chromium keeps Secure cookies on http://localhost (a secure context).
    await expect.poll(async () => (await localeCookie(context))?.value).toBe('ar');
    const cookie = (await localeCookie(context))!;
    expect(cookie).toMatchObject({ domain: 'localhost', path: '/', sameSite: 'None', secure: true });
    const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // The layout mirrors: the sidebar is on the right of the content, the logo at the right of the header.
    const sidebarBox = (await page.getByRole('navigation', { name: 'خدمات ذات صلة' }).boundingBox())!;
    const mainBox = (await page.getByRole('main').boundingBox())!;
    expect(sidebarBox.x).toBeGreaterThan(mainBox.x);
    const logoBox = (await page.getByRole('banner').getByRole('img').boundingBox())!;
    expect(logoBox.x).toBeGreaterThan(640);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('متتبع المعايير');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('combobox', { name: 'اللغة' })).toHaveValue('ar');
    await expectNoAxeViolations(page);
    await openAccount(page, storeUrl(baseURL));
    await expect(page.getByRole('contentinfo').getByText('مدعوم من:')).toBeVisible();

    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('platform-ar.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
  });
});

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
    page.getByRole('banner').getByRole('button', { expanded: false }),
    page.getByRole('link', { name: `Compass service ${NEW_TAB}` }),
    page.getByRole('link', { name: `Public website ${NEW_TAB}` }),
  ];
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
 * issue 12 §6: the language select's arrow was Bootstrap's dark SVG, nearly invisible on dark headers. It is
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
    const dir = resolve(import.meta.dirname, '../../docs/screenshots');
    mkdirSync(dir, { recursive: true });
    const path = resolve(dir, `header-language-${code}.png`);
    await page.getByRole('banner').screenshot({ path });
    await testInfo.attach(`header-language-${code}`, { path, contentType: 'image/png' });
  });
}

/** issue 12 §6: the callback's failure says what happened, then offers "Sign in again", then 'name: message'. */
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
  const path = resolve(import.meta.dirname, '../../docs/screenshots/callback-error-awwa.png');
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach('callback-error-awwa', { path, contentType: 'image/png' });

  await page.goto(
    `${origin}/implicit/callback?error=access_denied&error_description=The+user+is+not+assigned&state=xyz`,
  );
  await expect(page.getByText('The sign-in service said: The user is not assigned')).toBeVisible();
  await expect(page.getByRole('alert').getByText(/^\w+Error: /)).toBeVisible();
});
