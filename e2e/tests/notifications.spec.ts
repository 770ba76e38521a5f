import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './signin-support.ts';
import { e2eFixtures, storeUrl } from './support.ts';

/**
 * The change notification journey, end to end: a user tracks a committee in the portal → the publisher announces a new
 * standard in that committee through the API → exactly one e-mail arrives (the user's language, the store's
 * branding, the RFC 8058 headers) → its one-click POST unsubscribes → the tracker shows the sources cleared →
 * a later event sends nothing. The user is one only this journey signs in with (e2e/server.ts).
 */

type Mail = {
  id: number;
  to: string[] | string;
  subject: string;
  text: string;
  html: string;
  headers?: { key: string; value: string }[];
};

const LOGIN = 'journey-notify@trackwell.example';

async function mailTo(page: Page, origin: string): Promise<Mail[]> {
  const answer = await page.request.get(`${origin}/_dev/mail/messages?to=${encodeURIComponent(LOGIN)}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { messages: Mail[] }).messages;
}

async function publish(page: Page, origin: string, committee: string, suffix: string) {
  const contentCode = `E2E-${suffix}`;
  const answer = await page.request.post(`${origin}/api/catalog/v1/changes`, {
    headers: { 'x-api-key': e2eFixtures().publisherKey },
    data: {
      events: [
        {
          id: `e2e-new-standard-${suffix}`,
          type: 'new_standard',
          standard: {
            assetId: `e2e-${suffix.toLowerCase()}`,
            contentCode,
            designation: `${committee}.E2E-${suffix}`,
            title: `Journey test method ${suffix}`,
            publisherCode: 'ATMS',
            committeeDesignation: committee,
            edition: '26',
            publishedOn: '2026-11-22',
          },
        },
      ],
    },
  });
  const body = await answer.json();
  expect(answer.status(), JSON.stringify(body)).toBe(200);
  return contentCode;
}

test('a tracked committee: one e-mail for a new standard; its one-click unsubscribe clears the sources and stops later e-mails', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = storeUrl(baseURL);
  await signIn(page, { origin, username: LOGIN });

  // Track a committee from the portal.
  const committees = page.getByRole('region', { name: 'Committees' });
  const select = committees.getByRole('combobox', { name: 'Committee' });
  const option = select.locator('option:not([disabled]):not([value=""])').first();
  await expect(option).toBeAttached();
  const committee = (await option.getAttribute('value'))!;
  await select.selectOption(committee);
  await committees.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByText('Committee tracking added.')).toBeVisible();
  await expect(committees.getByRole('listitem').filter({ hasText: committee })).toBeVisible();

  // The publisher announces a new standard in that committee. Other journeys publish to the same committee,
  // so the user may get their e-mails too: what is counted is the e-mails about this journey's standards.
  const about = async (suffix: string) =>
    (await mailTo(page, origin)).filter((m) => m.subject.includes(`${committee}.E2E-${suffix}`));
  await publish(page, origin, committee, 'A1');

  await expect.poll(async () => (await about('A1')).length, { timeout: 30_000 }).toBe(1);
  // Exactly one: a little later there is still one.
  await page.waitForTimeout(2000);
  const mails = await about('A1');
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  expect(mail.text).toContain(committee); // why it was sent: "you track committee …"
  expect(mail.html).toContain('lang="en"');
  expect(mail.html).toContain('Trackwell'); // the store's branding

  // RFC 8058: the store's link (https in production; this journey's store is http) and a mailto in
  // List-Unsubscribe, and the one-click header.
  const header = (name: string) => mail.headers?.find((h) => h.key.toLowerCase() === name)?.value;
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const listUnsubscribe = header('list-unsubscribe')!;
  expect(listUnsubscribe).toMatch(/^<https?:\/\/[^>]+\/notifications\/unsubscribe\?t=[^>]+>, <mailto:/);
  const link = new URL(/<(https?:[^>]+)>/.exec(listUnsubscribe)![1]!);
  expect(link.origin).toBe(origin);

  // What a mail client does for one-click: POST to the link.
  const oneClick = await page.request.post(link.href, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status()).toBeLessThan(300);

  // The tracker shows the committee source cleared.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Committees' }).getByText('You are not tracking any committee.'),
  ).toBeVisible();

  // A later event in the same committee sends nothing.
  await publish(page, origin, committee, 'B2');
  await page.waitForTimeout(5000);
  expect(await about('B2')).toHaveLength(0);
});
