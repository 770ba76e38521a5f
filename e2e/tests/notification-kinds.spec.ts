import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './signin-support.ts';
import { addStoreUser } from './store-users.ts';
import { e2eFixtures, storeUrl } from './support.ts';

/**
 * Choosing kinds of change, as a user does it: track a committee, make it "withdrawals only" in Account › Preferences;
 * the publisher's amendment of a standard in that committee e-mails no one, its withdrawal e-mails the
 * user once. The user is made by this journey (a store user, through the running server).
 */

const suffix = randomUUID().slice(0, 6).toUpperCase();
const LOGIN = `kinds-${suffix.toLowerCase()}@trackwell.example`;

/**
 * The user's e-mails about this journey's standard. Other journeys publish to the same committee, so the user
 * may get their e-mails too; they are not counted.
 */
async function mailTo(page: Page, origin: string): Promise<Array<{ subject: string; html: string }>> {
  const answer = await page.request.get(`${origin}/_dev/mail/messages?to=${encodeURIComponent(LOGIN)}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { messages: Array<{ subject: string; html: string }> }).messages.filter(
    (m) => m.subject.includes(`K-${suffix}`),
  );
}

/** Publishes one event and answers how many users of the store it e-mails. */
async function publish(page: Page, origin: string, event: Record<string, unknown>): Promise<number> {
  const answer = await page.request.post(`${origin}/api/catalog/v1/changes`, {
    headers: { 'x-api-key': e2eFixtures().publisherKey },
    data: { events: [{ id: `e2e-kinds-${suffix}-${String(event.type)}`, ...event }] },
  });
  const body = (await answer.json()) as { results: Array<{ outcome: string; recipients?: number }> };
  expect(answer.status(), JSON.stringify(body)).toBe(200);
  expect(body.results[0]?.outcome, JSON.stringify(body)).toBe('applied');
  return body.results[0]?.recipients ?? 0;
}

test('a committee made "withdrawals only" in the account: its amendment e-mails no one, its withdrawal e-mails the user once', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = storeUrl(baseURL);
  await addStoreUser('trackwell', { login: LOGIN, firstName: 'Kinds', lastName: 'Tester' });
  await signIn(page, { origin, username: LOGIN });

  // Track a committee on the tracker page.
  const committees = page.getByRole('region', { name: 'Committees' });
  const select = committees.getByRole('combobox', { name: 'Committee' });
  const option = select.locator('option:not([disabled]):not([value=""])').first();
  await expect(option).toBeAttached();
  const committee = (await option.getAttribute('value'))!;
  await select.selectOption(committee);
  await committees.getByRole('button', { name: 'Track' }).click();
  await expect(page.getByText('Committee tracking added.')).toBeVisible();

  // A new standard in it reaches the user (every kind, as nobody chose yet).
  const contentCode = `E2E-K-${suffix}`;
  const recipients = await publish(page, origin, {
    type: 'new_standard',
    standard: {
      assetId: `e2e-k-${suffix.toLowerCase()}`,
      contentCode,
      designation: `${committee}.K-${suffix}`,
      title: `Kinds journey method ${suffix}`,
      publisherCode: 'ATMS',
      committeeDesignation: committee,
      edition: '26',
      publishedOn: '2026-11-22',
    },
  });
  expect(recipients).toBeGreaterThanOrEqual(1);
  await expect.poll(async () => (await mailTo(page, origin)).length, { timeout: 30_000 }).toBe(1);

  // Account › Preferences: the committee gets its own choice, withdrawals only.
  await page.goto(`${origin}/account/preferences`);
  await page.getByRole('switch', { name: `Committee ${committee}: as above` }).check();
  const own = page.getByRole('group', { name: `Kinds of change for Committee ${committee}` });
  for (const kind of await own.getByRole('checkbox').all()) {
    if ((await kind.getAttribute('id'))?.endsWith('withdrawal')) continue;
    await kind.uncheck();
  }
  await expect(own.getByRole('checkbox', { name: 'Withdrawals' })).toBeChecked();
  await expect(own.getByRole('checkbox', { name: 'Amendments' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Save choices' }).click();
  await expect(page.getByText('Your choices have been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: `Committee ${committee}: its own choice` })).toBeChecked();

  // The amendment e-mails no one; the withdrawal e-mails the user, once.
  const amended = { type: 'amendment', standard: { contentCode }, designation: `${committee}.K-${suffix}a` };
  await publish(page, origin, amended); // (other journeys' users may track the committee too)
  expect(
    await publish(page, origin, { type: 'withdrawal', standard: { contentCode } }),
  ).toBeGreaterThanOrEqual(1);
  await expect.poll(async () => (await mailTo(page, origin)).length, { timeout: 30_000 }).toBe(2);
  await page.waitForTimeout(2000); // still two a little later: the amendment's was never coming
  const subjects = (await mailTo(page, origin)).map((m) => m.subject);
  expect(subjects.filter((s) => /withdrawn/i.test(s))).toHaveLength(1);
  expect(subjects.filter((s) => /amendment/i.test(s))).toHaveLength(0);
});
