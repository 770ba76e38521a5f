import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { signIn } from './signin-support.ts';
import { addStoreUser } from './store-users.ts';
import { storeUrl } from './support.ts';

/**
 * The e-mail frequency, as a user does it: Account › Preferences, choose a daily digest at 07:00 in a time
 * zone (the browser's is offered first), save, reload: the choice is still there.
 */

const suffix = randomUUID().slice(0, 6).toLowerCase();
const LOGIN = `digest-${suffix}@trackwell.example`;

test('a daily digest chosen in Preferences is saved and still chosen after a reload', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = storeUrl(baseURL);
  await addStoreUser('trackwell', { login: LOGIN, firstName: 'Digest', lastName: 'Tester' });
  // Straight back to Preferences: a second navigation right after signing in could cut into the page's own
  // (its silent sign-in moves it on by itself) and be aborted.
  await signIn(page, { origin, username: LOGIN, returnTo: `${origin}/account/preferences` });

  const card = page.getByRole('region', { name: "How often you're e-mailed" });
  await expect(card.getByRole('radio', { name: 'Each change at once' })).toBeChecked();
  await card.getByRole('radio', { name: 'A daily digest' }).check();
  const zone = card.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
  await expect(card.getByText('Detected from your browser')).toBeVisible();
  await card.getByRole('combobox', { name: 'Time', exact: true }).selectOption('7');
  await zone.selectOption('Asia/Tokyo');
  await card.getByRole('button', { name: 'Save frequency' }).click();
  await expect(page.getByText('Your e-mail frequency has been saved.')).toBeVisible();

  await page.reload();
  await expect(card.getByRole('radio', { name: 'A daily digest' })).toBeChecked();
  await expect(card.getByRole('combobox', { name: 'Time', exact: true })).toHaveValue('7');
  await expect(card.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');
  await expect(card.getByText('Detected from your browser')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Save frequency' })).toBeDisabled();
});
