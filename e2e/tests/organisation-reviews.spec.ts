import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { screenshotDir } from './screenshot-dir.ts';
import { signIn, waitForMail } from './signin-support.ts';
import { addStoreUser } from './store-users.ts';
import { e2eFixtures, storeUrl } from './support.ts';
import { api } from './tracker-support.ts';

/**
 * A change reviewed by the company, on the demo platform store: an owner creates an organisation and invites a
 * reviewer by e-mail; the reviewer opens the link from the local inbox and makes an account; the owner creates
 * a list with the reviewer responsible and adds a standard; a new edition of it arrives through the publisher
 * API → a review opens for the reviewer (a notification-centre entry and an e-mail); the reviewer decides "not
 * affected" with a note and signs off; the history shows it. (The evidence report's PDF download follows here.)
 */

const PASSWORD = 'Organisation-Reviewer-2026';

test('a new edition of a listed standard opens a review; the reviewer decides "not affected" and signs off', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = storeUrl(baseURL);
  const name = `Reviews ${randomUUID().slice(0, 6)}`;
  const reviewer = `reviewer-${randomUUID().slice(0, 8)}@example.com`;
  const owner = `owner-${randomUUID().slice(0, 8)}@example.com`;
  await addStoreUser('trackwell', { login: owner, firstName: 'Grace', lastName: 'Hopper' });

  await signIn(page, { origin, username: owner, returnTo: `${origin}/organisations` });
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const invitations = page.getByRole('region', { name: 'Invitations' });
  await invitations.getByLabel('E-mail address').fill(reviewer);
  await invitations.getByLabel('Role').selectOption('reviewer');
  await invitations.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invitations.getByRole('button', { name: `Withdraw ${reviewer}` })).toBeVisible();

  // The reviewer accepts from the invitation e-mail in the local inbox.
  const invite = await waitForMail(page, origin, reviewer, name);
  const link = /(http\S+\/organisations\/accept\?\S+)/.exec(invite.text)?.[1];
  expect(link).toBeTruthy();
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link!);
  await other.getByLabel('First name').fill('Rosa');
  await other.getByLabel('Last name').fill('Parks');
  await other.getByLabel('Password').fill(PASSWORD);
  await other.getByRole('button', { name: 'Create account and join' }).click();
  await expect(other.getByText(/^You joined/)).toContainText(name);

  // The owner's list, the reviewer responsible, with a standard of the catalogue.
  await page.reload();
  const lists = page.getByRole('region', { name: 'Watch lists' });
  await lists.getByLabel('List name').fill('Suppliers');
  await lists.getByLabel('Responsible person').selectOption({ label: 'Rosa Parks' });
  await lists.getByRole('button', { name: 'Create list' }).click();
  await expect(lists.getByText('Responsible person: Rosa Parks')).toBeVisible();
  const found = await api(page, 'GET', '/api/tracker/v1/catalog/search?q=steel&limit=10');
  const hits = found.responseData.value.results as Array<{ displayDesignation: string; contentCode: string }>;
  const standard = hits[hits.length - 1]!;
  await lists.getByRole('button', { name: 'Show standards Suppliers' }).click();
  await lists.getByLabel('Designation').fill(standard.displayDesignation);
  await lists.getByRole('button', { name: 'Add standard' }).click();
  await expect(lists.getByRole('button', { name: `Remove ${standard.displayDesignation}` })).toBeVisible();

  // A new edition arrives through the publisher API.
  const answer = await page.request.post(`${origin}/api/catalog/v1/changes`, {
    headers: { 'x-api-key': e2eFixtures().publisherKey },
    data: {
      events: [
        {
          id: `e2e-review-${randomUUID()}`,
          type: 'new_edition',
          standard: { contentCode: standard.contentCode },
          designation: standard.displayDesignation,
          edition: '2026',
          publishedOn: '2026-11-28',
        },
      ],
    },
  });
  const body = await answer.json();
  expect(answer.status(), JSON.stringify(body)).toBe(200);
  expect(body.results[0].outcome, JSON.stringify(body)).toBe('applied');

  // The reviewer is told by e-mail and in the notification centre.
  const told = await waitForMail(page, origin, reviewer, standard.displayDesignation);
  expect(told.text).toContain('A review of this change for the organisation list');
  await signIn(other, {
    origin,
    username: reviewer,
    password: PASSWORD,
    returnTo: `${origin}/organisations`,
  });
  const centre = await api(other, 'GET', '/api/tracker/v1/notifications');
  expect(JSON.stringify(centre)).toContain('"type":"REVIEW"');

  // The reviewer opens the review from "My open reviews", decides, notes and signs off.
  await other.getByRole('link', { name }).click();
  const mine = other.getByRole('table', { name: 'My open reviews' });
  await mine.getByRole('link', { name: standard.displayDesignation }).click();
  await expect(
    other.getByRole('heading', { level: 1, name: `Review of ${standard.displayDesignation}` }),
  ).toBeVisible();
  await other.getByRole('radio', { name: 'Not affected' }).check();
  await other.getByLabel('Note').fill('Our products use none of the changed clauses.');
  await other
    .getByLabel('Evidence links (one per line, http or https)')
    .fill('https://intranet.example.com/qms/42');
  await other.getByRole('button', { name: 'Sign off' }).click();
  const history = other.getByRole('region', { name: 'History' });
  await expect(history.getByText('Signed off')).toBeVisible();
  await expect(history.getByText('Our products use none of the changed clauses.')).toBeVisible();
  await expect(other.getByText(/Not affected · signed off by Rosa Parks/)).toBeVisible();
  await other.screenshot({ path: `${screenshotDir}/organisation-review-1280.png`, fullPage: true });

  // The same review in Arabic at 360 px: right to left, nothing wider than the screen, the comment box by keyboard.
  await other.setViewportSize({ width: 360, height: 780 });
  await other.getByRole('banner').getByRole('combobox').selectOption('ar');
  await expect(other.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(other.getByRole('region', { name: 'السجل' })).toBeVisible();
  const comment = other.getByLabel('تعليق', { exact: true });
  await comment.focus();
  await other.keyboard.type('تمت المراجعة مع فريق الجودة');
  await other.keyboard.press('Tab');
  await expect(other.getByRole('button', { name: 'إضافة تعليق' })).toBeFocused();
  await other.keyboard.press('Enter');
  await expect(
    other.getByRole('region', { name: 'السجل' }).getByText('تمت المراجعة مع فريق الجودة'),
  ).toBeVisible();
  const overflow = await other.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await other.screenshot({ path: `${screenshotDir}/organisation-review-ar-360.png`, fullPage: true });
  // The evidence report (PDF) of the list is downloaded here by the owner once it exists.
  await context.close();
});
