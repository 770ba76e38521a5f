import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { screenshotDir } from './screenshot-dir.ts';
import { seenMail, signIn, submitPassword, waitForMail } from './signin-support.ts';
import { e2eFixtures, storeUrl } from './support.ts';

/**
 * The language follows the person: the language chosen in Account › Preferences is the
 * one change e-mails are written in; the sign-in page's language is the one its e-mails are written in, and
 * their links open pages in it — the reset page of the portal, the identity provider's push-approval page
 * (in the store's look, right to left, on a phone-sized screen). Users of their own (e2e/server.ts).
 */

/** A string of the portal's translations (apps/portal/public/locales/{lng}/{ns}.json), by its key path. */
function portalText(lng: string, ns: string, path: string): string {
  const tree = JSON.parse(
    readFileSync(join(import.meta.dirname, `../../apps/portal/public/locales/${lng}/${ns}.json`), 'utf8'),
  );
  return path.split('.').reduce((node, key) => node[key], tree) as unknown as string;
}

/** Chooses a language in the header's selector (its name is "Language" until the page is translated). */
async function chooseInHeader(page: Page, lng: string) {
  await page.getByRole('banner').getByRole('combobox').selectOption(lng);
  await expect(page.locator('html')).toHaveAttribute('lang', lng.replace('_', '-'));
}

test('Account › Preferences: choosing Español makes the next change e-mail Spanish', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const origin = storeUrl(baseURL);
  const login = 'journey-language@trackwell.example';
  const { committee, publisher } = e2eFixtures().trackedCommittees[login]!;
  await signIn(page, { origin, username: login, returnTo: `${origin}/account/preferences` });

  await page.getByRole('combobox', { name: 'Language of this store' }).selectOption('es');
  await page.getByRole('button', { name: 'Save language' }).click();
  await expect(page.getByText('Tu idioma se ha guardado.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  // One value: the profile shows the same language, chosen from a list.
  await page.goto(`${origin}/account/profile`);
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');

  const seen = await seenMail(page, origin, login);
  const designation = `${committee}.E2E-LANG`;
  const answer = await page.request.post(`${origin}/api/catalog/v1/changes`, {
    headers: { 'x-api-key': e2eFixtures().publisherKey },
    data: {
      events: [
        {
          id: 'e2e-language-new-standard',
          type: 'new_standard',
          standard: {
            assetId: 'e2e-lang',
            contentCode: 'E2E-LANG',
            designation,
            title: 'Journey test method in Spanish',
            publisherCode: publisher,
            committeeDesignation: committee,
            edition: '26',
            publishedOn: '2026-11-25',
          },
        },
      ],
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const mail = await waitForMail(page, origin, login, designation, seen);
  expect(mail.subject).toBe(`Nueva norma publicada: ${designation}`);
  expect(mail.text).toContain('Hola');
});

test('sign-in page in Arabic → forgot password → the reset e-mail is Arabic and its link opens the reset page in Arabic', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const origin = storeUrl(baseURL, 'aenor'); // the store's default is Spanish (es_ES)
  const mailOrigin = storeUrl(baseURL);
  const login = 'journey-reset-ar@aenor.example';
  const seen = await seenMail(page, mailOrigin, login);
  await page.goto(`${origin}/signin`);
  await chooseInHeader(page, 'ar');
  await page.getByRole('button', { name: portalText('ar', 'signin', 'password.forgot') }).click();
  await page.getByLabel(portalText('ar', 'signin', 'fields.username')).fill(login);
  await page.getByRole('button', { name: portalText('ar', 'signin', 'recovery.sendReset') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: portalText('ar', 'signin', 'recovery.sentTitle') }),
  ).toBeVisible();

  const mail = await waitForMail(page, mailOrigin, login, '/signin/reset-password/', seen);
  expect(mail.subject).toBe('\u2068AENOR Tienda de Normas\u2069: إعادة تعيين كلمة المرور');
  expect(mail.text).toContain('استخدم هذا الرابط لاختيار كلمة مرور جديدة');
  const link = new URL(/(http\S+\/signin\/reset-password\/\S+)/.exec(mail.text)?.[1] ?? '');
  expect(link.origin).toBe(origin);
  expect(link.searchParams.get('lang')).toBe('ar');

  // Opened elsewhere (a mail app's browser: no cookie of this store), the page is still Arabic.
  const elsewhere = await browser.newContext({ locale: 'en-US' });
  const reset = await elsewhere.newPage();
  await reset.goto(link.href);
  await expect(
    reset.getByRole('heading', { level: 1, name: portalText('ar', 'signin', 'newPassword.resetTitle') }),
  ).toBeVisible();
  await expect(reset.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(reset.locator('html')).toHaveAttribute('lang', 'ar');
  await reset.screenshot({ path: join(screenshotDir, 'reset-password-ar.png') });
  await elsewhere.close();
});

test('push approval page in Arabic at 360 px: the store look, right to left, approve → signed in', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const origin = storeUrl(baseURL, 'aenor');
  const mailOrigin = storeUrl(baseURL);
  const login = 'journey-push-ar@aenor.example';
  const seen = await seenMail(page, mailOrigin, login);
  await page.goto(`${origin}/signin`);
  await chooseInHeader(page, 'ar');
  await submitPassword(page, login);
  await page.getByRole('button', { name: portalText('ar', 'signin', 'factors.push') }).click();

  const mail = await waitForMail(page, mailOrigin, login, '/api/v1/authn/push/', seen);
  expect(mail.subject).toBe('\u2068AENOR Tienda de Normas\u2069: وافق على تسجيل دخولك');
  const link = new URL(/(http\S+\/api\/v1\/authn\/push\/\S+)/.exec(mail.text)?.[1] ?? '');
  expect(link.origin).toBe(origin);
  expect(link.searchParams.get('lang')).toBe('ar');

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US' });
  const approval = await phone.newPage();
  const consoleErrors: string[] = [];
  approval.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`${m.text()} ${m.location().url}`);
  });
  await approval.goto(link.href);
  const html = approval.locator('html');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(approval.getByRole('heading', { level: 1, name: 'الموافقة على تسجيل الدخول؟' })).toBeVisible();
  await expect(approval.getByRole('img', { name: 'AENOR Tienda de Normas' })).toBeVisible();
  // The store's look: its fonts and colours, not the browser's serif default.
  const body = await approval.evaluate(() => {
    const style = getComputedStyle(document.body);
    const button = getComputedStyle(document.querySelector('button') as Element);
    return {
      font: style.fontFamily,
      background: button.backgroundColor,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
  expect(body.font).not.toMatch(/^serif$|Times/);
  expect(body.background).not.toBe('rgb(239, 239, 239)'); // Chromium's unstyled button
  expect(body.overflow).toBeLessThanOrEqual(0);
  await approval.screenshot({ path: join(screenshotDir, 'push-approval-ar-360.png'), fullPage: true });

  await approval.getByRole('button', { name: 'نعم، هذا أنا' }).click();
  await expect(
    approval.getByRole('heading', { level: 1, name: 'تمت الموافقة على تسجيل الدخول' }),
  ).toBeVisible();
  await approval.screenshot({ path: join(screenshotDir, 'push-approved-ar-360.png'), fullPage: true });
  expect(consoleErrors).toEqual([]);
  await phone.close();

  // The waiting sign-in page goes on by itself, still in Arabic.
  await page.waitForURL(`${origin}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
});
