import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { storeUrl, watchConsole } from './support.ts';
import {
  addFirstMatchByKeyboard,
  openTracker,
  screenshot,
  sectionHeadings,
  switchOffAndOnKept,
  tableSettled,
  trackStandards,
  untrackEverything,
} from './tracker-support.ts';

/**
 * The tracker page (spec §2 "Tracker page", §4, §5) in Chromium against the real server,
 * embedded identity provider and database, for the demo stores' plain user. Every run starts on a fresh
 * database; the journeys put back what they change (each ends with nothing tracked), so their order does not
 * matter.
 */
test.describe('tracker page', () => {
  test.describe.configure({ timeout: 90_000 });

  test('trackwell: sections in order; add by search, switch off and on, work item rules, remove', async ({
    page,
    baseURL,
  }, testInfo) => {
    const origin = storeUrl(baseURL);
    const consoleErrors = watchConsole(page);
    await openTracker(page, origin);

    // spec §2: intro + work item, individual standards, committees, industry areas (publisher off here), unsubscribe.
    await expect(page.getByRole('heading', { level: 1, name: 'Standards tracker' })).toBeVisible();
    await expect(
      page.getByText('Follow the standards that matter to your work.', { exact: false }),
    ).toBeVisible();
    expect(await sectionHeadings(page)).toEqual([
      'Work items',
      'Individual standards',
      'Committees',
      'Industry areas',
    ]);
    await expect(page.getByRole('button', { name: 'Unsubscribe from all tracking emails' })).toBeVisible();
    await expect(page.getByText('You are not tracking any standards yet.', { exact: false })).toBeVisible();
    await expect(page.getByText('Page 1 of 1')).toBeVisible();

    // Add a standard with the keyboard only: type, ↓, Enter.
    const designation = await addFirstMatchByKeyboard(page, 'plastics');
    const row = page.getByRole('row').filter({ hasText: designation });
    await expect(row).toBeVisible();
    await tableSettled(page);

    // The title links to publicURL + assetId + .html (resolver off for this store).
    const link = row.getByRole('link');
    await expect(link).toHaveAttribute('href', new RegExp(`${designation.toLowerCase()}\\.html$`));

    // spec §5: the work-item checkbox is disabled while an individual standard is tracked.
    const workItem = page.getByRole('checkbox', { name: 'Email me about new work items' });
    await expect(workItem).toBeDisabled();

    // spec §4: the switch; the server keeps what the page shows (reload).
    await switchOffAndOnKept(page, designation);

    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'trackwell');

    // The work-item info modal: paragraphs and a close button; Escape closes it too.
    await page.getByRole('button', { name: 'About work items' }).click();
    const info = page.getByRole('dialog', { name: 'Tracking work items' });
    await expect(info.locator('p')).toHaveCount(3);
    await info.getByRole('button', { name: 'Close' }).click();
    await expect(info).toBeHidden();
    await page.getByRole('button', { name: 'About work items' }).click();
    await page.keyboard.press('Escape');
    await expect(info).toBeHidden();

    // Remove: No keeps it, Yes removes it with the success toast.
    const remove = page.getByRole('button', { name: new RegExp(`^Stop tracking ${designation}`) });
    await remove.click();
    await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('row').filter({ hasText: designation })).toBeVisible();
    await remove.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('The standard was removed from your list.')).toBeVisible();
    await expect(page.getByText('You are not tracking any standards yet.', { exact: false })).toBeVisible();

    // Work item: enabled again; sent as 'true', kept after a reload.
    await expect(workItem).toBeEnabled();
    await workItem.click();
    await expect(workItem).toBeChecked();
    await expect(page.getByText('Work-item tracking updated.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Email me about new work items' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Email me about new work items' }).click();
    await expect(page.getByRole('checkbox', { name: 'Email me about new work items' })).not.toBeChecked();

    expect(consoleErrors).toEqual([]);
  });

  test('trackwell: committee and industry trackers, then unsubscribe clears them', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL);
    await openTracker(page, origin);

    const committees = page.getByRole('region', { name: 'Committees' });
    const select = committees.getByRole('combobox', { name: 'Committee' });
    const track = committees.getByRole('button', { name: 'Track', exact: true });
    await expect(select).toBeEnabled();
    await expect(track).toBeDisabled();
    const firstOption = select.locator('option').nth(1);
    const value = (await firstOption.getAttribute('value'))!;
    const label = (await firstOption.textContent())!;
    await select.selectOption(value);
    await expect(track).toBeEnabled();
    await track.click();
    await expect(page.getByText('Committee tracking added.')).toBeVisible();
    await expect(committees.getByRole('listitem').filter({ hasText: label })).toBeVisible();
    await expect(select).toHaveValue('');
    await expect(track).toBeDisabled();
    // Already tracked: disabled in the dropdown.
    await expect(select.locator(`option[value="${value}"]`)).toBeDisabled();
    // spec §5: any committee disables the work-item checkbox.
    await expect(page.getByRole('checkbox', { name: 'Email me about new work items' })).toBeDisabled();

    const industries = page.getByRole('region', { name: 'Industry areas' });
    const industrySelect = industries.getByRole('combobox', { name: 'Industry area' });
    await expect(industrySelect).toBeEnabled();
    await industrySelect.selectOption({ index: 1 });
    await industries.getByRole('button', { name: 'Track', exact: true }).click();
    await expect(page.getByText('Industry area tracking added.')).toBeVisible();

    // Unsubscribe: No changes nothing; Yes clears committee and industry (and work item, publisher).
    await page.getByRole('button', { name: 'Unsubscribe from all tracking emails' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
    await expect(committees.getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Unsubscribe from all tracking emails' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('You are unsubscribed from tracking emails.')).toBeVisible();
    await expect(committees.getByText('You are not tracking any committee.')).toBeVisible();
    await expect(industries.getByText('You are not tracking any industry area.')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Committees' }).getByText('You are not tracking any committee.'),
    ).toBeVisible();
  });

  test('trackwell: paging, page sizes, go-to-page, and deleting the last row of a page', async ({
    page,
    baseURL,
  }) => {
    const origin = storeUrl(baseURL);
    await openTracker(page, origin);
    await trackStandards(page, 'standard', 12);
    await page.reload();
    await tableSettled(page);

    const pager = page.getByRole('navigation', { name: 'Pages of tracked standards' });
    await expect(pager.getByText('Page 1 of 2')).toBeVisible();
    await expect(page.getByRole('switch')).toHaveCount(10);
    await expect(pager.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

    const goTo = pager.getByRole('spinbutton', { name: 'Go to page' });
    await goTo.fill('');
    await goTo.pressSequentially('e-9');
    await expect(pager.getByText('Page 1 of 2')).toBeVisible(); // letters blocked; 9 > 2 ignored
    await goTo.fill('');
    await goTo.press('2');
    await expect(pager.getByText('Page 2 of 2')).toBeVisible();
    await expect(page.getByRole('switch')).toHaveCount(2);
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

    await pager.getByRole('combobox', { name: 'Rows per page' }).selectOption('20');
    await expect(pager.getByText('Page 1 of 1')).toBeVisible();
    await expect(page.getByRole('switch')).toHaveCount(12);
    await pager.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText('Page 2 of 2')).toBeVisible();

    // Delete both rows of page 2, each once the page shows the one before gone: after the last one, the table
    // goes back to page 1.
    for (const left of [1, 10]) {
      await page
        .getByRole('button', { name: /^Stop tracking / })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.getByRole('switch')).toHaveCount(left);
    }
    await expect(pager.getByText('Page 1 of 1')).toBeVisible();
    await expect(page.getByRole('switch')).toHaveCount(10);
    await untrackEverything(page);
  });
});
