import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
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
 * affected" with a note and signs off; the history shows it; the owner downloads the list's evidence report
 * (PDF) and reads its text with a PDF parser: the change, the reviewer, the decision and the note.
 */

const PASSWORD = 'Organisation-Reviewer-2026';

type Standard = { displayDesignation: string; contentCode: string };

/** The owner signs in, creates the organisation and invites `reviewer` as a reviewer. */
async function createInviting(
  page: Page,
  { origin, owner, name, reviewer }: { origin: string; owner: string; name: string; reviewer: string },
) {
  await signIn(page, { origin, username: owner, returnTo: `${origin}/organisations` });
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const invitations = page.getByRole('region', { name: 'Invitations' });
  await invitations.getByLabel('E-mail address').fill(reviewer);
  await invitations.getByLabel('Role').selectOption('reviewer');
  await invitations.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invitations.getByRole('button', { name: `Withdraw ${reviewer}` })).toBeVisible();
}

/** The invited reviewer's browser: the link from the local inbox, an account made, the organisation joined. */
async function acceptInvitation(
  page: Page,
  browser: Browser,
  { origin, reviewer, name }: { origin: string; reviewer: string; name: string },
) {
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
  return { context, other };
}

/** A new edition of `standard` through the publisher API, applied. */
async function publishNewEdition(page: Page, origin: string, standard: Standard) {
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
}

/** The open review in Arabic at 360 px: right to left, inside the screen, a comment added by keyboard. */
async function commentInArabic(other: Page) {
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
}

/** The list's evidence report for the last 12 months, downloaded as PDF from its panel, as a parser reads it. */
async function evidencePdfText(page: Page, lists: Locator) {
  await page.reload();
  await lists.getByRole('button', { name: 'Show standards Suppliers' }).click();
  const report = lists.getByRole('region', { name: 'Evidence report' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    report.getByRole('button', { name: 'Download report' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^evidence-suppliers-.*\.pdf$/);
  const pdf = await getDocumentProxy(new Uint8Array(await readFile((await download.path())!)));
  return (await extractText(pdf, { mergePages: true })).text;
}

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

  await createInviting(page, { origin, owner, name, reviewer });

  // The reviewer accepts from the invitation e-mail in the local inbox.
  const { context, other } = await acceptInvitation(page, browser, { origin, reviewer, name });

  // The owner's list, the reviewer responsible, with a standard of the catalogue.
  await page.reload();
  const lists = page.getByRole('region', { name: 'Watch lists' });
  await lists.getByLabel('List name').fill('Suppliers');
  await lists.getByLabel('Responsible person').selectOption({ label: 'Parks Rosa' });
  await lists.getByRole('button', { name: 'Create list' }).click();
  await expect(lists.getByText('Responsible person: Parks Rosa')).toBeVisible();
  const found = await api(page, 'GET', '/api/tracker/v1/catalog/search?q=steel&limit=10');
  const hits = found.responseData.value.results as Array<{ displayDesignation: string; contentCode: string }>;
  const standard = hits[hits.length - 1]!;
  await lists.getByRole('button', { name: 'Show standards Suppliers' }).click();
  await lists.getByLabel('Designation').fill(standard.displayDesignation);
  await lists.getByRole('button', { name: 'Add standard' }).click();
  await expect(lists.getByRole('button', { name: `Remove ${standard.displayDesignation}` })).toBeVisible();

  // A new edition arrives through the publisher API.
  await publishNewEdition(page, origin, standard);

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
  await expect(other.getByText(/Not affected · signed off by Parks Rosa/)).toBeVisible();
  await other.screenshot({ path: `${screenshotDir}/organisation-review-1280.png`, fullPage: true });

  // The same review in Arabic at 360 px: right to left, nothing wider than the screen, the comment box by keyboard.
  await commentInArabic(other);
  await context.close();

  // The owner downloads the list's evidence report (PDF) and reads its text with a PDF parser.
  await expectSignedOffInReport(page, lists, name);
});

/** The report shows the one change, reviewed by Parks Rosa, not affected, in time, with the note. */
async function expectSignedOffInReport(page: Page, lists: Locator, name: string) {
  const text = await evidencePdfText(page, lists);
  expect(text).toContain('Review evidence report');
  expect(text).toContain(`Organisation: ${name}`);
  expect(text).toContain('Responsible person: Parks Rosa');
  expect(text).toContain('Changes: 1 · overdue: 0');
  // The change's line: the standard (as the catalogue designates it), the kind, who reviewed it and the decision.
  const row = text.split('\n').find((line) => line.includes('New edition')) ?? '';
  expect(row).toContain('Parks Rosa Not affected');
  expect(row).not.toContain('Overdue');
  // The note, wrapped in its narrow column: its first words on the change's line.
  expect(row).toContain('Our products');
}
