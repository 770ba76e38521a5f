import { Webhook } from 'standardwebhooks';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInSaved } from './saved-sign-in.ts';
import { demoLogin } from './signin-support.ts';
import { storeUrl, watchConsole } from './support.ts';
import { type Received, webhookReceiver } from './webhook-receiver.ts';

/**
 * The account area's Webhooks screen against the real server: a reader of awwa (no console
 * role) adds their own endpoint (a receiver this test runs on this machine: the journeys' server allows
 * private addresses, see playwright.config.ts), keeps its signing secret, sends a test event that arrives signed per the Standard
 * Webhooks specification (verified with the `standardwebhooks` package), reads the attempt in the delivery
 * log, and removes the endpoint after a confirmation, by keyboard. Axe and 360 px.
 */

const headersOf = (message: Received) => ({
  'webhook-id': String(message.headers['webhook-id']),
  'webhook-timestamp': String(message.headers['webhook-timestamp']),
  'webhook-signature': String(message.headers['webhook-signature']),
});

test('a reader adds their own endpoint, sends a signed test event, reads the attempt and removes it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const hook = await webhookReceiver('/hooks/reader');
  const errors = watchConsole(page);
  const origin = storeUrl(baseURL, 'awwa');
  await signInSaved(page, {
    origin,
    username: demoLogin('user', 'awwa'),
    returnTo: `${origin}/account/profile`,
  });
  await page
    .getByRole('navigation', { name: 'Account settings' })
    .getByRole('link', { name: 'Webhooks' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeFocused({ timeout: 30_000 });
  await expect(page.getByText('You have no webhook endpoint yet.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(hook.url);
  await page.getByRole('textbox', { name: 'What it is for' }).fill('Lab notebook');
  await page.getByRole('button', { name: 'Add the endpoint' }).click();
  const secret = await page.getByRole('textbox', { name: 'Its signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await page.getByRole('button', { name: 'I have kept it' }).click();

  const table = page.getByRole('table', { name: 'Your webhook endpoints' });
  await expect(table.getByText('Lab notebook')).toBeVisible();
  await table.getByRole('button', { name: `Send a test event ${hook.url}` }).click();
  await expect(page.getByText('The test event was accepted (HTTP 204).')).toBeVisible();
  await expect.poll(() => hook.received.length).toBe(1);
  const [message] = hook.received;
  const payload = new Webhook(secret).verify(message!.body, headersOf(message!));
  expect(payload).toMatchObject({ type: 'webhook.test' });
  const log = page.getByRole('table', { name: `Delivery attempts to ${hook.url}, newest first` });
  await expect(log.getByRole('row').nth(1)).toContainText('Accepted (HTTP 204)');
  await expect(log.getByRole('row').nth(1)).toContainText('Test event');

  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page, '.tw-account__content');
  await page.setViewportSize({ width: 360, height: 780 });
  // Polled: the page settles into the new width after the resize.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/account-webhooks/webhooks-360.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // By keyboard: the row's Remove button, then the dialog's Yes.
  await table.getByRole('button', { name: `Remove ${hook.url}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove this endpoint?' });
  await dialog.getByRole('button', { name: 'Yes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`The endpoint ${hook.url} is removed.`)).toBeVisible();
  await expect(page.getByText('You have no webhook endpoint yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('You have no webhook endpoint yet.')).toBeVisible({ timeout: 30_000 });
  hook.close();
  expect(errors).toEqual([]);
});
