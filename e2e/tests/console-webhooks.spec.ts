import { createHmac } from 'node:crypto';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signInSaved } from './saved-sign-in.ts';
import { storeUrl, watchConsole } from './support.ts';
import { type Received, webhookReceiver } from './webhook-receiver.ts';

/**
 * The console's webhooks section against the real server: awwa's administrator adds an endpoint
 * (a receiver this test runs on this machine: the journeys' server allows private addresses, see
 * playwright.config.ts), keeps its signing secret, sends a test event that arrives signed per the Standard
 * Webhooks specification, reads it in the delivery log, and removes the endpoint. Axe and 360 px.
 */

/** Standard Webhooks: v1 = base64 HMAC-SHA256 over "id.timestamp.body" with the secret's bytes. */
function signatureOf(secret: string, message: Received) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${message.headers['webhook-id']}.${message.headers['webhook-timestamp']}.${message.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

test('an administrator adds an endpoint, sends a signed test event, reads the log and removes it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const hook = await webhookReceiver('/hooks/trackwell');
  const errors = watchConsole(page);
  const origin = storeUrl(baseURL, 'awwa');
  await signInSaved(page, {
    origin,
    username: 'admin@awwa.example',
    returnTo: `${origin}/admin/stores/awwa/webhooks`,
  });
  await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(hook.url);
  await page.getByRole('textbox', { name: 'What it is for' }).fill('E2E receiver');
  await page.getByRole('button', { name: 'Add the endpoint' }).click();
  const secret = await page.getByRole('textbox', { name: 'Its signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await page.getByRole('button', { name: 'I have kept it' }).click();

  const table = page.getByRole('table', { name: "The store's webhook endpoints" });
  await table.getByRole('button', { name: `Send a test event ${hook.url}` }).click();
  await expect(page.getByText('The test event was accepted (HTTP 204).')).toBeVisible();
  expect(hook.received).toHaveLength(1);
  const [message] = hook.received;
  expect(String(message!.headers['webhook-signature']).split(' ')).toContain(signatureOf(secret, message!));
  expect(JSON.parse(message!.body)).toMatchObject({ type: 'webhook.test', data: { store: 'awwa' } });
  const log = page.getByRole('table', { name: `Delivery attempts to ${hook.url}, newest first` });
  await expect(log.getByRole('row').nth(1)).toContainText('Accepted (HTTP 204)');

  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page, '.tw-console__content');
  await page.setViewportSize({ width: 360, height: 780 });
  // Polled: the page settles into the new width after the resize.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/console-webhooks/webhooks-360.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await table.getByRole('button', { name: `Remove ${hook.url}` }).click();
  await page
    .getByRole('dialog', { name: 'Remove this endpoint?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(page.getByText('This store has no webhook endpoint yet.')).toBeVisible();
  hook.close();
  expect(errors).toEqual([]);
});
