import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { configOf, localeCookie, NEW_TAB, openAccount, openStore } from './shell-support.ts';
import { storeUrl, watchConsole } from './support.ts';

/**
 * The app shell as a signed-in user sees it: header, sidebar, footer and languages, per
 * demo tenant (packages/db/src/seed/tenants.ts): the platform (localhost) has the sidebar, the copyright line
 * and all 14 languages; awwa and aenor show their own logo in the footer; pacific has translation off. The
 * footer is on the account screens (spec §2 Footer), the rest is checked on the tracker page.
 */

// Each journey signs in first (sign-in page, identity provider, callback): more than the default 30 s on a
// busy two-core machine.
test.describe.configure({ timeout: 60_000 });

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
