import { CONSOLE_PATHS, WEBHOOK_PATHS } from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertPublicDestination, isPublicAddress, OutboundRefused } from '../../src/http/outbound-guard.ts';
import { a, adminA, callAs, editorA, t, useConsoleWorld } from '../support/console-world.ts';
import { buildNotificationCatalogue, eventually } from '../support/notifications-fixtures.ts';
import { expectError } from '../support/tracker-world.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

/**
 * Server-side request forgery, with the default setting (WEBHOOKS_ALLOW_PRIVATE off): http://
 * and literal private addresses are refused at registration (400 naming `url`); a host name that resolves to
 * loopback is refused when the message is sent, for the test event and for a published change, and the
 * local receiver never sees a request.
 */
useConsoleWorld({ env: { SMTP_SINK_PORT: '0', WEBHOOKS_RETRY_DELAY_SECONDS: '1' }, worker: true });

const W = WEBHOOK_PATHS;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  await buildNotificationCatalogue(t.app.db, a.tenant.id);
});
afterAll(async () => {
  await receiver?.close();
});

const storeUrl = (path: string) => path.replace(':code', a.tenant.code);
const register = (url: string) =>
  callAs(adminA, { method: 'POST', url: storeUrl(W.storeWebhooks), payload: { url } });
const endpointCount = async () =>
  (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_endpoints')).rows[0]!.n;

describe('the outbound guard', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.2.3',
    '::ffff:7f00:1',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('refuses loopback (by address and by name) with a reason, unless allowed', async () => {
    for (const url of ['https://127.0.0.1/hook', 'https://localhost/hook', 'http://[::1]:8080/x']) {
      const refusal = await assertPublicDestination(new URL(url), { allowPrivate: false }).catch((e) => e);
      expect(refusal).toBeInstanceOf(OutboundRefused);
      expect((refusal as OutboundRefused).message).toMatch(/private, loopback or link-local|only https/);
    }
    await expect(
      assertPublicDestination(new URL('https://127.0.0.1/'), { allowPrivate: true }),
    ).resolves.toMatchObject({ addresses: ['127.0.0.1'] });
    await expect(
      assertPublicDestination(new URL('https://8.8.8.8/'), { allowPrivate: false }),
    ).resolves.toMatchObject({ addresses: ['8.8.8.8'] });
  });
});

describe('registration and delivery with private addresses refused', () => {
  it.each([
    ['http:// (non-https)', 'http://example.com/hook'],
    ['a loopback address', 'https://127.0.0.1/hook'],
    ['the cloud metadata address', 'https://169.254.169.254/latest'],
  ])('%s is a 400 naming url, nothing saved', async (_name, url) => {
    const before = await endpointCount();
    const res = await register(url);
    expectError(res, 400);
    expect(JSON.stringify(res.json())).toContain('url');
    expect(await endpointCount()).toBe(before);
  });

  it.each([
    ['https://[::1]/hook', 'loopback address (::1)'],
    ['https://[::ffff:127.0.0.1]/hook', 'loopback address (::ffff:7f00:1)'],
    ['https://[fe80::1]/hook', 'link-local address (fe80::1)'],
    ['https://[fc00::1]/hook', 'private address (fc00::1)'],
    ['https://127.0.0.1/hook', 'loopback address (127.0.0.1)'],
    ['https://10.1.2.3/hook', 'private address (10.1.2.3)'],
    ['https://169.254.169.254/latest', 'link-local address (169.254.169.254)'],
  ])('the IP literal in %s is refused as a %s, not as an invalid URL', async (url, reason) => {
    const before = await endpointCount();
    const res = await register(url);
    expectError(res, 400);
    const body = res.json() as { message: string; issues?: Array<{ path: string; message: string }> };
    expect(body.message).toContain(`must not name a ${reason}`);
    expect(body.message).not.toMatch(/invalid url/i);
    expect(body.issues).toEqual([{ path: 'body.url', message: expect.stringContaining(reason) }]);
    expect(await endpointCount()).toBe(before);
  });

  it('a host name resolving to 127.0.0.1 is refused when sending: the test event and a published change', async () => {
    const port = new URL(receiver.origin).port;
    const created = await register(`https://localhost:${port}/hook`);
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const tested = await callAs(adminA, {
      method: 'POST',
      url: storeUrl(W.storeWebhookTest).replace(':id', id),
    });
    expect(tested.statusCode).toBe(200);
    expect(tested.json()).toMatchObject({
      statusCode: null,
      messageStatus: 'failed',
      error: expect.stringMatching(/points to a private, loopback or link-local address/),
    });

    const published = await callAs(editorA, {
      method: 'POST',
      url: storeUrl(CONSOLE_PATHS.storeChanges),
      payload: { id: 'ssrf-1', type: 'withdrawal', standard: { contentCode: 'D638-CC' } },
    });
    expect(published.statusCode).toBe(200);
    await eventually(async () => {
      const res = await callAs(adminA, { url: storeUrl(W.storeWebhookDeliveries).replace(':id', id) });
      const attempts = res.json().attempts as Array<Record<string, unknown>>;
      expect(attempts.filter((x) => x.changeId === 'ssrf-1').length).toBeGreaterThanOrEqual(2);
      for (const x of attempts) expect(x.error).toMatch(/private, loopback or link-local/);
    }, 60_000);
    expect(receiver.received).toEqual([]);
  });
});
