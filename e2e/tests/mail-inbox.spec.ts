import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { e2eFixtures, storeUrl } from './support.ts';

/**
 * A change e-mail, opened in the local inbox (/_dev/mail), shows the store's logo. The
 * e-mail's HTML is shown in a sandboxed iframe (an opaque origin, as a webmail's would be), so the logo
 * loads only because its PNG is served `Cross-Origin-Resource-Policy: cross-origin`. The reader is an
 * Arabic user of the platform store (a dark header) who tracks a committee from the start (e2e/server.ts).
 */

const LOGIN = 'journey-mail-logo@trackwell.example';

async function messagesTo(page: Page, origin: string) {
  const answer = await page.request.get(`${origin}/_dev/mail/messages?to=${encodeURIComponent(LOGIN)}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { messages: Array<{ id: number; subject: string; html: string }> })
    .messages;
}

/** A new standard of the reader's tracked committee, through the publisher API. */
function publishNewStandard(page: Page, origin: string, key: string, committee: string, publisher: string) {
  return page.request.post(`${origin}/api/catalog/v1/changes`, {
    headers: { 'x-api-key': key },
    data: {
      events: [
        {
          id: `e2e-mail-logo-${Date.now()}`,
          type: 'new_standard',
          standard: {
            assetId: 'e2e-mail-logo',
            contentCode: 'E2E-MAIL-LOGO',
            designation: `${committee}.E2E-LOGO`,
            title: 'Journey test of the e-mail logo',
            publisherCode: publisher,
            committeeDesignation: committee,
            edition: '26',
            publishedOn: '2026-11-22',
          },
        },
      ],
    },
  });
}

/** Every image the locator finds has loaded (complete, with pixels), and there are `count` of them. */
async function expectAllLoaded(images: Locator, count: number) {
  await expect
    .poll(() =>
      images.evaluateAll((all: HTMLImageElement[]) => all.map((img) => img.complete && img.naturalWidth > 0)),
    )
    .toEqual(Array(count).fill(true));
}

test('a change e-mail in the inbox shows the store logo as a loaded PNG, in Arabic, at 1280 and 360 px', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const origin = storeUrl(baseURL);
  const { publisherKey, trackedCommittees } = e2eFixtures();
  const { committee, publisher } = trackedCommittees[LOGIN]!;
  // Other journeys publish to the same committee (language.spec.ts), so the reader's inbox may get their
  // e-mails meanwhile: this journey waits for the one about its own standard, never for a count.
  const designation = `${committee}.E2E-LOGO`;
  const ours = async () => (await messagesTo(page, origin)).filter((m) => m.subject.includes(designation));
  const before = (await ours()).length;

  const published = await publishNewStandard(page, origin, publisherKey, committee, publisher);
  expect(published.status(), await published.text()).toBe(200);
  await expect.poll(async () => (await ours()).length, { timeout: 30_000 }).toBeGreaterThan(before);
  const mail = (await ours())[0]!;
  expect(mail.html).toContain('lang="ar" dir="rtl"');
  expect(mail.html).toMatch(/src="http:\/\/localhost:\d+\/assets\/trackwell\/logo\.png\?v=[0-9a-f]{16}"/);

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${origin}/_dev/mail`);
    await page.getByRole('link', { name: mail.subject }).first().click();
    await expect(page.getByRole('heading', { level: 2, name: mail.subject })).toBeVisible();
    const body = page.frameLocator('iframe[title^="HTML body"]');
    // The header logo (a link to the store) and the "Powered by" logo: both PNGs, both loaded.
    const logo = body.getByRole('link', { name: 'Trackwell' }).getByRole('img', { name: 'Trackwell' });
    await expect(logo).toBeVisible();
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(
      await logo.evaluate((img: HTMLImageElement) => [
        img.naturalWidth,
        img.naturalHeight,
        img.width,
        img.height,
      ]),
    ).toEqual([expect.any(Number), 96, expect.any(Number), 48]);
    await expectAllLoaded(body.getByRole('img'), 2);
    await page.locator('#html').scrollIntoViewIfNeeded();
    const iframe = page.locator('iframe[title^="HTML body"]');
    const shot = await iframe.screenshot();
    await testInfo.attach(`mail-inbox-ar-${width}`, { body: shot, contentType: 'image/png' });
    await iframe.screenshot({ path: testInfo.outputPath(`mail-inbox-ar-${width}.png`) });

    // The whole message ("Open the HTML alone", sandboxed too): the footer's "Powered by" logo as well.
    await page.getByRole('link', { name: 'Open the HTML alone' }).click();
    await expect(page.getByRole('img', { name: 'Trackwell' })).toHaveCount(2);
    await expectAllLoaded(page.getByRole('img'), 2);
    await page.screenshot({ path: testInfo.outputPath(`mail-html-ar-${width}.png`), fullPage: true });
  }
});
